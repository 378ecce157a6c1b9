import { type Lead, type LeadPage } from '@contract';
import { type ActionOutcome, type InboxPanel, type ListResult } from '~/utils/inbox';

import {
  afterAction,
  mergeNewest,
  newLeads,
  panelReducer,
  panelState,
  prepend,
} from './lead-panel-state';

const lead = (n: number, extra: Partial<Lead> = {}): Lead =>
  ({
    _id: n.toString(16).padStart(24, '0'),
    name: `Lead ${n}`,
    email: `lead${n}@example.com`,
    phone_number: '',
    message: 'Hello',
    subject: 'Hi',
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString(),
    archivedAt: null,
    readAt: null,
    ...extra,
  }) as Lead;

const list = (
  leads: Lead[],
  total: number | null = leads.length,
  nextCursor = null,
): ListResult => ({
  ok: true,
  page: { data: leads, nextCursor, total },
});
const page = (leads: Lead[]): LeadPage => ({ data: leads, nextCursor: null, total: leads.length });
const names = (result: ListResult | null) =>
  result?.ok ? result.page.data.map((one) => one.name) : result;

const panel = (over: Partial<InboxPanel> = {}): InboxPanel => ({
  kind: 'contactUs',
  q: '',
  view: 'all',
  totals: { active: 2, archived: 0, unread: 2, spam: 0 },
  needReply: 2,
  spam: null,
  active: list([lead(2), lead(1)]),
  archived: null,
  ...over,
});

const answer = (
  action: 'archive' | 'read',
  active: Lead[],
  archived: Lead[],
): Extract<ActionOutcome, { ok: true }> => ({
  ok: true,
  action,
  kind: 'contactUs',
  ids: [],
  totals: { active: active.length, archived: archived.length, unread: 0, spam: 0 },
  lists: { active: list(active), archived: list(archived) },
});

describe('newLeads', () => {
  it('takes only leads newer than the newest shown, each once', () => {
    expect(newLeads(list([lead(2), lead(1)]), [lead(4), lead(3), lead(2), lead(1)])).toEqual([
      lead(4),
      lead(3),
    ]);
  });
  it('takes every lead into an empty list and none into a failed one', () => {
    expect(newLeads(list([]), [lead(1)])).toEqual([lead(1)]);
    expect(newLeads({ ok: false, message: 'down' }, [lead(1)])).toEqual([]);
  });
  it('orders leads of the same second by id', () => {
    const same = { createdAt: lead(1).createdAt };
    const shown = lead(5, same);
    expect(newLeads(list([shown]), [lead(6, same), lead(4, same)])).toEqual([lead(6, same)]);
  });
});

describe('mergeNewest and prepend', () => {
  it('puts fresh leads before those already held, without repeating one', () => {
    expect(mergeNewest([lead(3), lead(2)], [lead(2), lead(1)]).map((one) => one.name)).toEqual([
      'Lead 3',
      'Lead 2',
      'Lead 1',
    ]);
  });
  it('prepends to a list with the new total, and leaves a failed list alone', () => {
    const result = prepend(list([lead(1)], 1), [lead(2)], 2);
    expect(names(result)).toEqual(['Lead 2', 'Lead 1']);
    expect(result.ok && result.page.total).toBe(2);
    const failed: ListResult = { ok: false, message: 'down' };
    expect(prepend(failed, [lead(2)], 2)).toBe(failed);
  });
});

describe('afterAction', () => {
  it('replaces both lists and the totals after a move', () => {
    const next = afterAction(
      { active: list([lead(2), lead(1)]), archived: null },
      answer('archive', [lead(1)], [lead(2)]),
    );
    expect(names(next.active)).toEqual(['Lead 1']);
    expect(names(next.archived)).toEqual(['Lead 2']);
    expect(next.totals).toEqual({ active: 1, archived: 1, unread: 0, spam: 0 });
    expect(next.dismissed).toEqual([]);
  });
  it('keeps the pages loaded after a read mark, with the answer’s read marks', () => {
    const loaded = [lead(3), lead(2), lead(1)];
    const read = lead(2, { readAt: '2026-01-02T00:00:00.000Z' });
    const next = afterAction(
      { active: list(loaded, 3), archived: null },
      answer('read', [lead(3), read], []),
    );
    expect(next.active.ok && next.active.page.data).toEqual([lead(3), read, lead(1)]);
    expect(next.archived).toBeNull();
  });
});

describe('panelReducer', () => {
  it('starts from the loader, keeping what outlives a new answer', () => {
    const first = panelReducer(panelState(panel()), { type: 'actionFailed', message: 'No' });
    const again = panelReducer(first, { type: 'dismissList', state: 'active' });
    const restarted = panelState(panel({ q: 'x' }), again);
    expect(restarted.actionAlerts).toEqual(['No']);
    expect(restarted.dismissed).toEqual([]);
    expect(restarted.q).toBe('x');
  });

  it('shows new leads from the poll at once, or holds them while the admin points at the list', () => {
    const live = {
      totals: { active: 3, archived: 0, unread: 3, spam: 0 },
      active: page([lead(3), lead(2)]),
    };
    const shown = panelReducer(panelState(panel()), { type: 'live', live, holding: false });
    expect(names(shown.active)).toEqual(['Lead 3', 'Lead 2', 'Lead 1']);
    expect(shown.totals).toEqual(live.totals);

    const held = panelReducer(panelState(panel()), { type: 'live', live, holding: true });
    expect(names(held.active)).toEqual(['Lead 2', 'Lead 1']);
    expect(held.waiting.map((one) => one.name)).toEqual(['Lead 3']);
    const released = panelReducer(held, { type: 'showWaiting' });
    expect(names(released.active)).toEqual(['Lead 3', 'Lead 2', 'Lead 1']);
    expect(released.waiting).toEqual([]);
  });

  it('takes only totals from the poll while searched', () => {
    const live = {
      totals: { active: 3, archived: 0, unread: 3, spam: 0 },
      active: page([lead(3)]),
    };
    const next = panelReducer(panelState(panel({ q: 'Lead 1', active: list([lead(1)], null) })), {
      type: 'live',
      live,
      holding: false,
    });
    expect(names(next.active)).toEqual(['Lead 1']);
    expect(next.totals).toEqual(live.totals);
  });

  it('closes the archive when leads are unarchived, and keeps it open after other actions', () => {
    const open = panelReducer(panelState(panel()), { type: 'openArchive' });
    expect(
      panelReducer(open, { type: 'acted', result: answer('archive', [], []) }).showArchived,
    ).toBe(true);
    const unarchived = { ...answer('archive', [lead(1)], []), action: 'unarchive' as const };
    expect(panelReducer(open, { type: 'acted', result: unarchived }).showArchived).toBe(false);
  });

  it('appends a page and closes an action alert by its place', () => {
    const paged = panelReducer(panelState(panel()), {
      type: 'page',
      state: 'archived',
      page: page([lead(9)]),
    });
    expect(names(paged.archived)).toEqual(['Lead 9']);
    const two = ['A', 'B'].reduce(
      (state, message) => panelReducer(state, { type: 'actionFailed', message }),
      paged,
    );
    expect(panelReducer(two, { type: 'closeActionAlert', index: 0 }).actionAlerts).toEqual(['B']);
  });
});
