// Holes an outside probe found (issue 24): each case failed on the code before its fix.
import { parse } from 'csv-parse/sync';

import { MAX_BODY_KEYS } from '../../nest/src/common/json-body-parser';
import { AUTH_PATHS, LEAD_KINDS, leadPaths } from '../../nest/src/contract';
import {
  formulaCells,
  LIST_SEPARATORS,
  quoteBlindReadings,
} from '../../nest/src/contract/csv-readings.fixture';
import { request, signedInTestApp, type TestApp } from '../support/test-app';

/** About 96 kB of JSON: `count` short unknown keys, under the 100 kB body limit. */
const wideBody = (count = 12_000) =>
  JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, i) => [i.toString(36), 0])));

describe('holes an outside probe found', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    ({ t, token } = await signedInTestApp({ INTAKE_RATE_LIMIT: '1000' }));
  });
  afterAll(() => t.close());

  describe('CSV export in every locale', () => {
    const kind = LEAD_KINDS.contactUs;
    const paths = leadPaths(kind);

    it('starts no cell with a formula read with `,`, `;` or tab as the separator', async () => {
      const lead = {
        // Issue 34: a `;` locale splits inside the quotes, giving cells `=1+1` and `@SUM(2+2)`.
        name: 'y;=1+1;@SUM(2+2)',
        email: 'csv-locale@example.com',
        subject: '＝1+1\t=2+2, -3; "=4"',
        // A `;` or tab locale ends the row at a quoted line break: each line starts a cell there.
        message: 'Hello, Zoë 😀\n- a boat;+1 555 0100\r\n@SUM(1)\t \u3000＋2',
      };
      await request(t.http).post(paths.create).send(lead).expect(201);
      const res = await request(t.http)
        .get(`${paths.exportCsv}?q=csv-locale`)
        .set('Authorization', `Bearer ${token}`)
        .expect(200);

      const rows: Record<string, string>[] = parse(res.text, { columns: true });
      expect(rows).toHaveLength(1);
      // Read with `,` and quotes, the text is the lead's, with a `'` where a reader starts a cell.
      expect(rows[0]).toMatchObject({
        name: "y;'=1+1;'@SUM(2+2)",
        email: lead.email,
        subject: "'＝1+1\t'=2+2,' -3;' \"=4\"",
        message: "Hello, Zoë 😀\n'- a boat;'+1 555 0100\r\n'@SUM(1)\t' \u3000＋2",
      });
      const readings = [
        ...quoteBlindReadings(res.text),
        { reader: 'RFC 4180 with `,`', cells: rows.flatMap((row) => Object.values(row)) },
      ];
      // Each quote-blind reader splits the lead's cells where an unprotected export ran formulas.
      for (const separator of LIST_SEPARATORS) {
        const cells = readings.find((r) =>
          r.reader.startsWith(`split at ${JSON.stringify(separator)}`),
        );
        expect(cells?.cells.filter((cell) => /^[\s"]*'/.test(cell)).length).toBeGreaterThan(1);
      }
      expect(formulaCells(readings)).toEqual([]);
    });
  });

  describe('wide JSON bodies', () => {
    it.each([
      ['sign-in', AUTH_PATHS.login],
      ['token check', AUTH_PATHS.checkToken],
      ['intake', leadPaths(LEAD_KINDS.contactUs).create],
    ])('refuses 12,000 unknown keys on %s at once, in a short answer', async (_, path) => {
      const started = performance.now();
      const res = await request(t.http)
        .post(path)
        .set('Content-Type', 'application/json')
        .send(wideBody())
        .expect(400);
      const elapsed = performance.now() - started;
      expect(res.body).toEqual({
        success: false,
        message: `JSON body with more than ${MAX_BODY_KEYS} fields: no request takes that many`,
        requestId: expect.any(String),
      });
      expect(res.text.length).toBeLessThan(1_000);
      expect(elapsed).toBeLessThan(250);
    });

    it('names a few unknown fields, then counts the rest', async () => {
      const body = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`extra${i}`, 1]));
      const res = await request(t.http)
        .post(AUTH_PATHS.login)
        .send({ email: 'a@example.com', password: 'x', ...body })
        .expect(400);
      expect(res.body.message).toBe(
        'unknown fields sent: extra0, extra1, extra2, extra3, extra4 and 15 more',
      );
      expect(Object.keys(res.body.errors)).toEqual([
        'extra0',
        'extra1',
        'extra2',
        'extra3',
        'extra4',
      ]);
    });

    it('keeps /health answering while 8 wide bodies arrive at once', async () => {
      const wide = wideBody();
      const posts = Array.from({ length: 8 }, () =>
        request(t.http).post(AUTH_PATHS.login).set('Content-Type', 'application/json').send(wide),
      );
      const started = performance.now();
      let healthAfter = Infinity;
      const health = request(t.http)
        .get('/health')
        .then((res) => ((healthAfter = performance.now() - started), res));
      const [answers, healthAnswer] = await Promise.all([Promise.all(posts), health]);
      const elapsed = performance.now() - started;
      expect(answers.map((r) => r.status)).toEqual(Array(8).fill(400));
      expect(healthAnswer.status).toBe(200);
      expect(healthAfter).toBeLessThan(500);
      expect(elapsed).toBeLessThan(1_000);
    });
  });
});
