import { LEAD_KINDS, leadPaths } from '../../nest/src/contract';
import { validSubmission } from '../support/submissions';
import { request, signedInTestApp, type TestApp } from '../support/test-app';

/** A lead export's dates in the zone asked for (`?tz=`, issue 32), ISO 8601 with the offset. */
describe("an export's time zone", () => {
  const kind = LEAD_KINDS.contactUs;
  let t: TestApp;
  let token: string;
  let id: string;
  const get = (path: string) => request(t.http).get(path).set('Authorization', `Bearer ${token}`);
  const rowOf = (csv: string) => {
    const [header = '', ...rows] = csv.split('\r\n');
    const cells = (rows.find((line) => line.startsWith(id)) ?? '').split(',');
    return Object.fromEntries(header.split(',').map((name, i) => [name, cells[i]]));
  };

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp());
    const source = { utm_source: 'newsletter', startedAt: '2026-11-21T00:02:44.000Z' };
    id = (
      await request(t.http)
        .post(leadPaths(kind).create)
        .send({ ...validSubmission(kind), source })
        .expect(201)
    ).body.id;
  });
  afterAll(() => t.close());

  it('writes UTC with Z when no zone is asked for, as before', async () => {
    const row = rowOf((await get(leadPaths(kind).exportCsv).expect(200)).text);
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(row.startedAt).toBe('2026-11-21T00:02:44.000Z');
  });

  it("writes every date in the zone asked for, with that zone's offset", async () => {
    const utc = rowOf((await get(leadPaths(kind).exportCsv).expect(200)).text);
    const csv = (await get(`${leadPaths(kind).exportCsv}?tz=America/New_York`).expect(200)).text;
    const row = rowOf(csv);
    expect(row.startedAt).toBe('2026-11-20T19:02:44.000-05:00');
    expect(row.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}-0[45]:00$/);
    expect(new Date(row.createdAt ?? '').getTime()).toBe(new Date(utc.createdAt ?? '').getTime());
  });

  it.each(['Mars/Olympus', '+05:00', 'x'.repeat(100)])(
    'refuses tz=%s with 400 on tz',
    async (tz) => {
      const res = await get(`${leadPaths(kind).exportCsv}?tz=${encodeURIComponent(tz)}`).expect(
        400,
      );
      expect(res.body.errors).toEqual({
        tz: ['tz must be an IANA time zone such as Europe/Berlin'],
      });
    },
  );
});
