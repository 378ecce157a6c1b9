import { Injectable } from '@nestjs/common';

import { sharingReads } from '../../common/shared-reads';
import { type InboxOverviewResponse, LEAD_KIND_KEYS, type LeadKindKey } from '../../contract';
import { LeadKinds } from '../core/lead-kinds';
import { stageTotalsOf, type TotalsSnapshot } from '../core/list-view/lead-totals';
import { LeadTotalsStore } from '../core/list-view/lead-totals.store';

/** What spans the four inboxes. */
@Injectable()
export class InboxService {
  constructor(
    private readonly kinds: LeadKinds,
    private readonly totals: LeadTotalsStore,
  ) {}

  /** One read of every kind's totals, then each kind's first page (from its cache when current). */
  async overview(): Promise<InboxOverviewResponse> {
    const stored = await this.totals.readAll();
    // The kinds' first pages share the email-count version they each would read.
    const kinds = await sharingReads(() =>
      Promise.all(
        LEAD_KIND_KEYS.map(
          async (key) => [key, await this.kindOverview(key, stored[key])] as const,
        ),
      ),
    );
    return {
      success: true,
      kinds: Object.fromEntries(kinds) as InboxOverviewResponse['kinds'],
    };
  }

  private async kindOverview<K extends LeadKindKey>(key: K, stored?: TotalsSnapshot) {
    const { lists } = this.kinds.of(key);
    const at = stored ?? (await lists.totals());
    // After a change each may need a read (the head, the overdue window): side by side.
    // All of it as the admin asking sees it: their owners' kept totals when they see only some.
    const [overdue, active] = await Promise.all([lists.overdue(at), lists.pageAt('active', at)]);
    const seen = lists.seen(at);
    return {
      totals: {
        active: seen.active,
        archived: seen.archived,
        unread: seen.unread,
        spam: seen.spam,
        stages: stageTotalsOf(seen),
        overdue,
        needsReply: seen.new + seen.waiting - seen.snoozed,
      },
      active,
    };
  }
}
