import {
  CHAT_ALERT_TEST_PATH,
  CHAT_ALERTS_PATH,
  CHAT_WEBHOOKS_PATH,
  LEAD_KINDS,
  leadPaths,
  permissionRefusal,
} from '../../nest/src/contract';
import { as, auditLog } from '../support/account';
import { type ChatReceiver, eventually, startChatReceiver } from '../support/receivers';
import { validSubmission } from '../support/submissions';
import { createAdmin, createTestApp, loginToken, request, type TestApp } from '../support/test-app';

const kind = LEAD_KINDS.keDemo;
const PASSWORD = 'a long and good password';
const SLACK_PATH = '/services/T0SECRET/B0SECRET/slackTokenSecret';
const TEAMS_PATH = '/workflows/teamsSecretPath/triggers/manual/paths/invoke?sig=teamsSig9';

const put = (t: TestApp, token: string, path: string, body: unknown) =>
  request(t.http)
    .put(path)
    .set({ Authorization: `Bearer ${token}` })
    .send(body as object);

/**
 * The Settings page's chat alerts: the webhooks an owner sets (stored encrypted, answered masked),
 * the switches per kind, channel and event, and the test message, with loopback receivers
 * standing in for Slack and Teams.
 */
describe('chat alert settings: webhooks, switches and the test message', () => {
  let t: TestApp;
  let owner: string;
  let manager: string;
  let slack: ChatReceiver;
  let teams: ChatReceiver;

  beforeAll(async () => {
    slack = await startChatReceiver(undefined, { path: SLACK_PATH });
    teams = await startChatReceiver(() => ({ status: 202 }), { path: TEAMS_PATH });
    // Empty is unset: nothing from the environment, so the Settings page decides.
    t = await createTestApp({ SLACK_WEBHOOK_URL: '', TEAMS_WEBHOOK_URL: '', SPAM_FILTER: 'off' });
    await createAdmin(t, 'owner@example.com', PASSWORD);
    owner = await loginToken(t, 'owner@example.com', PASSWORD);
    await createAdmin(t, 'manager@example.com', PASSWORD);
    await t.connection
      .collection('admins')
      .updateOne({ email: 'manager@example.com' }, { $set: { role: 'manager' } });
    manager = await loginToken(t, 'manager@example.com', PASSWORD);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([slack.close(), teams.close()]);
  });

  it('answers no webhook set at first; a test message then answers 409', async () => {
    const read = await as(t, owner).get(CHAT_WEBHOOKS_PATH).expect(200);
    const none = { source: null, masked: null, unreadable: false };
    expect(read.body).toEqual({ success: true, webhooks: { slack: none, teams: none } });
    const test = await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'slack' }).expect(409);
    expect(test.body).toMatchObject({
      success: false,
      message: 'No slack webhook is set: set its URL first',
    });
  });

  it('refuses what is not a Slack or Teams webhook, each field named', async () => {
    const refused: [object, string, RegExp][] = [
      [{ slack: 'http://hooks.slack.com/services/T/B/x' }, 'slack', /https:\/\//],
      [{ slack: 'https://example.com/services/T/B/x' }, 'slack', /Slack incoming webhook/],
      [{ slack: 'https://hooks.slack.com/apps/A0' }, 'slack', /Slack incoming webhook/],
      [{ slack: 'https://user:pw@hooks.slack.com/services/T/B/x' }, 'slack', /user name/],
      [{ slack: 'https://hooks.slack.com:8443/services/T/B/x' }, 'slack', /Slack/],
      [{ teams: 'https://hooks.slack.com/services/T/B/x' }, 'teams', /Teams workflow/],
      [{ teams: 'https://logic.azure.com.evil.example/workflows/x' }, 'teams', /Teams/],
      [{ teams: 'not a url' }, 'teams', /https:\/\//],
      [{ teams: '' }, 'teams', /https:\/\//],
      [{ teams: 42 }, 'teams', /a URL, or null/],
      [{ slack: `https://hooks.slack.com/services/${'x'.repeat(2_100)}` }, 'slack', /2048/],
      [{}, 'slack', /send slack, teams or both/],
    ];
    for (const [body, field, message] of refused) {
      const res = await put(t, owner, CHAT_WEBHOOKS_PATH, body).expect(400);
      expect(res.body.errors[field]).toEqual([expect.stringMatching(message)]);
    }
    const extra = await put(t, owner, CHAT_WEBHOOKS_PATH, { slack: null, discord: 'x' });
    expect(extra.status).toBe(400);
    // Their real hosts are taken (masked in the answer), then removed again.
    const real = await put(t, owner, CHAT_WEBHOOKS_PATH, {
      slack: 'https://hooks.slack.com/services/T01/B02/abcdefWXYZ',
      teams:
        'https://prod-12.westeurope.logic.azure.com:443/workflows/f00/triggers/manual/paths/invoke?sig=s1G9',
    }).expect(200);
    expect(real.body.webhooks).toEqual({
      slack: { source: 'settings', masked: 'https://hooks.slack.com/…WXYZ', unreadable: false },
      teams: {
        source: 'settings',
        masked: 'https://prod-12.westeurope.logic.azure.com/…s1G9',
        unreadable: false,
      },
    });
    const removed = await put(t, owner, CHAT_WEBHOOKS_PATH, { slack: null, teams: null });
    expect(removed.status).toBe(200);
    expect(removed.body.webhooks.slack.source).toBeNull();
  });

  it('keeps a URL set by an owner encrypted, answers it masked, logs no URL, and posts alerts to it', async () => {
    const set = await put(t, owner, CHAT_WEBHOOKS_PATH, {
      slack: slack.url,
      teams: teams.url,
    }).expect(200);
    expect(set.body).toEqual({
      success: true,
      webhooks: {
        slack: {
          source: 'settings',
          masked: `${new URL(slack.url).origin}/…cret`,
          unreadable: false,
        },
        teams: {
          source: 'settings',
          masked: `${new URL(teams.url).origin}/…Sig9`,
          unreadable: false,
        },
      },
    });
    expect((await as(t, owner).get(CHAT_WEBHOOKS_PATH).expect(200)).body).toEqual(set.body);

    // At rest: sealed, nothing of the URL's secret parts readable in the document.
    const raw = await t.connection
      .collection<{ _id: string }>('settings')
      .findOne({ _id: 'chat-webhooks' });
    const stored = JSON.stringify(raw);
    expect(raw).toMatchObject({
      slack: { sealed: expect.stringMatching(/^v1\./), setAt: expect.any(Date) },
      teams: { sealed: expect.stringMatching(/^v1\./), setAt: expect.any(Date) },
    });
    for (const secret of [
      'slackTokenSecret',
      'T0SECRET',
      'teamsSecretPath',
      'teamsSig9',
      '127.0.0.1',
    ])
      expect(stored).not.toContain(secret);

    // The log says what was done, never the URL.
    const entry = (await auditLog(t, owner)).find((e) => e.action === 'chat-webhooks-changed');
    expect(entry?.detail).toEqual({ slack: 'set', teams: 'set' });
    expect(JSON.stringify(await auditLog(t, owner))).not.toMatch(/slackTokenSecret|teamsSig9/);

    // The worker had nothing to deliver to at start; the stored URLs start it.
    const created = await request(t.http)
      .post(leadPaths(kind).create)
      .send(validSubmission(kind, 1))
      .expect(201);
    await eventually(() => slack.posted().length === 1 && teams.posted().length === 1);
    expect(JSON.stringify(slack.posted()[0])).toContain(`/lead/keDemo/${created.body.id}`);
  });

  it('switches an event off per kind and channel; the others keep posting', async () => {
    const before = await as(t, manager).get(CHAT_ALERTS_PATH).expect(200);
    expect(before.body.configured).toEqual({ slack: true, teams: true });
    expect(before.body.alerts.keDemo.slack).toEqual({
      newLead: true,
      overdue: true,
      wroteAgain: true,
    });
    const off = await put(t, manager, CHAT_ALERTS_PATH, { keDemo: { slack: { newLead: false } } });
    expect(off.status).toBe(200);
    expect(off.body.alerts.keDemo.slack.newLead).toBe(false);
    expect(off.body.alerts.keDemo.teams.newLead).toBe(true);
    expect(off.body.alerts.contactUs.slack.newLead).toBe(true);
    const entry = (await auditLog(t, owner)).find((e) => e.action === 'chat-alerts-changed');
    expect(entry?.detail).toEqual({ 'keDemo/slack/newLead': false });

    const [slackBefore, teamsBefore] = [slack.posted().length, teams.posted().length];
    await request(t.http).post(leadPaths(kind).create).send(validSubmission(kind, 2)).expect(201);
    await eventually(() => teams.posted().length === teamsBefore + 1);
    // The worker took the lead's rows in one pass: nothing went to Slack.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(slack.posted()).toHaveLength(slackBefore);

    for (const body of [
      {},
      { keDemo: {} },
      { keDemo: { slack: { newLead: 'no' } } },
      { keDemo: { irc: {} } },
    ])
      await put(t, manager, CHAT_ALERTS_PATH, body).expect(400);
    // An empty object beside a real switch names nothing: refused, as the document states.
    const emptyChannel = await put(t, manager, CHAT_ALERTS_PATH, {
      keDemo: { slack: { newLead: true }, teams: {} },
    }).expect(400);
    expect(emptyChannel.body.errors).toEqual({ 'keDemo.teams': ['keDemo.teams names no event'] });
    await put(t, manager, CHAT_ALERTS_PATH, { keDemo: { slack: { newLead: true } } }).expect(200);
  });

  it('sends a test message and answers what the receiver said, in words, never a 500', async () => {
    const ok = await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'slack' }).expect(200);
    expect(ok.body).toEqual({
      success: true,
      channel: 'slack',
      delivered: true,
      status: 200,
      message: 'Slack took the test message (200): look in its channel.',
    });
    const posted = slack.posted().at(-1) as { text: string };
    expect(posted.text).toBe(
      'Test message: lead alerts will be posted here: Chat alerts are set up',
    );
    expect(JSON.stringify(posted)).toContain('owner@example.com');
    const teamsOk = await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'teams' }).expect(200);
    expect(teamsOk.body).toMatchObject({ delivered: true, status: 202 });

    const answers: [number, Record<string, string>, string, string][] = [
      [404, {}, 'no_service', 'Slack answered 404: no_service. The webhook may have been removed'],
      [
        429,
        { 'Retry-After': '30' },
        '',
        'Slack is limiting how often this webhook posts (429): try again in 30 seconds.',
      ],
      [500, {}, '', 'Slack answered 500. The service had a problem: try again later.'],
    ];
    for (const [status, headers, body, message] of answers) {
      const refusing = await startChatReceiver(() => ({ status, headers, body }), {
        path: SLACK_PATH,
      });
      try {
        await put(t, owner, CHAT_WEBHOOKS_PATH, { slack: refusing.url }).expect(200);
        const res = await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'slack' }).expect(200);
        expect(res.body).toMatchObject({ delivered: false, status });
        expect(res.body.message).toContain(message);
      } finally {
        await refusing.close();
      }
    }
    // Nobody listening: no answer at all.
    const res = await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'slack' }).expect(200);
    expect(res.body).toEqual({
      success: true,
      channel: 'slack',
      delivered: false,
      status: null,
      message: 'Could not reach Slack: the connection was refused.',
    });
    const tests = (await auditLog(t, owner)).filter((e) => e.action === 'chat-alert-test');
    expect(tests[0]?.detail).toEqual({ channel: 'slack', delivered: false, status: 0 });

    await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'irc' }).expect(400);
    await put(t, owner, CHAT_WEBHOOKS_PATH, { slack: slack.url }).expect(200);
  });

  it('says when a stored URL can no longer be read (another key), and posts nothing there', async () => {
    const settings = t.connection.collection<{ _id: string }>('settings');
    const raw = await settings.findOne({ _id: 'chat-webhooks' });
    const sealed = (raw as unknown as { teams: { sealed: string } }).teams.sealed;
    // One byte changed: the authentication tag no longer matches.
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data ?? '', 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    await settings.updateOne(
      { _id: 'chat-webhooks' },
      { $set: { 'teams.sealed': [v, iv, tag, flipped.toString('base64url')].join('.') } },
    );
    await eventually(async () => {
      const read = await as(t, owner).get(CHAT_WEBHOOKS_PATH);
      return read.body.webhooks.teams.unreadable === true;
    });
    const read = await as(t, owner).get(CHAT_WEBHOOKS_PATH).expect(200);
    expect(read.body.webhooks.teams).toEqual({
      source: 'settings',
      masked: null,
      unreadable: true,
    });
    expect((await as(t, manager).get(CHAT_ALERTS_PATH).expect(200)).body.configured).toEqual({
      slack: true,
      teams: false,
    });
    const test = await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'teams' }).expect(409);
    expect(test.body.message).toMatch(/cannot be read since JWT_SECRET changed/);
  });

  it('is an owner’s alone: a manager is refused the webhooks and the test message', async () => {
    const refusal = permissionRefusal('manager', 'settings.integrations');
    for (const res of [
      await as(t, manager).get(CHAT_WEBHOOKS_PATH),
      await put(t, manager, CHAT_WEBHOOKS_PATH, { slack: null }),
      await as(t, manager).post(CHAT_ALERT_TEST_PATH, { channel: 'slack' }),
    ])
      expect([res.status, res.body]).toEqual([
        403,
        expect.objectContaining({ success: false, message: refusal }),
      ]);
    // Nothing was changed by the refused call.
    const read = await as(t, owner).get(CHAT_WEBHOOKS_PATH).expect(200);
    expect(read.body.webhooks.slack.source).toBe('settings');
  });
});

