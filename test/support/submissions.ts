import { type LeadKindDescriptor } from '../../nest/src/contract';

/**
 * A valid submission of each kind, as its form would send it. Each `n` has words of its own: one
 * text from three addresses is a spam reason (decision 0019).
 */
export function validSubmission(kind: LeadKindDescriptor, n = 0): Record<string, string> {
  return {
    name: `Ada Lovelace ${n}`,
    email: `ada${n}@example.com`,
    ...(kind.phoneRequired ? { phone_number: '+44 20 7946 0000' } : {}),
    ...(kind.hasSubject ? { subject: 'Pricing data' } : {}),
    [kind.textField]:
      kind.textField === 'message'
        ? `Request ${n}: tell me about your price models.`
        : 'Harbour Ltd',
  };
}
