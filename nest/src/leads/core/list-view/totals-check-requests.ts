import { Injectable } from '@nestjs/common';

import { type LeadKindKey } from '../../../contract';

/**
 * Where a kind's list view says its kept totals may have been left behind, and the totals check
 * hears it: the view is built before the checker, which needs every kind's view, so the view
 * only says so here.
 */
@Injectable()
export class TotalsCheckRequests {
  private listener: (kind: LeadKindKey) => void = () => undefined;

  /** The checker of this process listens. */
  listen(listener: (kind: LeadKindKey) => void): void {
    this.listener = listener;
  }

  request(kind: LeadKindKey): void {
    this.listener(kind);
  }
}
