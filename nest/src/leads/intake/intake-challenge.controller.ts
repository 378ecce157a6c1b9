import { Controller, Get, Header, UseGuards } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';

import { PublicEndpoint } from '../../auth/admin-endpoint.decorator';
import { INTAKE_CHALLENGE_PATH, type IntakeChallenge } from '../../contract';

import { IntakeChallengeDto } from './intake-challenge.dto';
import { IntakeProof } from './intake-proof';
import { ChallengeThrottleGuard } from './intake-throttle.guard';

@ApiTags('intake')
@Controller()
export class IntakeChallengeController {
  constructor(private readonly proof: IntakeProof) {}

  @Get(INTAKE_CHALLENGE_PATH)
  @UseGuards(ChallengeThrottleGuard)
  // Each answer is new and for one visitor: no cache may keep or share it.
  @Header('Cache-Control', 'no-store')
  @PublicEndpoint({
    summary: 'A proof-of-work challenge for the intake (public; no cookies)',
    description:
      'An HMAC-signed ALTCHA v2 challenge. Solve it once and send the payload (base64 JSON of {challenge, solution}) as `altcha` with a submission, before `parameters.expiresAt`. Limited per visitor as the intake is (INTAKE_RATE_LIMIT per INTAKE_RATE_TTL seconds), counted apart.',
    ok: IntakeChallengeDto,
    errors: { 429: 'Too many challenges for this visitor; see Retry-After' },
  })
  challenge(): Promise<IntakeChallenge> {
    return this.proof.challenge();
  }
}
