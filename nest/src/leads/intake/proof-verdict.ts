/**
 * What the intake learned about a submission's proof of work (issue 22), as the spam score reads
 * it. The proof part (ALTCHA challenge, `X-Intake-Key`, `INTAKE_PROOF`) produces it; the scoring
 * part only reads it, so neither needs the other's internals.
 */
export type ProofVerdict =
  /** A valid `X-Intake-Key`: a known server-to-server sender; no proof is asked for. */
  | { readonly status: 'trusted' }
  /** A solved challenge, used for the first time; `issuedAt` is when the challenge was handed out. */
  | { readonly status: 'valid'; readonly issuedAt: Date }
  | { readonly status: 'missing' }
  | { readonly status: 'invalid' }
  | { readonly status: 'reused' }
  /** `INTAKE_PROOF=off`: nothing was checked. */
  | { readonly status: 'unchecked' };
