import { type LeadKindKey } from '../../contract';

/** DI token of one kind's LeadService. */
export const leadServiceToken = (kind: LeadKindKey) => `LeadService:${kind}`;
