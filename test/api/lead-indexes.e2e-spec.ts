import { Types } from 'mongoose';

import { auditQuery } from '../../nest/src/audit/audit.repository';
import { LEAD_LISTS, LEAD_LIST_STATES, leadKindList } from '../../nest/src/contract';
import { sortSpec, sortValues } from '../../nest/src/leads/core/lead-order';
import { type LeadRecord, RULE_PENDING } from '../../nest/src/leads/core/lead-record';
import {
  archivedBeforeFilter,
  spamBeforeFilter,
} from '../../nest/src/leads/core/repository/lead-conditions.repository';
import {
  arrivalsFilter,
  idsFilter,
  listQuery,
  missingWordsFilter,
  recentNewFilter,
  assignWaitingQuery,
  openOwnedFilter,
  snoozedCountFilter,
  stageCountFilter,
  stateFilter,
  unreadFilter,
  waitingCountFilter,
} from '../../nest/src/leads/core/repository/lead-queries.repository';
import {
  overdueRecheckQuery,
  throttleQuery,
} from '../../nest/src/notifications/chat/chat-alert-outbox.store';
import { followUpsQuery } from '../../nest/src/notifications/follow-up-outbox.store';
import { claimQuery, earlierQuery } from '../../nest/src/notifications/notification-outbox.store';
import {
  boundsMatchesFirst,
  type IndexKey,
  type QueryShape,
  servedBy,
} from '../support/index-coverage';
import { createTestApp, type TestApp } from '../support/test-app';

/**
 * Every query the product sends, taken from the modules that build them, checked against the
 * indexes the database reports after start-up: a change that loses an index, or a new query
 * shape without one, fails here. (FerretDB 1.24 keeps but does not use secondary indexes; MongoDB
 * does, and these shapes are the ones its planner serves from them.)
 */
