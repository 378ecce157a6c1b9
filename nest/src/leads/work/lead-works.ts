import { type FactoryProvider } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import { LEAD_KIND_KEYS, type LeadKindKey } from '../../contract';
import { LeadNotifier } from '../../notifications/lead-notifier.service';
import { type LeadKindParts, leadPartsToken, LeadKinds } from '../core/lead-kinds';
import { LeadTimeline } from '../timeline/lead-timeline.store';

import { LeadWork } from './lead-work';
import { leadWorkToken } from './lead-work.token';

/** Every kind's work on one lead, by key: for what spans the kinds (a person's timelines). */
export abstract class LeadWorks {
  abstract of<K extends LeadKindKey>(key: K): LeadWork<K>;
}

/** One kind's LeadWork, built on the kind's parts (its repository and write queue). */
export const leadWorkProvider = (key: LeadKindKey): FactoryProvider => ({
  provide: leadWorkToken(key),
  inject: [leadPartsToken(key), LeadTimeline, LeadNotifier, LeadKinds, AppConfig],
  useFactory: (
    parts: LeadKindParts,
    timeline: LeadTimeline,
    notifier: LeadNotifier,
    kinds: LeadKinds,
    config: AppConfig,
  ) =>
    new LeadWork(parts.kind, parts.repository, timeline, {
      writes: parts.writes,
      notifier,
      kinds,
      from: config.notifications.from,
    }),
});

export const leadWorksProvider: FactoryProvider = {
  provide: LeadWorks,
  inject: LEAD_KIND_KEYS.map(leadWorkToken),
  useFactory: (...works: LeadWork[]): LeadWorks => {
    const byKey = new Map(works.map((work) => [work.kind.key, work] as const));
    return {
      of<K extends LeadKindKey>(key: K): LeadWork<K> {
        const work = byKey.get(key);
        if (!work) throw new Error(`no lead work for ${key}`);
        // Built by leadWorkProvider(key), so the work of `key` is a LeadWork<K>.
        return work as unknown as LeadWork<K>;
      },
    };
  },
};
