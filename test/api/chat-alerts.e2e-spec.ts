import { Types } from 'mongoose';

import { LEAD_KINDS, leadPaths, RESPONSE_TARGETS_PATH } from '../../nest/src/contract';
import { ChatAlertSettingsService } from '../../nest/src/notifications/chat/chat-alert-settings';
import { LeadNotifier } from '../../nest/src/notifications/lead-notifier.service';
import {
  type ChatAnswer,
  type ChatReceiver,
  eventually,
  startChatReceiver,
} from '../support/receivers';
import { validSubmission } from '../support/submissions';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

const kind = LEAD_KINDS.keDemo;
const paths = leadPaths(kind);
const WEB_URL = 'https://www.example.com';
const HOSTILE_NAME = '<!channel> <http://evil.example|click me>';
const HOSTILE_COMPANY = '[click](http://evil.example) &lt;b&gt; <@U024BE7LH> <!here>';

interface Row {
  _id: Types.ObjectId;
  channel: string;
  event?: string;
  status: string;
  attempts: number;
  throttled?: number;
  nextAttemptAt: Date;
  lastError: string | null;
}

/** The API with both chats pointed at loopback receivers (spam filtering off: hostile text). */
async function chatApp(
  slack: ChatReceiver,
  teams: ChatReceiver,
  extra: Record<string, string> = {},
) {
  return createTestApp({
    SLACK_WEBHOOK_URL: slack.url,
    TEAMS_WEBHOOK_URL: teams.url,
    WEB_URL,
    SPAM_FILTER: 'off',
    ...extra,
  });
}

interface ChatRun {
  t: TestApp;
  slack: ChatReceiver;
  teams: ChatReceiver;
}

/**
 * Runs `run` with both receivers up (Slack's answering 200 `ok` and Teams' 202 unless `answers`
 * says otherwise) and an API pointed at them, and closes all three after.
 */
async function withChat(
  answers: { slack?: ChatAnswer; teams?: ChatAnswer },
  run: (chat: ChatRun) => Promise<void>,
): Promise<void> {
  const slack = await startChatReceiver(answers.slack, { path: '/services/T0/B0/slack' });
  const teams = await startChatReceiver(answers.teams ?? (() => ({ status: 202 })), {
    path: '/workflows/teams',
  });
  const t = await chatApp(slack, teams);
  try {
    await run({ t, slack, teams });
  } finally {
    await t.close();
    await Promise.all([slack.close(), teams.close()]);
  }
}

async function submit(t: TestApp, fields: Record<string, string> = {}, n = 0): Promise<string> {
  const res = await request(t.http)
    .post(paths.create)
    .send({ ...validSubmission(kind, n), ...fields })
    .expect(201);
  return res.body.id as string;
}

const SETTLED = 'lead_notifications';
const QUEUE = 'lead_notifications_pending';
const ofLead = (t: TestApp, collection: string, leadId: string) =>
  t.connection.collection<Row>(collection).find({ leadId }).toArray();

/**
 * A lead's chat rows, settled (sent, skipped, failed) or still queued, by channel and event: the
 * settled copy of one in both (for the moment between its settling and its leaving the queue).
 */
const rowsOf = async (t: TestApp, leadId: string) => {
  const [settled, queued] = await Promise.all([
    ofLead(t, SETTLED, leadId),
    ofLead(t, QUEUE, leadId),
  ]);
  // A row still queued is the alert's current state: one with the same id settled before it was
  // raised again (an overdue check skipped while the lead sat in Spam) is its past.
  const ids = new Set(queued.map((row) => row._id.toHexString()));
  const rows = [...queued, ...settled.filter((row) => !ids.has(row._id.toHexString()))];
  const order = (row: Row) => `${row.channel} ${row.event ?? ''}`;
  return rows.sort((a, b) => order(a).localeCompare(order(b)));
};

const rowOf = async (t: TestApp, leadId: string, channel: string, event: string) =>
  (await rowsOf(t, leadId)).find((row) => row.channel === channel && row.event === event);