describe('every query shape has an index that serves its filter and sort', () => {
  let t: TestApp;
  const record = {
    _id: new Types.ObjectId(),
    createdAt: new Date(),
    archivedAt: new Date(),
  } as unknown as LeadRecord;
  const owner = new Types.ObjectId();
  const scoped = owner.toHexString();
  const since = new Date(Date.now() - 7 * 86_400_000);
  const auditAfter = [new Date(), new Types.ObjectId()];

  beforeAll(async () => {
    t = await createTestApp();
    // Index builds run in the background from start-up; wait for them.
    await Promise.all(Object.values(t.connection.models).map((model) => model.init()));
  });
  afterAll(() => t.close());

  async function indexesOf(collection: string): Promise<IndexKey[]> {
    const indexes = await t.connection.collection(collection).indexes();
    return indexes.map((index) => index.key as IndexKey);
  }

  function leadShapes(): [string, QueryShape][] {
    return leadKindList.flatMap((kind) =>
      LEAD_LIST_STATES.flatMap((state): [string, QueryShape][] => {
        const after = sortValues(state, record);
        const shape = (name: string, q: ReturnType<typeof listQuery>): [string, QueryShape] => [
          kind.collection,
          { name: `${kind.key} ${state}: ${name}`, ...q },
        ];
        return [
          shape('first page, export', listQuery(state)),
          shape('next page', listQuery(state, { after })),
          // A common word: the list's order, the words read from the same index's keys.
          shape('search', listQuery(state, { q: 'ada' })),
          shape('search, next page', listQuery(state, { q: 'ada', after })),
          shape('search, several words', listQuery(state, { q: 'Ada lovelace@' })),
          // A narrowed read's newest window first (decision 0021): a range on the first sort key.
          shape('first page, newest window', listQuery(state, { since })),
          shape('next page, newest window', listQuery(state, { after, since })),
          shape('search, newest window', listQuery(state, { q: 'ada', since })),
          shape('search, newest window, next page', listQuery(state, { q: 'ada', after, since })),
          shape('one stage, newest window', listQuery(state, { stages: ['won'], since })),
          shape('one owner, newest window', listQuery(state, { assignee: owner, since })),
          shape('one stage', listQuery(state, { stages: ['won'] })),
          // `new` is also a lead stored before stages (no field): the stages' ranges plus null's.
          shape('stages with new', listQuery(state, { stages: ['new', 'qualified'] })),
          shape('stages, next page', listQuery(state, { stages: ['won', 'lost'], after })),
          shape('one owner', listQuery(state, { assignee: owner })),
          // Nobody's is also a lead stored before owners (no field): null matches both.
          shape('nobody’s', listQuery(state, { assignee: null })),
          shape('one owner, next page', listQuery(state, { assignee: owner, after })),
          shape('one owner, stages', listQuery(state, { assignee: owner, stages: ['won'] })),
          // An admin who sees only theirs (and nobody's): the owner indexes, one range per owner.
          shape('scope: theirs', listQuery(state, { owners: [scoped] })),
          shape('scope: theirs and nobody’s', listQuery(state, { owners: [scoped, 'none'] })),
          shape('scope, next page', listQuery(state, { owners: [scoped, 'none'], after })),
          shape('scope, search', listQuery(state, { owners: [scoped, 'none'], q: 'ada' })),
          // The queue (GET /leads): each kind's list oldest first, from its start and after a cursor.
          shape('queue: oldest first', listQuery(state, { oldestFirst: true })),
          shape('queue: oldest first, next page', listQuery(state, { oldestFirst: true, after })),
          shape(
            'queue: oldest first, stages',
            listQuery(state, { oldestFirst: true, stages: ['won'] }),
          ),
          [kind.collection, { name: `${kind.key} ${state}: count`, filter: stateFilter(state) }],
          [
            kind.collection,
            {
              name: `${kind.key} ${state}: move out`,
              filter: { _id: record._id, ...stateFilter(state) },
            },
          ],
        ];
      }),
    );
  }

  function otherShapes(): [string, QueryShape][] {
    const ids = idsFilter([record._id]);
    const after = sortValues('active', record);
    return [
      ...leadKindList.flatMap((kind): [string, QueryShape][] => [
        // The needs-reply view: `new` (or no stage) or waiting on us, oldest first (issue 33).
        [
          kind.collection,
          {
            name: `${kind.key}: needs reply`,
            ...listQuery('active', { waiting: true, oldestFirst: true }),
          },
        ],
        [
          kind.collection,
          {
            name: `${kind.key}: needs reply, next page`,
            ...listQuery('active', { waiting: true, oldestFirst: true, after }),
          },
        ],
        // The queue's needs reply newest first, and its overdue (a range on each wait's start).
        [
          kind.collection,
          { name: `${kind.key}: queue, needs reply`, ...listQuery('active', { waiting: true }) },
        ],
        [
          kind.collection,
          {
            name: `${kind.key}: queue, needs reply, next page`,
            ...listQuery('active', { waiting: true, after }),
          },
        ],
        [
          kind.collection,
          {
            name: `${kind.key}: queue, overdue`,
            ...listQuery('active', { waiting: true, overdueBefore: since }),
          },
        ],
        [
          kind.collection,
          {
            name: `${kind.key}: queue, overdue, due soonest, mine`,
            ...listQuery('active', {
              waiting: true,
              oldestFirst: true,
              overdueBefore: since,
              assignee: owner,
              after,
            }),
          },
        ],
        [
          kind.collection,
          {
            name: `${kind.key}: needs reply, mine`,
            ...listQuery('active', { waiting: true, assignee: owner, oldestFirst: true }),
          },
        ],
        [
          kind.collection,
          { name: `${kind.key}: overdue window`, filter: recentNewFilter(new Date()) },
        ],
        [
          kind.collection,
          { name: `${kind.key}: a removed admin’s leads`, filter: { assigneeId: owner } },
        ],
        // Automatic assignment: the leads waiting for an owner, oldest first; each admin's open
        // leads recounted (issue 35).
        [
          kind.collection,
          {
            name: `${kind.key}: waiting for an owner`,
            ...assignWaitingQuery(['everyone-at-cap', 'everyone-away']),
          },
        ],
        [
          kind.collection,
          {
            name: `${kind.key}: left for a rule's round that never came`,
            ...assignWaitingQuery([RULE_PENDING], new Date()),
          },
        ],
        [kind.collection, { name: `${kind.key}: open leads by owner`, filter: openOwnedFilter }],
        // The Spam list (decision 0019): its own index, newest held first.
        [kind.collection, { name: `${kind.key} spam: first page`, ...listQuery('spam') }],
        [
          kind.collection,
          {
            name: `${kind.key} spam: next page`,
            ...listQuery('spam', { after: sortValues('spam', { ...record, spamAt: new Date() }) }),
          },
        ],
        [kind.collection, { name: `${kind.key} spam: count`, filter: stateFilter('spam') }],
        // Insights: a range of arrivals, spam left out.
        [
          kind.collection,
          {
            name: `${kind.key}: insights, arrivals`,
            filter: arrivalsFilter(new Date(0), new Date()),
          },
        ],
        [
          kind.collection,
          {
            name: `${kind.key}: archived past retention`,
            filter: archivedBeforeFilter(new Date()),
          },
        ],
        [
          kind.collection,
          { name: `${kind.key}: spam past retention`, filter: spamBeforeFilter(new Date()) },
        ],
      ]),
      ...leadKindList.flatMap((kind): [string, QueryShape][] => [
        [kind.collection, { name: `${kind.key}: unread count`, filter: unreadFilter }],
        [kind.collection, { name: `${kind.key}: won count`, filter: stageCountFilter('won') }],
        // `new` counts leads stored before stages too (no field): its range and null's.
        [kind.collection, { name: `${kind.key}: new count`, filter: stageCountFilter('new') }],
        // Leads past `new` that wrote after our reply (issue 33): the kept count and its overdue part.
        [kind.collection, { name: `${kind.key}: waiting count`, filter: waitingCountFilter }],
        // Leads that wait on us put off by a follow-up (issue 32): the kept `snoozed` count.
        [kind.collection, { name: `${kind.key}: snoozed count`, filter: snoozedCountFilter }],
        [kind.collection, { name: `${kind.key}: leads by id`, filter: ids }],
        [kind.collection, { name: `${kind.key}: read mark`, filter: { ...ids, readAt: null } }],
      ]),
      ...leadKindList.map((kind): [string, QueryShape] => [
        kind.collection,
        {
          name: `${kind.key}: leads without search words (start-up fill)`,
          filter: missingWordsFilter('array'),
        },
      ]),
      ['lead_notifications_pending', { name: 'notification claim', ...claimQuery(new Date()) }],
      [
        'lead_notifications',
        { name: 'entries an earlier version left (worker start)', filter: earlierQuery() },
      ],
      [
        'lead_notifications_pending',
        { name: 'a chat channel held back by a 429', filter: throttleQuery('slack', new Date()) },
      ],
      [
        'lead_notifications_pending',
        { name: 'overdue checks read again', filter: overdueRecheckQuery(['keDemo', 'contactUs']) },
      ],
      [
        'lead_notifications_pending',
        { name: 'follow-ups waiting (worker start)', filter: followUpsQuery() },
      ],
      ['admins', { name: 'admin by email', filter: { email: 'a@example.com' } }],
      ['lead_totals', { name: 'totals of a kind', filter: { _id: 'contactUs' } }],
      ['audit_log', { name: 'activity: everyone’s', ...auditQuery() }],
      ['audit_log', { name: 'activity: everyone’s, older', ...auditQuery({ after: auditAfter }) }],
      ['audit_log', { name: 'activity: one admin’s own', ...auditQuery({ by: owner }) }],
      [
        'audit_log',
        {
          name: 'activity: one admin’s own, older',
          ...auditQuery({ by: owner, after: auditAfter }),
        },
      ],
    ];
  }

  it.each([...leadShapes(), ...otherShapes()].map(([c, s]) => [s.name, c, s] as const))(
    '%s',
    async (_name, collection, shape) => {
      const indexes = await indexesOf(collection);
      expect(indexes.filter((index) => servedBy(index, shape))).not.toEqual([]);
    },
  );

  /**
   * A rare word: the other plan MongoDB races for a search. Its prefix range leads an index, so
   * only the matching leads are read (then sorted in memory: few, for a rare word).
   */
  it.each(
    leadKindList.flatMap((kind) =>
      LEAD_LIST_STATES.flatMap((state): [string, string, Pick<QueryShape, 'filter'>][] => [
        [
          `${kind.key} ${state}: search, rare word`,
          kind.collection,
          listQuery(state, { q: 'ada' }),
        ],
        [
          `${kind.key} ${state}: search, rare word, next page`,
          kind.collection,
          listQuery(state, { q: 'kwyjibo lovelace', after: sortValues(state, record) }),
        ],
      ]),
    ),
  )('%s', async (_name, collection, query) => {
    const indexes = await indexesOf(collection);
    expect(indexes.filter((index) => boundsMatchesFirst(index, 'words', query))).not.toEqual([]);
  });

  // The index a newest window is hinted to on DocumentDB (lead.repository.ts): a hint naming a
  // missing index fails the read, so each list's order alone must be there.
  it.each(
    leadKindList.flatMap((kind) => LEAD_LISTS.map((state) => [kind.key, state, kind] as const)),
  )('%s %s: its order alone, the newest window’s hint', async (_key, state, kind) => {
    expect(await indexesOf(kind.collection)).toContainEqual(sortSpec(state));
  });

  it('tells a served query from one that is not (the rule itself)', () => {
    const list = { archivedAt: -1, createdAt: -1, _id: -1 };
    const active = {
      name: 'active',
      filter: { archivedAt: null },
      sort: { createdAt: -1, _id: -1 },
    };
    expect(servedBy(list, active)).toBe(true);
    expect(servedBy({ createdAt: -1, _id: -1 }, active)).toBe(false);
    expect(servedBy({ archivedAt: -1, createdAt: 1, _id: -1 }, active)).toBe(false);
    expect(servedBy({ archivedAt: 1, createdAt: 1, _id: 1 }, active)).toBe(true);
    const sortFirst = { name: 'x', filter: { email: 'a' }, sort: { createdAt: -1 } };
    expect(servedBy({ createdAt: -1, email: 1 }, sortFirst)).toBe(false);
    expect(servedBy(list, { name: 'y', filter: { readAt: null }, sort: {} })).toBe(false);
    const search = { filter: { archivedAt: null, words: { $regex: '^ada' } } };
    expect(boundsMatchesFirst({ words: 1, archivedAt: -1 }, 'words', search)).toBe(true);
    expect(boundsMatchesFirst({ archivedAt: -1, words: 1 }, 'words', search)).toBe(false);
    expect(boundsMatchesFirst({ words: 1 }, 'words', { filter: { archivedAt: null } })).toBe(false);
  });
});
