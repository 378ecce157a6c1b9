import { Injectable, type OnModuleInit } from '@nestjs/common';

import { AdminRemovals } from '../../auth/admin-removals';

import { LeadCoreKinds } from './lead-kinds';

/** A removed admin owns no lead after: every kind clears their ownership through its action path. */
@Injectable()
export class LeadOwnerRelease implements OnModuleInit {
  constructor(
    private readonly removals: AdminRemovals,
    private readonly kinds: LeadCoreKinds,
  ) {}

  onModuleInit(): void {
    this.removals.listen(async (removed, by) => {
      for (const { service } of this.kinds.all) await service.releaseOwner(by, removed);
    });
  }
}
