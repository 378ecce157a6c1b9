import { LEAD_KINDS, type Lead } from '../../nest/src/contract';
import { insertLeads, request, useSignedInKind } from '../support/test-app';

describe('inbox paging, search and export', () => {
  const kind = LEAD_KINDS.contactUs;
  const api = useSignedInKind(kind, { INTAKE_RATE_LIMIT: '1000' });
  const { get, paths } = api;

  it('pages with a default of 50, a maximum of 200 and a stable cursor', async () => {
    await insertLeads(api.t, kind, 260);
    const first = await get(paths.active).expect(200);
    expect(first.body.data).toHaveLength(50);
    expect(first.body.total).toBe(260);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const max = await get(`${paths.active}?limit=200`).expect(200);
    expect(max.body.data).toHaveLength(200);
  });

  it('walks every lead exactly once while new leads keep arriving', async () => {
    const existing = await insertLeads(api.t, kind, 95);
    const seen: string[] = [];
    let cursor: string | null = null;
    let arrived = 0;
    do {
      const page: { body: { data: Lead[]; nextCursor: string | null } } = await get(
        `${paths.active}?limit=20${cursor ? `&cursor=${cursor}` : ''}`,
      ).expect(200);
      seen.push(...page.body.data.map((l) => l._id));
      cursor = page.body.nextCursor;
      // A visitor submits between page loads: the new lead is newer than everything paged so far.
      await request(api.t.http)
        .post(paths.create)
        .send({
          name: `New ${arrived}`,
          email: `new${arrived++}@example.com`,
          subject: 's',
          message: 'm',
        })
        .expect(201);
    } while (cursor);
    expect(seen).toHaveLength(95);
    expect(new Set(seen).size).toBe(95);
    expect([...seen].sort()).toEqual([...existing].sort());
    // Newest first: insertLeads creates them oldest first.
    expect(seen).toEqual([...existing].reverse());
  });

  it('pages the archive by archive time as well', async () => {
    const archived = await insertLeads(api.t, kind, 30, true);
    const first = await get(`${paths.archived}?limit=25`).expect(200);
    const second = await get(`${paths.archived}?limit=25&cursor=${first.body.nextCursor}`).expect(
      200,
    );
    expect(second.body.nextCursor).toBeNull();
    expect([...first.body.data, ...second.body.data].map((l: Lead) => l._id)).toEqual(
      [...archived].reverse(),
    );
  });

  it('answers a move with first pages that can be paged on', async () => {
    const [oldest] = await insertLeads(api.t, kind, 55);
    const moved = await request(api.t.http)
      .post(paths.archive)
      .set('Authorization', `Bearer ${api.token}`)
      .send({ [kind.idField]: oldest })
      .expect(200);
    expect(moved.body).toMatchObject({ unarchivedTotal: 54, archivedTotal: 1 });
    expect(moved.body.unarchived).toHaveLength(50);
    expect(moved.body.archivedNextCursor).toBeNull();
    const rest = await get(`${paths.active}?cursor=${moved.body.unarchivedNextCursor}`).expect(200);
    expect(rest.body.data).toHaveLength(4);
    expect(rest.body.nextCursor).toBeNull();
  });

  it('refuses a cursor of the other list or a forged one', async () => {
    await insertLeads(api.t, kind, 3);
    await insertLeads(api.t, kind, 3, true);
    const active = await get(`${paths.active}?limit=1`).expect(200);
    const res = await get(`${paths.archived}?cursor=${active.body.nextCursor}`).expect(400);
    expect(res.body.message).toMatch(/cursor/);
    const forged = Buffer.from(JSON.stringify([{ $gt: 1 }, 'x'])).toString('base64url');
    await get(`${paths.active}?cursor=${forged}`).expect(400);
  });

  it('searches name, email and the text field case-insensitively, literally', async () => {
    const submit = (name: string, email: string, message: string) =>
      request(api.t.http)
        .post(paths.create)
        .send({ name, email, subject: 's', message })
        .expect(201);
    await submit('Ada Lovelace', 'ada@example.com', 'Interested in yachts');
    await submit('Grace Hopper', 'grace@navy.example', 'Price (model) a+b?');
    await submit('Alan Turing', 'alan@example.com', 'Hello');
    const names = async (q: string) =>
      (await get(`${paths.active}?q=${encodeURIComponent(q)}`).expect(200)).body.data
        .map((l: Lead) => l.name)
        .sort();
    expect(await names('ADA')).toEqual(['Ada Lovelace']);
    expect(await names('navy.EXAMPLE')).toEqual(['Grace Hopper']);
    expect(await names('yacht')).toEqual(['Ada Lovelace']);
    expect(await names('(model) a+b?')).toEqual(['Grace Hopper']);
    // Regex metacharacters are literal: '.*' matches no lead, '[' is no error.
    expect(await names('.*')).toEqual([]);
    expect(await names('[')).toEqual([]);
    // Issue 25: `|` separates two words, `a` and `h`, each the start of a word of these two leads.
    expect(await names('a|h')).toEqual(['Alan Turing', 'Grace Hopper']);
    // A search reads only the page it shows: its matches are not counted.
    const searched = await get(`${paths.active}?q=example.com&limit=1`).expect(200);
    expect(searched.body).toMatchObject({ total: null, nextCursor: expect.any(String) });
    const rest = await get(`${paths.active}?q=example.com&cursor=${searched.body.nextCursor}`);
    expect(rest.body).toMatchObject({ total: null, nextCursor: null });
    expect([...searched.body.data, ...rest.body.data].map((l: Lead) => l.name).sort()).toEqual([
      'Ada Lovelace',
      'Alan Turing',
    ]);
  });

  it('exports a list as RFC 4180 CSV with formula cells neutralised', async () => {
    await request(api.t.http)
      .post(paths.create)
      .send({
        // No URL in it: a link in a name would hold the lead as spam (decision 0019).
        name: '=HYPERLINK("evil")',
        email: 'x@example.com',
        subject: 'a, "b"',
        message: 'line 1\nline 2',
      })
      .expect(201);
    await request(api.t.http)
      .post(paths.create)
      .send({ name: '@SUM(A1)', email: 'y@example.com', subject: '+1', message: '-2' })
      .expect(201);
    const res = await get(paths.exportCsv).expect(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="contact-us-requests-active-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const text = res.text;
    const [header, ...rows] = text.split('\r\n');
    expect(header).toBe(
      '_id,createdAt,archivedAt,name,email,phone_number,message,subject,stage,assignee,firstResponseAt,overdue,utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer,landingPath,startedAt',
    );
    expect(text.endsWith('\r\n')).toBe(true);
    expect(rows[0]).toMatch(
      /^[0-9a-f]{24},\d{4}-[^,]+Z,,'@SUM\(A1\),y@example\.com,,'-2,'\+1,new,,,false,{8}$/,
    );
    expect(text).toContain(
      `"'=HYPERLINK(""evil"")",x@example.com,,"line 1\nline 2","a, ""b""",new,,,false`,
    );
    await get(`${paths.exportCsv}?state=archived`).expect(
      200,
      '_id,createdAt,archivedAt,name,email,phone_number,message,subject,stage,assignee,firstResponseAt,overdue,utm_source,utm_medium,utm_campaign,utm_term,utm_content,referrer,landingPath,startedAt\r\n',
    );
    await get(`${paths.exportCsv}?state=deleted`).expect(400);
    await request(api.t.http).get(paths.exportCsv).expect(401);
  });
});
