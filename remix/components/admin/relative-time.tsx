import { formatFullDate } from '@contract';

import { useTimeZone } from './dates/time-zone';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "3 hours ago" for a past instant, "just now" under a minute. */
function timeAgo(iso: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  for (const [unit, size] of UNITS)
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  return 'just now';
}

/**
 * When a lead arrived: relative, with the full date in the viewer's zone on hover and for
 * assistive technology.
 */
export function RelativeTime({ iso, prefix }: { iso: string; prefix?: string }) {
  const date = formatFullDate(iso, useTimeZone());
  return (
    <time dateTime={iso} title={date} className="lead-item__time">
      {prefix}
      {/* The server and the browser render seconds apart; the text may differ by a minute. */}
      <span suppressHydrationWarning>{timeAgo(iso)}</span>
    </time>
  );
}
