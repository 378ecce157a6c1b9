import { formatExactDate } from '@contract';

import { useTimeZone } from './time-zone';

/** An instant to the second in the viewer's zone, with the zone's offset. */
export function ExactDate({ iso }: { iso: string }) {
  return <>{formatExactDate(iso, useTimeZone())}</>;
}
