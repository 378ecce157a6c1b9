import { type Document, type Filter } from 'mongodb';

import { LEAD_KINDS, type Lead, PRIVACY_PATHS } from '../../nest/src/contract';
import { LeadSearchWords } from '../../nest/src/leads/core/lead-search-words';
import { WINDOW_LEADS } from '../../nest/src/leads/core/list-view/newest-window';
import { listQuery } from '../../nest/src/leads/core/repository/lead-queries.repository';
import { type WordsForm } from '../../nest/src/leads/core/repository/lead-words.repository';
import { leadDocs } from '../support/lead-docs';
import { validSubmission } from '../support/submissions';
import { insertLeadDocs, insertLeads, request, useSignedInKind } from '../support/test-app';

/**
 * Issue 25: a search finds leads by the start of their words (name, email local part and domain,
 * the kind's text field), lower-cased and with accents folded, every word typed required.
 */
describe('search by the start of words', () => {
  const kind = LEAD_KINDS.contactUs;
  const api = useSignedInKind(kind, { INTAKE_RATE_LIMIT: '1000' });
  const { get, post, paths } = api;
  const submit = async (name: string, email: string, message: string): Promise<string> =>
    (
      await request(api.t.http)
        .post(paths.create)
        .send({ ...validSubmission(kind), name, email, message })
        .expect(201)
    ).body.id as string;
  const names = async (q: string, list: 'active' | 'archived' = 'active'): Promise<string[]> =>
    (await get(`${paths[list]}?q=${encodeURIComponent(q)}`).expect(200)).body.data
      .map((lead: Lead) => lead.name)
      .sort();
  const leads = () => api.t.connection.collection(kind.collection);
  /** The names on every page of the active list for a query, following its cursor to the end. */
  const everyPage = async (query: string): Promise<string[]> => {
    const seen: string[] = [];
    let cursor = '';
    do {
      const page = await get(`${paths.active}${query}${cursor && `&cursor=${cursor}`}`).expect(200);
      seen.push(...page.body.data.map((lead: Lead) => lead.name));
      cursor = page.body.nextCursor ?? '';
    } while (cursor);
    return seen;
  };
  /** Each stored lead's words, in whichever form its engine keeps them (lead-words.ts). */
  const storedWordLists = async (): Promise<(string[] | undefined)[]> =>
    (await leads().find({}).toArray()).map(
      (lead) =>
        (lead.words as string[] | undefined) ?? (lead.wordText as string | undefined)?.split(' '),
    );
  const leadsHolding = async (word: string) =>
    (await storedWordLists()).filter((words) => words?.includes(word)).length;

  describe('what matches', () => {
    beforeEach(async () => {
      await submit('Valérie Durand', 'v.durand@gmail.com', 'Asking for a Valuation of our fleet');
      await submit('Bob Stone', 'bob@stone-works.io', 'Hello there');
      await submit('Дмитрий Орлов', 'dmitry@example.com', 'Цена на яхты?');
    });

    it('finds a word of the name or the text field by its start, whatever its case', async () => {
      expect(await names('val')).toEqual(['Valérie Durand']);
      expect(await names('VALUATION')).toEqual(['Valérie Durand']);
      expect(await names('hel')).toEqual(['Bob Stone']);
      expect(await names('цен')).toEqual(['Дмитрий Орлов']);
    });

    it('finds the local part and each part of the domain of an email', async () => {
      expect(await names('durand')).toEqual(['Valérie Durand']);
      expect(await names('gmail')).toEqual(['Valérie Durand']);
      expect(await names('works')).toEqual(['Bob Stone']);
      expect(await names('io')).toEqual(['Bob Stone']);
      expect(await names('bob@stone-works.io')).toEqual(['Bob Stone']);
    });

    it('folds accents, in what is stored and in what is typed', async () => {
      expect(await names('valerie')).toEqual(['Valérie Durand']);
      expect(await names('VALÉR')).toEqual(['Valérie Durand']);
      expect(await names('dmitr орлов')).toEqual(['Дмитрий Орлов']);
    });

    it('needs every word typed, in any order', async () => {
      expect(await names('fleet valerie')).toEqual(['Valérie Durand']);
      expect(await names('Durand, fle')).toEqual(['Valérie Durand']);
      expect(await names('fleet bob')).toEqual([]);
    });

    it('no longer finds a string inside a word, as the substring search did', async () => {
      expect(await names('alua')).toEqual([]);
      expect(await names('mail')).toEqual([]);
      expect(await names('ob')).toEqual([]);
      // Text with no letter or digit is no word: it finds nothing (and is no error).
      expect(await names('@.*')).toEqual([]);
    });
  });

  it('finds the same leads in either stored form of the words', async () => {
    // The test documents hold both forms; this engine reads one, an indexed engine the other.
    await insertLeads(api.t, kind, 30);
    await insertLeads(api.t, kind, 12, true);
    const found = async (q: string, state: 'active' | 'archived', form: WordsForm) => {
      const { filter, sort } = listQuery(state, { q, form });
      const page = await leads()
        .find(filter as Filter<Document>)
        .sort(sort)
        .toArray();
      return page.map((lead) => lead._id.toHexString());
    };
    for (const q of ['lead1', 'LEAD2 exam', 'message 1', '1 lead', 'xyz', 'example.com', '—'])
      for (const state of ['active', 'archived'] as const)
        expect(await found(q, state, 'array')).toEqual(await found(q, state, 'text'));
    expect(await found('lead1 example', 'active', 'array')).toHaveLength(1 + 10);
  });

  it('stores the words of a new lead at intake', async () => {
    await submit('Zoë Tran', 'zoe.tran@mail.example', 'Fleet pricing');
    const [words] = await storedWordLists();
    expect([...(words ?? [])].sort()).toEqual(
      // The subject's too (validSubmission's "Pricing data"): "pricing" once.
      ['zoe', 'tran', 'mail', 'example', 'fleet', 'pricing', 'data'].sort(),
    );
  });

  it('pages the matches newest first with the lists’ cursor, in either list', async () => {
    // Emails lead1, lead10 to lead19 and lead100 to lead119: 31 of 120 (oldest first).
    await insertLeads(api.t, kind, 120);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: { data: Lead[]; nextCursor: string | null; total: null } } = await get(
        `${paths.active}?q=lead1&limit=10${cursor ? `&cursor=${cursor}` : ''}`,
      ).expect(200);
      expect(page.body.total).toBeNull();
      seen.push(...page.body.data.map((lead) => lead.email));
      cursor = page.body.nextCursor;
    } while (cursor);
    const down = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, i) => `lead${from - i}@example.com`);
    expect(seen).toEqual([...down(119, 100), ...down(19, 10), 'lead1@example.com']);
    expect(await names('lead1', 'archived')).toEqual([]);
  });

  it('pages a search through its cursor during concurrent intake: each match once, no 5xx (issue 36)', async () => {
    await insertLeads(api.t, kind, 120);
    // Eight senders post leads that match the search too, for as long as the paging lasts.
    let paging = true;
    const intakeStatuses: number[] = [];
    const senders = Array.from({ length: 8 }, async (_, sender) => {
      for (let n = 0; paging; n++) {
        const res = await request(api.t.http)
          .post(paths.create)
          .send({ ...validSubmission(kind), email: `lead1-late-${sender}-${n}@example.com` });
        intakeStatuses.push(res.status);
      }
    });
    const seen: string[] = [];
    try {
      let cursor: string | null = null;
      do {
        const page: { body: { data: Lead[]; nextCursor: string | null } } = await get(
          `${paths.active}?q=lead1&limit=5${cursor ? `&cursor=${cursor}` : ''}`,
        ).expect(200);
        seen.push(...page.body.data.map((lead) => lead.email));
        cursor = page.body.nextCursor;
      } while (cursor);
    } finally {
      paging = false;
      await Promise.all(senders);
    }
    const down = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, i) => `lead${from - i}@example.com`);
    // Leads that arrive while paging are newer than every page after the first: at most there.
    expect(seen.filter((email) => !email.includes('late'))).toEqual([
      ...down(119, 100),
      ...down(19, 10),
      'lead1@example.com',
    ]);
    expect(new Set(seen).size).toBe(seen.length);
    expect(intakeStatuses.length).toBeGreaterThan(0);
    expect(intakeStatuses.filter((status) => status !== 201)).toEqual([]);
  });

  it('answers an action with the search’s first pages', async () => {
    const valerie = await submit('Valérie Durand', 'v@gmail.com', 'Valuation');
    await submit('Valentin Roux', 'roux@example.com', 'Hello');
    await submit('Bob Stone', 'bob@example.com', 'Valuation');
    const { body } = await post(paths.archive, { ids: [valerie], q: 'vale' }).expect(200);
    expect(body.unarchived.map((lead: Lead) => lead.name)).toEqual(['Valentin Roux']);
    expect(body.archived.map((lead: Lead) => lead.name)).toEqual(['Valérie Durand']);
    expect(body).toMatchObject({ unarchivedTotal: 2, archivedTotal: 1 });
  });

  it('exports what the search finds, and nothing else', async () => {
    await submit('Valérie Durand', 'v@gmail.com', 'Valuation');
    await submit('Bob Stone', 'bob@example.com', 'Evaluation');
    const csv = async (q: string) =>
      (await get(`${paths.exportCsv}?q=${encodeURIComponent(q)}`).expect(200)).text
        .split('\r\n')
        .filter((row) => row !== '');
    const found = await csv('valu');
    expect(found).toHaveLength(2);
    expect(found[1]).toContain('Valérie Durand');
    expect(await csv('alua')).toHaveLength(1);
  });

  it('finds a contact-us lead by the words of its subject (issue 32)', async () => {
    await request(api.t.http)
      .post(paths.create)
      .send({ ...validSubmission(kind, 1), name: 'Piet Quay', subject: 'Pricing data, Q3' })
      .expect(201);
    await request(api.t.http)
      .post(paths.create)
      .send({ ...validSubmission(kind, 2), name: 'Other Person', subject: 'Fleet survey' })
      .expect(201);
    // Words of the subject alone: neither is in the name, email or message.
    expect(await names('Pricing data')).toEqual(['Piet Quay']);
    expect(await names('survey')).toEqual(['Other Person']);
    expect(await names('q3 piet')).toEqual(['Piet Quay']);
  });

  it('gives leads whose words were made before subjects were searched theirs again at start', async () => {
    await insertLeads(api.t, kind, 3);
    // As words were stored before version 2: the name, email and message only, no version.
    const stored = await leads().find({}).toArray();
    for (const lead of stored) {
      const words = [
        ...new Set(
          [lead.name, lead.email, lead.message]
            .join(' ')
            .toLowerCase()
            .split(/[^\p{L}\p{N}]+/u),
        ),
      ].filter(Boolean);
      await leads().updateOne(
        { _id: lead._id },
        {
          $set: { words, wordText: words.join(' ') },
          $unset: { wordsVersion: '', wordTextVersion: '' },
        },
      );
    }
    const subject = (stored[0]!.subject as string).split(/\s+/)[0]!;
    expect(await names(subject)).toEqual([]);
    await expect(api.t.app.get(LeadSearchWords).fill('contactUs')).resolves.toBe(3);
    expect(await names(subject)).toHaveLength(3);
    await expect(api.t.app.get(LeadSearchWords).fill('contactUs')).resolves.toBe(0);
  });

  it('leaves no words behind when a person’s leads are erased', async () => {
    await submit('Erin Quillfeather', 'erin@quill.example', 'Nothing to see');
    await submit('Other Person', 'other@example.com', 'Quillfeather mentioned');
    expect(await leadsHolding('quillfeather')).toBe(2);
    await post(PRIVACY_PATHS.erase, { email: 'erin@quill.example' }).expect(200);
    expect(await leadsHolding('erin')).toBe(0);
    expect(await leadsHolding('quill')).toBe(0);
    expect(await leadsHolding('quillfeather')).toBe(1);
    expect(await names('erin')).toEqual([]);
    expect(await names('quillfeather')).toEqual(['Other Person']);
  });

  it('gives leads stored before words existed theirs at start, in batches, going on where it stopped', async () => {
    await insertLeads(api.t, kind, 7);
    await leads().updateMany(
      {},
      { $unset: { words: '', wordText: '', wordsVersion: '', wordTextVersion: '' } },
    );
    expect(await names('lead3')).toEqual([]);
    // A start that stopped after its first batch of three: the next goes on with the other four.
    const filler = api.t.app.get(LeadSearchWords);
    await expect(filler.fillBatch('contactUs', 3)).resolves.toEqual({ read: 3, written: 3 });
    expect((await storedWordLists()).filter((words) => !words)).toHaveLength(4);
    await expect(filler.fill('contactUs', 3)).resolves.toBe(4);
    await expect(filler.fill('contactUs', 3)).resolves.toBe(0);
    expect((await storedWordLists()).filter((words) => !words)).toHaveLength(0);
    expect(await names('lead3')).toEqual(['Lead 3']);
    expect(await names('lead')).toHaveLength(7);
  });

  it('answers through the newest window exactly as the whole list would (decision 0021)', async () => {
    // More leads than the window: a third "harbour", the rest "plain", one "kwyjibo", interleaved.
    const start = Date.now() - 3 * 86_400_000;
    const harbour = leadDocs(kind, 900, { tag: 'harbour', start, stepMs: 180_000 });
    await insertLeadDocs(api.t, kind, [
      ...harbour,
      ...leadDocs(kind, WINDOW_LEADS - 200, {
        tag: 'plain',
        start: start + 60_000,
        stepMs: 90_000,
      }),
      ...leadDocs(kind, 1, { tag: 'kwyjibo', start: start + 30_000 }),
    ]);
    // The inbox's first page, as an admin opens it: the list's head (and its pace) is read.
    await get(paths.active).expect(200);
    const seen = await everyPage(`?q=harbour&limit=200`);
    expect(seen).toEqual(harbour.map((lead) => lead.name).reverse());
    expect(await names('kwyjibo')).toEqual(['kwyjibo Lead 0']);
  });

  it('pages leads that arrived at the same instant, cursors among them, each once in order', async () => {
    // Seven leads an instant, the newest of the inbox, more than a list's head (so pages after it
    // are read through the newest window); pages of five end inside a group, and more share the
    // cursor's instant than a window's read after it first expects (window-page.repository.ts).
    const start = Date.now() + 60_000;
    const tied = leadDocs(kind, 7 * 40, { tag: 'tied', start }).map((lead, i) => {
      const at = new Date(start + Math.floor(i / 7) * 1_000);
      return { ...lead, createdAt: at, updatedAt: at };
    });
    await insertLeadDocs(api.t, kind, tied);
    await get(paths.active).expect(200);
    const stored = await leads()
      .find({ name: { $in: tied.map((lead) => lead.name) } })
      .toArray();
    const expected = stored
      .sort(
        (a, b) =>
          (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime() ||
          b._id.toHexString().localeCompare(a._id.toHexString()),
      )
      .map((lead) => lead.name as string);
    const seen = await everyPage(`?q=tied&limit=5`);
    expect(seen).toEqual(expected);
  });
});
