import { Injectable } from '@nestjs/common';

import { type LeadKind, type LeadKindKey } from '../../contract';
import { type LeadWork } from '../work/lead-work';

import { type LeadPrivacy } from './lead-privacy';
import { type LeadWrites } from './lead-writes';
import { type LeadRepository } from './lead.repository';
import { type LeadService } from './lead.service';
import { type LeadListView } from './list-view/lead-list-view';

/** One kind's lead core: each part has one job (see LeadModule.forKind, which builds them). */
export interface LeadKindParts<K extends LeadKindKey = LeadKindKey> {
  kind: LeadKind<K>;
  /** The use cases: intake, reads, admin actions. */
  service: LeadService<K>;
  /** Kept totals and cached first pages, and their check. */
  view: LeadListView<K>;
  /** A person's leads by email address. */
  privacy: LeadPrivacy<K>;
  /** Every database call. */
  repository: LeadRepository;
  /** One lead worked: its timeline, notes and replies. */
  work: LeadWork<K>;
  /** The kind's write queue and commit (a lead's state following its emails). */
  writes: LeadWrites;
}

/** Every kind's parts, for what spans the kinds (the inbox overview, privacy, the totals check). */
@Injectable()
export class LeadRegistry {
  private readonly kinds = new Map<LeadKindKey, LeadKindParts>();

  register(parts: LeadKindParts): void {
    this.kinds.set(parts.kind.key, parts);
  }

  get<K extends LeadKindKey>(kind: K): LeadKindParts<K> {
    const parts = this.kinds.get(kind);
    if (!parts) throw new Error(`no lead module registered for ${kind}`);
    // Registered by LeadModule.forKind(kind), so the parts of `kind` are LeadKindParts<K>.
    return parts as unknown as LeadKindParts<K>;
  }

  all(): LeadKindParts[] {
    return [...this.kinds.values()];
  }
}
