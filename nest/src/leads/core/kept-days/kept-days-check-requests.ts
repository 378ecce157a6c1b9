import { Injectable } from '@nestjs/common';

import { TotalsCheckRequests } from '../list-view/totals-check-requests';

/**
 * Where a kind's writes say its kept insights days missed a change, and the days' check (in the
 * insights module, which the kinds are built before) hears it; the same hand-over as the totals'.
 */
@Injectable()
export class KeptDaysCheckRequests extends TotalsCheckRequests {}
