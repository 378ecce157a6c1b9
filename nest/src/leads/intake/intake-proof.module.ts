import { Global, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';

import { IntakeChallengeController } from './intake-challenge.controller';
import { IntakeProof } from './intake-proof';
import { USED_PROOF_MODEL, UsedProofSchema } from './used-proof.schema';
import { UsedProofs } from './used-proofs.store';

/** The intake's proof of work: the challenge call, and the verdict every kind's intake asks for. */
@Global()
@Module({
  imports: [MongooseModule.forFeature([{ name: USED_PROOF_MODEL, schema: UsedProofSchema }])],
  controllers: [IntakeChallengeController],
  providers: [IntakeProof, UsedProofs],
  exports: [IntakeProof],
})
export class IntakeProofModule {}
