/**
 * How far a lead has been worked, in order: every lead arrives `new`. Its own file because both a
 * lead (leads.ts) and its work (lead-work.ts) name it, and neither imports the other for it.
 */
export const LEAD_STAGES = ['new', 'contacted', 'qualified', 'won', 'lost'] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];

export function isLeadStage(value: unknown): value is LeadStage {
  return typeof value === 'string' && (LEAD_STAGES as readonly string[]).includes(value);
}
