import { Injectable } from '@nestjs/common';

import { type LeadKindKey } from '../../contract';

import { type LeadService } from './lead.service';

/** Every kind's LeadService, for what spans the kinds (the inbox overview, the totals check). */
@Injectable()
export class LeadRegistry {
  private readonly services = new Map<LeadKindKey, LeadService>();

  register(service: LeadService): void {
    this.services.set(service.kind.key, service);
  }

  get<K extends LeadKindKey>(kind: K): LeadService<K> {
    const service = this.services.get(kind);
    if (!service) throw new Error(`no lead module registered for ${kind}`);
    // Registered by LeadModule.forKind(kind), so the service of `kind` is a LeadService<K>.
    return service as LeadService<K>;
  }

  all(): LeadService[] {
    return [...this.services.values()];
  }
}
