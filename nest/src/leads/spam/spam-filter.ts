import { Injectable } from '@nestjs/common';

import { AppConfig } from '../../config/app-config';
import { type SpamReason } from '../../contract';
import { type ProofVerdict } from '../intake/proof-verdict';

import { BlocklistStore } from './blocklist.store';
import { RepeatedText } from './repeated-text';
import { scoreSpam, type SpamSubmission, type SpamVerdict } from './spam-score';

/** Where a submission came from, besides its body: its proof of work and the visitor's address. */
export interface IntakeOrigin {
  proof: ProofVerdict;
  /** `req.ip`, as the intake limit reads it (TRUST_PROXY); an email's sender for inbound mail. */
  address: string;
  /** Reasons the channel itself found (inbound mail: its sender failed authentication). */
  reasons?: readonly SpamReason[];
}

/**
 * Every submission's score: asks the stateful rules (the repeated text, the blocklist), then scores
 * with the pure rules (spam-score.ts). Null with SPAM_FILTER=off: nothing is scored, nothing held.
 */
@Injectable()
export class SpamFilter {
  constructor(
    private readonly config: AppConfig,
    private readonly repeated: RepeatedText,
    private readonly blocklist: BlocklistStore,
  ) {}

  async judge(submission: SpamSubmission, origin: IntakeOrigin): Promise<SpamVerdict | null> {
    if (!this.config.spamFilter) return null;
    const [repeatedText, blocklist] = await Promise.all([
      this.repeated.seen(submission.kind, submission.fields, origin.address),
      this.blocklist.read(),
    ]);
    return scoreSpam(submission, origin.proof, { repeatedText, blocklist, found: origin.reasons });
  }
}
