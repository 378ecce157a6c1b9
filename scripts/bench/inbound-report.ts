import { type Latency } from './stats';

/** bench:inbound's report as Markdown: the latencies, what was stored, and the targets. */
export function inboundMarkdown(report: {
  date: string;
  command: string;
  engine: { name: string };
  machine: string;
  intake: {
    messages: number;
    concurrency: number;
    seconds: number;
    perSecond: number;
    latency: Latency;
    toTheLongOne: Latency;
    toOthers: Latency;
    stored: number;
    storedAfterRepost: number;
  };
  conversation: { messages: number; measures: Record<string, Latency> };
  targets: { target: string; measured: string; holds: boolean }[];
}): string {
  const { intake, conversation } = report;
  return [
    `# bench:inbound, ${report.date}`,
    '',
    `\`${report.command}\` on ${report.engine.name} (${report.machine}).`,
    '',
    '| measure | n | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    row(`webhook, one message (concurrency ${intake.concurrency})`, intake.latency),
    row('webhook, of those: to the one lead (every other message)', intake.toTheLongOne),
    row('webhook, of those: to the 100 other leads', intake.toOthers),
    ...Object.entries(conversation.measures).map(([name, latency]) =>
      row(`${name} (${conversation.messages} messages)`, latency),
    ),
    '',
    `${intake.messages} messages in ${intake.seconds} s (${intake.perSecond}/s); stored ${intake.stored}, ${intake.storedAfterRepost} after some were posted again.`,
    '',
    '| target | measured | holds |',
    '| --- | --- | --- |',
    ...report.targets.map((t) => `| ${t.target} | ${t.measured} | ${t.holds ? 'yes' : 'MISSED'} |`),
    '',
  ].join('\n');
}

const row = (name: string, l: Latency) =>
  `| ${name} | ${l.n} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.max} |`;
