import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { IntakeChallengeController } from './intake-challenge.controller';
import { IntakeProof } from './intake-proof';
import { USED_PROOF_MODEL, UsedProofSchema } from './used-proof.schema';
import { UsedProofs } from './used-proofs.store';

/**
 * The public intake's guards, below the lead core: the proof of work (the challenge call, and the
 * verdict every kind's intake asks for) and the per-visitor limits (intake-throttle.guard.ts).
 * Knows no lead: the core's intake endpoint asks it.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: USED_PROOF_MODEL, schema: UsedProofSchema }])],
  controllers: [IntakeChallengeController],
  providers: [IntakeProof, UsedProofs],
  exports: [IntakeProof],
})
export class IntakeModule {}