/** A Teams message as posted: one Adaptive Card. */
interface TeamsMessage {
  type: string;
  attachments: {
    contentType: string;
    content: { body: { type: string; inlines?: unknown[] }[]; actions: unknown[] };
  }[];
}

/** Every `<…>` control sequence in a Slack payload's texts. */
const slackControls = (payload: unknown): string[] =>
  JSON.stringify(payload).match(/<[^<>]*>/g) ?? [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('chat alerts: Slack and Teams through the outbox', () => {
  // First: @nestjs/config keeps what an app validated (in this file's process.env and its own
  // cache) and reads it back for a variable left unset, so a later app here would inherit a URL.
  it('queues nothing when no chat webhook is set', async () => {
    // Empty is unset (the apps above left their URLs in this file's process.env, as @nestjs/config does).
    const t = await createTestApp({
      SPAM_FILTER: 'off',
      SLACK_WEBHOOK_URL: '',
      TEAMS_WEBHOOK_URL: '',
    });
    try {
      const id = await submit(t);
      expect(await rowsOf(t, id)).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('posts a new lead once to each, escaped, linking to the lead; its overdue check waits for its due time', async () => {
    await withChat({}, async ({ t, slack, teams }) => {
      const id = await submit(t, { name: HOSTILE_NAME, company: HOSTILE_COMPANY });
      await eventually(() => slack.posted().length === 1 && teams.posted().length === 1);
      const link = `${WEB_URL}/super-secret-admin/lead/keDemo/${id}`;

      // Slack: Block Kit through @slack/webhook, every lead character that Slack parses escaped.
      const [slackCall] = slack.calls;
      expect(slackCall?.path).toBe('/services/T0/B0/slack');
      expect(slackCall?.headers['content-type']).toBe('application/json');
      expect(slackCall?.body).toMatchObject({
        text: 'New KE Demo Request: &lt;!channel&gt; &lt;http://evil.example|click me&gt;',
        unfurl_links: false,
      });
      const slackJson = JSON.stringify(slackCall?.body);
      expect(slackJson).toContain(
        '[click](http://evil.example) &amp;lt;b&amp;gt; &lt;@U024BE7LH&gt; &lt;!here&gt;',
      );
      // The only control sequences are ours: the arrival date and the link to the lead.
      expect(slackControls(slackCall?.body)).toEqual([
        expect.stringMatching(/^<!date\^\d+\^\{date_short_pretty\} at \{time\}\|[^|<>]+>$/),
        `<${link}|Open the lead>`,
      ]);

      // Teams: an Adaptive Card message; the lead's text only in TextRuns, shown as written.
      const [teamsCall] = teams.calls;
      const card = (teamsCall?.body as TeamsMessage).attachments[0];
      expect(teamsCall?.body).toMatchObject({ type: 'message' });
      expect(card?.contentType).toBe('application/vnd.microsoft.card.adaptive');
      expect(card?.content.body[1]).toEqual({
        type: 'RichTextBlock',
        inlines: [{ type: 'TextRun', text: HOSTILE_NAME, weight: 'Bolder' }],
      });
      expect(card?.content.body[2]?.inlines?.[1]).toEqual({
        type: 'TextRun',
        text: HOSTILE_COMPANY,
      });
      const blocks = card?.content.body.filter((element) => element.type === 'TextBlock');
      expect(JSON.stringify(blocks)).not.toMatch(/evil|channel|U024BE7LH/);
      expect(card?.content.actions).toEqual([
        { type: 'Action.OpenUrl', title: 'Open the lead', url: link },
      ]);

      // One row per channel and event; the overdue checks wait until just after the due time
      // (4 h after arrival, the KE demo default target).
      const lead = await t.connection
        .collection(kind.collection)
        .findOne({ _id: new Types.ObjectId(id) });
      const dueAt = (lead?.createdAt as Date).getTime() + 4 * 3_600_000;
      const waitsForDue = async (channel: string) =>
        (await rowOf(t, id, channel, 'overdue'))?.nextAttemptAt.getTime() === dueAt + 1;
      await eventually(async () => (await waitsForDue('slack')) && (await waitsForDue('teams')));
      const rows = await rowsOf(t, id);
      expect(rows.map((r) => [r.channel, r.event, r.status, r.attempts])).toEqual([
        ['slack', 'newLead', 'sent', 1],
        ['slack', 'overdue', 'pending', 0],
        ['teams', 'newLead', 'sent', 1],
        ['teams', 'overdue', 'pending', 0],
      ]);
      expect(slack.calls).toHaveLength(1);
      expect(teams.calls).toHaveLength(1);
    });
  });

  it('waits out a 429 for as long as Retry-After says, holding back the channel’s other alerts', async () => {
    await withChat(
      {
        slack: (n) =>
          n === 1
            ? { status: 429, headers: { 'Retry-After': '3' }, body: 'rate_limited' }
            : { status: 200, body: 'ok' },
      },
      async ({ t, slack, teams }) => {
        const first = await submit(t, {}, 1);
        const second = await submit(t, {}, 2);
        await eventually(() => slack.posted().length === 2, 20_000);
        const [refused, ...later] = slack.calls;
        expect(refused?.answered).toBe(429);
        // No Slack call at all before the time it gave, then both leads, once each.
        for (const call of later)
          expect(call.at - (refused?.at ?? 0)).toBeGreaterThanOrEqual(3_000);
        expect(later.map((call) => call.answered)).toEqual([200, 200]);
        const names = slack
          .posted()
          .map((body) => (body as { text: string }).text)
          .sort();
        expect(names).toEqual([
          'New KE Demo Request: Ada Lovelace 1',
          'New KE Demo Request: Ada Lovelace 2',
        ]);
        // The 429 is no failed attempt: the alert it held back went at its first counted attempt.
        const throttledRow = (await rowOf(t, first, 'slack', 'newLead'))?.throttled
          ? await rowOf(t, first, 'slack', 'newLead')
          : await rowOf(t, second, 'slack', 'newLead');
        expect(throttledRow).toMatchObject({
          status: 'sent',
          attempts: 1,
          throttled: 1,
          lastError: null,
        });
        expect(teams.posted()).toHaveLength(2);
      },
    );
  }, 40_000);

  it('retries after a 500 with the outbox’s backoff, and after a 429 without counting it', async () => {
    await withChat(
      {
        teams: (n) =>
          n === 1
            ? { status: 429, headers: { 'Retry-After': '2' } }
            : n === 2
              ? { status: 500, body: 'busy' }
              : { status: 202 },
      },
      async ({ t, slack, teams }) => {
        const id = await submit(t);
        await eventually(() => teams.posted().length === 1, 20_000);
        const [throttled, failed, accepted] = teams.calls;
        expect(teams.calls.map((call) => call.answered)).toEqual([429, 500, 202]);
        expect((failed?.at ?? 0) - (throttled?.at ?? 0)).toBeGreaterThanOrEqual(2_000);
        // The first backoff after a failed attempt is 2 s.
        expect((accepted?.at ?? 0) - (failed?.at ?? 0)).toBeGreaterThanOrEqual(2_000);
        await eventually(async () => (await rowOf(t, id, 'teams', 'newLead'))?.status === 'sent');
        expect(await rowOf(t, id, 'teams', 'newLead')).toMatchObject({
          status: 'sent',
          attempts: 2,
          throttled: 1,
          lastError: null,
        });
        expect(slack.posted()).toHaveLength(1);
      },
    );
  }, 40_000);

  it('posts each event once: raised again (out of Spam and back), or across restarts of the API', async () => {
    // The receivers are down while the first API runs: its alerts stay queued.
    const downSlack = await startChatReceiver();
    const downTeams = await startChatReceiver();
    await Promise.all([downSlack.close(), downTeams.close()]);
    const first = await chatApp(downSlack, downTeams);
    await createAdmin(first);
    const token = await loginToken(first);
    const id = await submit(first);
    await eventually(async () => (await rowOf(first, id, 'slack', 'newLead'))?.lastError != null);
    // Into Spam and out again: the arrival is announced again, and queued no second time.
    const act = (path: string) =>
      request(first.http)
        .post(path)
        .set('Authorization', `Bearer ${token}`)
        .send({ ids: [id] });
    await act(paths.spam).expect(200);
    await act(paths['not-spam']).expect(200);
    expect((await rowsOf(first, id)).map((r) => `${r.channel} ${r.event}`)).toEqual([
      'slack newLead',
      'slack overdue',
      'teams newLead',
      'teams overdue',
    ]);
    await first.app.close();

    const slack = await startChatReceiver(undefined, { port: Number(new URL(downSlack.url).port) });
    const teams = await startChatReceiver(() => ({ status: 202 }), {
      port: Number(new URL(downTeams.url).port),
    });
    const second = await chatApp(slack, teams, { MONGODB_DB: first.dbName });
    try {
      await eventually(() => slack.posted().length === 1 && teams.posted().length === 1, 25_000);
      await eventually(
        async () => (await rowOf(second, id, 'teams', 'newLead'))?.status === 'sent',
      );
      await second.app.close();
      // A third process on the same outbox finds nothing left to post.
      const third = await chatApp(slack, teams, { MONGODB_DB: first.dbName });
      try {
        await sleep(3_000);
        expect(slack.posted()).toHaveLength(1);
        expect(teams.posted()).toHaveLength(1);
        expect((await rowsOf(third, id)).map((r) => `${r.channel} ${r.event} ${r.status}`)).toEqual(
          [
            'slack newLead sent',
            'slack overdue pending',
            'teams newLead sent',
            'teams overdue pending',
          ],
        );
      } finally {
        await third.close();
      }
    } finally {
      await Promise.all([slack.close(), teams.close()]);
    }
  }, 70_000);

  it('posts no alert twice once settled: raised again, a sent one is dropped, a skipped one tried again', async () => {
    await withChat({}, async ({ t, slack, teams }) => {
      await createAdmin(t);
      const token = await loginToken(t);
      const id = await submit(t);
      const act = (path: string) =>
        request(t.http)
          .post(path)
          .set('Authorization', `Bearer ${token}`)
          .send({ ids: [id] })
          .expect(200);
      const settledAs = async (channel: string, event: string) =>
        (await t.connection.collection<Row>(SETTLED).findOne({ leadId: id, channel, event }))
          ?.status;
      const bothSettled = (event: string, status: string) =>
        eventually(
          async () =>
            (await settledAs('slack', event)) === status &&
            (await settledAs('teams', event)) === status,
        );
      await bothSettled('newLead', 'sent');
      // A message while the lead is in Spam: not posted, its alert settled as skipped.
      const notifier = t.app.get(LeadNotifier);
      await act(paths.spam);
      await notifier.leadWroteAgain(kind, id, 'message-1');
      await bothSettled('wroteAgain', 'skipped');
      expect(slack.posted()).toHaveLength(1);

      // Out of Spam: the arrival is raised again and queued again (the queue does not read what
      // settled), and the same message is announced again.
      await act(paths['not-spam']);
      await notifier.leadWroteAgain(kind, id, 'message-1');
      await bothSettled('wroteAgain', 'sent');
      // The arrival, sent before, leaves the queue unposted; only the overdue checks wait there.
      await eventually(async () =>
        (await ofLead(t, QUEUE, id)).every((row) => row.event === 'overdue'),
      );
      await sleep(2_000);
      expect(slack.posted().map((body) => (body as { text: string }).text)).toEqual([
        'New KE Demo Request: Ada Lovelace 0',
        'KE Demo Request: the lead wrote again: Ada Lovelace 0',
      ]);
      expect(teams.posted()).toHaveLength(2);
      expect((await ofLead(t, QUEUE, id)).map((r) => `${r.channel} ${r.event}`).sort()).toEqual([
        'slack overdue',
        'teams overdue',
      ]);
      expect((await rowsOf(t, id)).map((r) => `${r.channel} ${r.event} ${r.status}`)).toEqual([
        'slack newLead sent',
        'slack overdue pending',
        'slack wroteAgain sent',
        'teams newLead sent',
        'teams overdue pending',
        'teams wroteAgain sent',
      ]);
    });
  }, 40_000);

  it('posts a lead still waiting past its due time as overdue, once; skips one answered in time', async () => {
    await withChat({}, async ({ t, slack, teams }) => {
      await createAdmin(t);
      const token = await loginToken(t);
      const waiting = await submit(t, {}, 1);
      const answered = await submit(t, {}, 2);
      await eventually(() => slack.posted().length === 2 && teams.posted().length === 2);
      await request(t.http)
        .post(paths.stage)
        .set('Authorization', `Bearer ${token}`)
        .send({ ids: [answered], stage: 'contacted' })
        .expect(200);
      // Both arrived five hours ago, as far as their due times go (the target is 4 h).
      await t.connection
        .collection(kind.collection)
        .updateMany(
          { _id: { $in: [waiting, answered].map((id) => new Types.ObjectId(id)) } },
          { $set: { createdAt: new Date(Date.now() - 5 * 3_600_000) } },
        );
      // A change of the target has the waiting leads' overdue checks read again now.
      await request(t.http)
        .put(RESPONSE_TARGETS_PATH)
        .set('Authorization', `Bearer ${token}`)
        .send({ keDemo: 240 })
        .expect(200);
      await eventually(() => slack.posted().length === 3 && teams.posted().length === 3);
      const overdue = slack.posted()[2] as { text: string; blocks: unknown[] };
      expect(overdue.text).toBe(
        'Overdue: KE Demo Request waiting for a first reply: Ada Lovelace 1',
      );
      expect(JSON.stringify(overdue.blocks)).toContain('Was due <!date^');
      expect(JSON.stringify(overdue.blocks)).toContain(`/lead/keDemo/${waiting}|Open the lead>`);
      // The answered lead's checks see it answered: nothing posted, the rows closed as skipped.
      const skipped = async (channel: string) =>
        (await rowOf(t, answered, channel, 'overdue'))?.status === 'skipped';
      await eventually(async () => (await skipped('slack')) && (await skipped('teams')));
      await sleep(2_000);
      expect(slack.posted()).toHaveLength(3);
      expect(teams.posted()).toHaveLength(3);
    });
  }, 40_000);

  it('posts a lead that wrote again once per message (raised by conversations, when they come)', async () => {
    await withChat({}, async ({ t, slack, teams }) => {
      const id = await submit(t);
      await eventually(() => slack.posted().length === 1 && teams.posted().length === 1);
      const notifier = t.app.get(LeadNotifier);
      await notifier.leadWroteAgain(kind, id, 'message-1');
      await notifier.leadWroteAgain(kind, id, 'message-1');
      await notifier.leadWroteAgain(kind, id, 'message-2');
      await eventually(() => slack.posted().length === 3 && teams.posted().length === 3);
      expect(slack.posted().map((body) => (body as { text: string }).text)).toEqual([
        'New KE Demo Request: Ada Lovelace 0',
        'KE Demo Request: the lead wrote again: Ada Lovelace 0',
        'KE Demo Request: the lead wrote again: Ada Lovelace 0',
      ]);
      await sleep(2_000);
      expect(slack.calls).toHaveLength(3);
      expect(teams.calls).toHaveLength(3);
    });
  });

  it('queues only the events switched on for the kind and channel', async () => {
    await withChat({}, async ({ t, slack, teams }) => {
      await t.app.get(ChatAlertSettingsService).set({
        keDemo: { teams: { newLead: false }, slack: { overdue: false } },
      });
      const id = await submit(t);
      await eventually(() => slack.posted().length === 1);
      expect((await rowsOf(t, id)).map((r) => `${r.channel} ${r.event}`)).toEqual([
        'slack newLead',
        'teams overdue',
      ]);
      // Stored in the settings document, read by any process.
      const stored = await t.connection
        .collection('settings')
        .findOne({ _id: 'chat-alerts' as never });
      expect(stored?.alerts).toEqual({
        keDemo: { teams: { newLead: false }, slack: { overdue: false } },
      });
      expect(teams.calls).toHaveLength(0);
    });
  });
});
