import { type LeadKindKey } from '../../contract';

/** DI token of one kind's LeadService (four instances of one class). */
export const leadServiceToken = (kind: LeadKindKey) => `LeadService:${kind}`;
