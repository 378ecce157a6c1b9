import { type LeadKindKey } from '../../contract';

/** DI token of one kind's LeadWork. */
export const leadWorkToken = (kind: LeadKindKey) => `LeadWork:${kind}`;