describe('chat alert settings: a webhook in the environment wins', () => {
  it('shows the environment as the source, masked, and refuses to set that channel here', async () => {
    const receiver = await startChatReceiver(undefined, { path: SLACK_PATH });
    const t = await createTestApp({ SLACK_WEBHOOK_URL: receiver.url, TEAMS_WEBHOOK_URL: '' });
    try {
      await createAdmin(t, 'owner@example.com', PASSWORD);
      const owner = await loginToken(t, 'owner@example.com', PASSWORD);
      const read = await as(t, owner).get(CHAT_WEBHOOKS_PATH).expect(200);
      expect(read.body.webhooks.slack).toEqual({
        source: 'environment',
        masked: `${new URL(receiver.url).origin}/…cret`,
        unreadable: false,
      });
      const refused = await put(t, owner, CHAT_WEBHOOKS_PATH, {
        slack: 'https://hooks.slack.com/services/T/B/x',
      }).expect(409);
      expect(refused.body.message).toBe(
        "SLACK_WEBHOOK_URL is set in the server's environment, which wins over the Settings page: change or unset it there",
      );
      const test = await as(t, owner).post(CHAT_ALERT_TEST_PATH, { channel: 'slack' }).expect(200);
      expect(test.body.delivered).toBe(true);
      expect(receiver.posted()).toHaveLength(1);
    } finally {
      await t.close();
      await receiver.close();
    }
  });
});
