import { Injectable } from '@nestjs/common';

import { sharingReads } from '../../common/shared-reads';
import { type InboxOverviewResponse, LEAD_KIND_KEYS, type LeadKindKey } from '../../contract';
import { LeadKinds } from '../core/lead-kinds';
import { stageTotalsOf } from '../core/list-view/lead-totals';

/** What spans the four inboxes. */
@Injectable()
export class InboxService {
  constructor(private readonly kinds: LeadKinds) {}

  /**
   * Each kind's totals and first page (from its cache when current), the kinds side by side
   * sharing what each would read alone: one read of every kind's totals, one of the email-count
   * version.
   */
  async overview(): Promise<InboxOverviewResponse> {
    const kinds = await sharingReads(() =>
      Promise.all(LEAD_KIND_KEYS.map(async (key) => [key, await this.kindOverview(key)] as const)),
    );
    return {
      success: true,
      kinds: Object.fromEntries(kinds) as InboxOverviewResponse['kinds'],
    };
  }

  private async kindOverview<K extends LeadKindKey>(key: K) {
    const { lists } = this.kinds.of(key);
    const at = await lists.totals();
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
