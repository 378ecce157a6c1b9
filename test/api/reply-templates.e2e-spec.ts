import {
  AUDIT_PATH,
  type AuditEntry,
  REPLY_LIMITS,
  UNKNOWN_PLACEHOLDER,
  REPLY_TEMPLATE_DEFAULTS,
  REPLY_TEMPLATES_PATH,
  replyTemplatePath,
} from '../../nest/src/contract';
import { request, signedInTestApp, type TestApp } from '../support/test-app';

/** One reply template per kind: defaults until an admin changes one, stored, validated, audited. */
describe('reply templates', () => {
  let t: TestApp;
  let token: string;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const put = (path: string, body: unknown) =>
    request(t.http)
      .put(path)
      .set('Authorization', `Bearer ${token}`)
      .send(body as object);

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp());
  });
  afterAll(() => t.close());

  it('answers every kind’s default, each naming its kind’s own fields', async () => {
    const { body } = await get(REPLY_TEMPLATES_PATH).expect(200);
    expect(body).toEqual({ success: true, templates: REPLY_TEMPLATE_DEFAULTS });
    expect(body.templates.contactUs.subject).toContain('{subject}');
    expect(body.templates.keDemo.text).toContain('{company}');
    expect(body.templates.brokerDemo.text).toContain('{company}');
    expect(body.templates.consultation.text).toContain('{location}');
    for (const template of Object.values(REPLY_TEMPLATE_DEFAULTS))
      expect(template.text).toContain('{name}');
  });

  it('stores a changed template, answers all of them, and keeps the others’ defaults', async () => {
    const changed = { subject: 'Your KE demo 🚤', text: 'Hi {name},\n\nAbout {company}: …' };
    const expected = { ...REPLY_TEMPLATE_DEFAULTS, keDemo: changed };
    await put(replyTemplatePath('keDemo'), changed).expect(200, {
      success: true,
      templates: expected,
    });
    await get(REPLY_TEMPLATES_PATH).expect(200, { success: true, templates: expected });
    const again = { subject: 'Second', text: 'Second text' };
    await put(replyTemplatePath('keDemo'), again).expect(200);
    const { body } = await get(REPLY_TEMPLATES_PATH).expect(200);
    expect(body.templates).toEqual({ ...REPLY_TEMPLATE_DEFAULTS, keDemo: again });

    const log = (await get(`${AUDIT_PATH}?limit=200`).expect(200)).body.entries as AuditEntry[];
    const entries = log.filter((e) => e.action === 'reply-templates-changed');
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({ kind: 'keDemo', detail: { kind: 'keDemo' } });
    expect(JSON.stringify(entries)).not.toContain('Second');
  });

  it('refuses bad subjects and texts with 400 and errors per field, changing nothing', async () => {
    const before = (await get(REPLY_TEMPLATES_PATH).expect(200)).body;
    const path = replyTemplatePath('consultation');
    const refused = async (body: unknown, field: 'subject' | 'text' | 'extra') => {
      const res = await put(path, body).expect(400);
      expect(res.body.success).toBe(false);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    };
    await refused({ subject: '', text: 'x' }, 'subject');
    await refused({ subject: '   ', text: 'x' }, 'subject');
    await refused({ subject: 'x', text: '' }, 'text');
    await refused({ text: 'x' }, 'subject');
    await refused({ subject: 'x' }, 'text');
    await refused({ subject: 'a\r\nBcc: someone@example.com', text: 'x' }, 'subject');
    await refused({ subject: 'a\nb', text: 'x' }, 'subject');
    await refused({ subject: 'x'.repeat(REPLY_LIMITS.subject + 1), text: 'x' }, 'subject');
    await refused({ subject: 'x', text: 'x'.repeat(REPLY_LIMITS.text + 1) }, 'text');
    await refused({ subject: 42, text: 'x' }, 'subject');
    await refused({ subject: 'x', text: 'x', extra: 1 }, 'extra');
    // A placeholder there is not: it would be sent as written.
    await refused({ subject: 'x', text: 'Hello {unknown}, about {subject}' }, 'text');
    await refused({ subject: 'Re: {subjet}', text: 'x' }, 'subject');
    const unknown = await put(path, { subject: 'x', text: 'Hello {unknown}' }).expect(400);
    expect(unknown.body).toMatchObject({
      success: false,
      errors: {
        text: [
          'text names {unknown}, which is not a placeholder: use {name}, {company}, {location}, {subject}',
        ],
      },
    });
    expect((await get(REPLY_TEMPLATES_PATH).expect(200)).body).toEqual(before);

    // Characters as the contract counts them: an emoji is one, at the limit on both fields.
    const longest = {
      subject: '🚤'.repeat(REPLY_LIMITS.subject),
      text: '🚤'.repeat(REPLY_LIMITS.text),
    };
    const { body } = await put(path, longest).expect(200);
    expect(body.templates.consultation).toEqual(longest);
    // Text may hold line breaks; the subject only may not.
    await put(path, { subject: 'One line', text: 'Two\r\nlines' }).expect(200);
  });

  it('answers 404 for an unknown kind and 401 without a token', async () => {
    const res = await put(`${REPLY_TEMPLATES_PATH}/nosuchkind`, { subject: 's', text: 't' });
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body).toMatchObject({ success: false, message: expect.any(String) });
    await request(t.http).get(REPLY_TEMPLATES_PATH).expect(401);
    await request(t.http)
      .put(replyTemplatePath('contactUs'))
      .send({ subject: 's', text: 't' })
      .expect(401);
  });

  it('is described exactly in the OpenAPI document', async () => {
    const { body: doc } = await request(t.http).get('/docs-json').expect(200);
    const change = doc.paths[`${REPLY_TEMPLATES_PATH}/{kind}`].put;
    expect(change.parameters[0].schema.enum).toEqual([
      'contactUs',
      'keDemo',
      'brokerDemo',
      'consultation',
    ]);
    // 429: every bearer route throttles an API key.
    expect(Object.keys(change.responses).sort()).toEqual([
      '200',
      '400',
      '401',
      '403',
      '404',
      '429',
    ]);
    const body = doc.components.schemas.ReplyTemplateRequestDto;
    expect(body.additionalProperties).toBe(false);
    expect(body.required.sort()).toEqual(['subject', 'text']);
    expect(body.properties.subject.maxLength).toBe(REPLY_LIMITS.subject);
    expect(doc.paths[REPLY_TEMPLATES_PATH].get.responses['200']).toBeDefined();
    // The placeholder rule is stated as `not` a pattern, and no pattern anywhere in the document
    // has a lookaround: the contract run's generator (Hypothesis) refuses an operation that does.
    expect(body.properties.text.not).toEqual({ pattern: UNKNOWN_PLACEHOLDER });
    expect(body.properties.subject.not).toEqual({ pattern: UNKNOWN_PLACEHOLDER });
    const patterns: string[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node))
          if (key === 'pattern' && typeof value === 'string') patterns.push(value);
          else walk(value);
    };
    walk(doc);
    expect(patterns.length).toBeGreaterThan(10);
    expect(patterns.filter((pattern) => /\(\?<?[=!]/.test(pattern))).toEqual([]);
  });
});
