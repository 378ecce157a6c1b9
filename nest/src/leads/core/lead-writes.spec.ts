import { LEAD_KINDS } from '../../contract';

import { planMergedAway } from './lead-action-plan';
import { memoryKind } from './lead-parts.fixture';

const kind = LEAD_KINDS.keDemo;
const origin = { proof: { status: 'trusted' as const }, address: '203.0.113.7' };
const body = (name: string) => ({
  name,
  email: `${name.toLowerCase()}@example.com`,
  company: `${name} Boats`,
});

describe('LeadWrites: a lead merged away and restored', () => {
  it('takes the lead out of the lists and totals, leaves its timeline, and restores it as it was', async () => {
    const core = memoryKind(kind);
    const kept = await core.service.submit(body('Ada'), origin);
    const merged = await core.service.submit(body('Grace'), origin);
    await core.service.act(null, 'stage', [merged], { input: { stage: 'qualified' } });
    await core.timeline.append(kind.key, [
      { leadId: merged, type: 'note', admin: null, detail: { text: 'kept' } },
    ]);
    const before = { ...core.repository.stored(merged)! };
    const events = await core.timeline.events(merged);
    expect(events.map((event) => event.type)).toEqual(['stage', 'note']);
    const { version, ...totals } = await core.view.totals();

    await core.writes.run(() => core.writes.commit(planMergedAway([before], new Date()), null));
    expect(core.repository.stored(merged)).toBeUndefined();
    expect(await core.view.totals()).toMatchObject({
      active: totals.active - 1,
      qualified: totals.qualified - 1,
    });
    // What it had has moved elsewhere (a merge): the removal leaves it.
    expect(await core.timeline.events(merged)).toEqual(events);
    expect((await core.view.list('active')).data.map((l) => l._id)).toEqual([kept]);

    expect(await core.writes.run(() => core.writes.restore(before))).toBe(true);
    expect(await core.writes.run(() => core.writes.restore(before))).toBe(false);
    expect(core.repository.stored(merged)).toEqual(before);
    const { version: after, ...restored } = await core.view.totals();
    expect(restored).toEqual(totals);
    expect(after).toBeGreaterThan(version);
  });
});
