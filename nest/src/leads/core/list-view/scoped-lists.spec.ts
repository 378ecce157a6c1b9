import { asViewer } from '../../../common/lead-viewer.context';
import { FULL_LEAD_ACCESS, LEAD_KINDS, type LeadViewer, NO_LEAD_ACCESS } from '../../../contract';
import { ObjectId } from '../../../database/object-id';
import { memoryKind } from '../lead-parts.fixture';
import { type LeadRecord } from '../lead-record';
import { leadRecord } from '../lead-record.fixture';

import { totalsChange } from './lead-totals';

const kind = LEAD_KINDS.contactUs;
const agentId = new ObjectId();
const otherId = new ObjectId();
const owned = (n: number, owner: ObjectId | null): LeadRecord => ({
  ...leadRecord(n),
  assigneeId: owner,
  assigneeEmail: owner ? `${owner.toHexString()}@example.com` : null,
});
/** Leads 1..6, oldest first: 1, 4 the agent's; 2, 5 another admin's; 3, 6 nobody's. */
const leads = () => [1, 2, 3, 4, 5, 6].map((n) => owned(n, [agentId, otherId, null][(n - 1) % 3]!));
const agent = (seeUnassigned: boolean): LeadViewer => ({
  id: agentId.toHexString(),
  access: { kinds: { ...NO_LEAD_ACCESS.kinds, contactUs: 'assigned' }, seeUnassigned },
});
const names = (page: { data: { name: string }[] }) => page.data.map((lead) => lead.name);

describe('a list view read as a viewer who sees some owners’ leads', () => {
  it('answers their leads and their owners’ kept totals; every lead to the rest', async () => {
    const { view } = memoryKind(kind, { leads: leads() });
    const theirs = await asViewer(agent(false), () => view.list('active'));
    expect(names(theirs)).toEqual(['Lead 4', 'Lead 1']);
    expect(theirs.total).toBe(2);
    const withNobodys = await asViewer(agent(true), () => view.list('active', { limit: 2 }));
    expect(names(withNobodys)).toEqual(['Lead 6', 'Lead 4']);
    expect(withNobodys.total).toBe(4);
    const next = await asViewer(agent(true), () =>
      view.list('active', { limit: 2, cursor: withNobodys.nextCursor ?? '' }),
    );
    expect(names(next)).toEqual(['Lead 3', 'Lead 1']);
    const everyone = await asViewer({ id: otherId.toHexString(), access: FULL_LEAD_ACCESS }, () =>
      view.list('active'),
    );
    expect(everyone.total).toBe(6);
    expect((await view.list('active')).total).toBe(6);
  });

  it('keeps the owners’ totals by the changes counted in, without a count', async () => {
    const core = memoryKind(kind, { leads: leads() });
    await core.view.totals();
    const [first] = leads();
    const moved = { ...first!, archivedAt: new Date() };
    await core.view.record(totalsChange([first!], [moved]), [{ upsert: moved }]);
    const seen = await asViewer(agent(false), async () => core.view.seen(await core.view.totals()));
    expect(seen).toMatchObject({ active: 1, archived: 1, unread: 1 });
  });

  it('answers nothing of a kind the viewer has none of', async () => {
    const { view } = memoryKind(kind, { leads: leads() });
    const none: LeadViewer = { id: agentId.toHexString(), access: NO_LEAD_ACCESS };
    expect(await asViewer(none, () => view.list('active'))).toEqual({
      data: [],
      nextCursor: null,
      total: 0,
    });
    expect(await asViewer(none, async () => view.overdue(await view.totals()))).toBe(0);
  });

  it('keeps a scope’s head: read once, then moved by this process’s changes', async () => {
    // The 300 newest are another admin's: the kind's head (201) holds none of the agent's 60.
    const stored = [
      ...Array.from({ length: 60 }, (_, n) => owned(n + 1, agentId)),
      ...Array.from({ length: 300 }, (_, n) => owned(n + 61, otherId)),
    ];
    const core = memoryKind(kind, { leads: stored });
    const reads = jest.spyOn(core.repository, 'page');
    const first = await asViewer(agent(false), () => core.view.list('active'));
    expect(names(first).slice(0, 2)).toEqual(['Lead 60', 'Lead 59']);
    expect(first.total).toBe(60);
    const readsToFill = reads.mock.calls.length;
    const again = await asViewer(agent(false), () => core.view.list('active'));
    expect(names(again)).toEqual(names(first));
    const next = await asViewer(agent(false), () =>
      core.view.list('active', { cursor: again.nextCursor ?? '' }),
    );
    expect(names(next)[0]).toBe('Lead 10');
    expect(reads.mock.calls.length).toBe(readsToFill);

    // Lead 60 goes to the other admin: it leaves the agent's head, with no read.
    const lead60 = stored[59]!;
    const given = { ...lead60, assigneeId: otherId, assigneeEmail: 'other@example.com' };
    core.repository.leads = core.repository.leads.map((lead) => (lead === lead60 ? given : lead));
    await core.view.record(totalsChange([lead60], [given]), [{ upsert: given }]);
    const after = await asViewer(agent(false), () => core.view.list('active'));
    expect(names(after).slice(0, 2)).toEqual(['Lead 59', 'Lead 58']);
    expect(after.total).toBe(59);
    expect(reads.mock.calls.length).toBe(readsToFill);
  });
});
