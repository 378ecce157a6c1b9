import { type FactoryProvider } from '@nestjs/common';

import { LEAD_KIND_KEYS, type LeadKind, type LeadKindKey } from '../../contract';

import { planFollowUpDue } from './lead-follow-up-plan';
import { type LeadPrivacy } from './lead-privacy';
import { type LeadRecord } from './lead-record';
import { type LeadRuleAssignment } from './lead-rule-assignment';
import { type LeadWrites } from './lead-writes';
import { type LeadService } from './lead.service';
import { type LeadListView } from './list-view/lead-list-view';
import { type LeadUpkeepRepository } from './repository/lead-upkeep.repository';
import { type LeadRepository } from './repository/lead.repository';

/**
 * One kind's lead core, built by LeadModule.forKind and given under leadPartsToken(kind): each
 * part has one job. The core's own jobs and the features that extend one kind (its work) use it.
 */
export interface LeadKindParts<K extends LeadKindKey = LeadKindKey> {
  kind: LeadKind<K>;
  /** Every database call of the use cases. */
  repository: LeadRepository;
  /** The start-up fills' database calls. */
  upkeep: LeadUpkeepRepository;
  /** Kept totals and cached first pages, and their check. */
  view: LeadListView<K>;
  /** The kind's write queue: a plan written, then counted in and put on the timelines. */
  writes: LeadWrites;
  /** The use cases: intake, reads, admin actions. */
  service: LeadService<K>;
  /** A person's leads by email address. */
  privacy: LeadPrivacy<K>;
  /** Leads as an assignment rule gives them owners. */
  ruleAssignment: LeadRuleAssignment;
}

/** DI token of one kind's parts. */
export const leadPartsToken = (kind: LeadKindKey) => `LeadKindParts:${kind}`;

/**
 * One kind as a feature that spans the kinds sees it (inbox, insights, privacy, retention, the
 * notification worker, related requests): its lists' figures and pages, a person's leads, and a
 * lead as stored. Nothing else: a write goes through the kind's own rules, never around them.
 */
export interface LeadKindAccess<K extends LeadKindKey = LeadKindKey> {
  readonly kind: LeadKind<K>;
  /** Kept totals, first pages, overdue and arrivals (the inbox overview, insights). */
  readonly lists: Pick<
    LeadListView<K>,
    'totals' | 'seen' | 'pageAt' | 'list' | 'overdue' | 'arrivals'
  >;
  /** A person's leads by address, their erasure, leads past their retention. */
  readonly people: Pick<LeadPrivacy<K>, 'findByEmail' | 'withIds' | 'erase' | 'expire'>;
  /** A lead as stored, by id (null when there is none). */
  record(id: string): Promise<LeadRecord | null>;
  /** Owners given by the kind's assignment rule, through the kind's writes. */
  readonly ruleAssignment: LeadRuleAssignment;
  /**
   * The lead's follow-up `at` came (the outbox's worker says so): back in Needs reply, through the
   * kind's write queue; false when that follow-up was cleared or moved since, or the lead is gone.
   */
  followUpDue(id: string, at: Date): Promise<boolean>;
}

/** Every kind, by key and in the contract's order: read-only, built once at start. */
interface KindMap<T extends { kind: { key: LeadKindKey } }> {
  readonly all: readonly T[];
  of(key: LeadKindKey): T;
}

/** The kinds as the features built on the core see them (LeadKindAccess). */
export abstract class LeadKinds {
  abstract readonly all: readonly LeadKindAccess[];
  abstract of<K extends LeadKindKey>(key: K): LeadKindAccess<K>;
}

/** The kinds as the core's own jobs that span them see them: the totals check, start-up fills. */
export abstract class LeadCoreKinds {
  abstract readonly all: readonly LeadKindParts[];
  abstract of<K extends LeadKindKey>(key: K): LeadKindParts<K>;
}

function kindMap<T extends { kind: { key: LeadKindKey } }>(items: readonly T[]): KindMap<T> {
  const byKey = new Map(items.map((item) => [item.kind.key, item] as const));
  return {
    all: items,
    of(key) {
      const item = byKey.get(key);
      if (!item) throw new Error(`no lead kind ${key}`);
      return item;
    },
  };
}

const accessOf = <K extends LeadKindKey>(parts: LeadKindParts<K>): LeadKindAccess<K> => ({
  kind: parts.kind,
  lists: parts.view,
  people: parts.privacy,
  record: (id) => parts.repository.findById(id),
  ruleAssignment: parts.ruleAssignment,
  followUpDue: (id, at) =>
    parts.writes.run(async () => {
      const lead = await parts.repository.findById(id);
      if (!lead) return false;
      const plan = planFollowUpDue(lead, at, new Date());
      return (await parts.writes.commit(plan, null)) !== undefined;
    }),
});

/**
 * LeadCoreKinds and LeadKinds, from every kind's parts (each kind's module gives its own): a
 * module that lists the kinds provides these. A kind of the contract without its module is an
 * error at start, not at the first request.
 */
export const leadKindsProviders: FactoryProvider[] = [
  {
    provide: LeadCoreKinds,
    inject: LEAD_KIND_KEYS.map(leadPartsToken),
    // Each token gives its own kind's parts (LeadModule.forKind), so `of(key)` is that kind's.
    useFactory: (...parts: LeadKindParts[]) => kindMap(parts) as LeadCoreKinds,
  },
  {
    provide: LeadKinds,
    inject: [LeadCoreKinds],
    useFactory: (core: LeadCoreKinds) => kindMap(core.all.map(accessOf)) as LeadKinds,
  },
];
