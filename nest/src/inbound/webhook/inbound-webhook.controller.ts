import { Controller, HttpStatus, Post, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiHeader, ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { PublicEndpoint } from '../../auth/admin-endpoint.decorator';
import { ApiError } from '../../common/api-error';
import { INBOUND_PATHS, type InboundWebhookResponse } from '../../contract';
import { InboundPipeline } from '../inbound-pipeline';

import { InboundWebhookResponseDto } from './inbound-webhook.dto';

/**
 * The raw-message webhook: an MTA (a Postfix pipe to curl, a Cloudflare Email Worker, SES to a
 * function) posts each message as it received it. Public but for its own secret: the body and
 * signature are checked before this runs (rawMessageBody).
 */
@ApiTags('inbound')
@Controller()
export class InboundWebhookController {
  constructor(private readonly pipeline: InboundPipeline) {}

  @Post(INBOUND_PATHS.webhook)
  @PublicEndpoint({
    summary: 'Take in one email, as the receiving mail server got it',
    description:
      'The whole message as `Content-Type: message/rfc822`, signed as Standard Webhooks says with INBOUND_WEBHOOK_SECRET (`webhook-id`, `webhook-timestamp`, `webhook-signature` over the raw bytes). Kept once, however often it is posted.',
    status: HttpStatus.ACCEPTED,
    ok: InboundWebhookResponseDto,
    errors: {
      400: 'Not an email message, or one refused as bad input (the reason)',
      401: 'Missing or wrong signature',
      404: 'The webhook is off (INBOUND_WEBHOOK_SECRET unset)',
      413: 'Larger than INBOUND_MAX_BYTES',
      415: 'Not message/rfc822',
      503: 'Not stored now (database away): send it again',
    },
  })
  // The raw bytes, read and checked by rawMessageBody: no JSON body, so no ValidateBodyAs.
  @ApiConsumes('message/rfc822')
  @ApiBody({ schema: { type: 'string', format: 'binary' } })
  @ApiHeader({ name: 'webhook-id', required: true })
  @ApiHeader({ name: 'webhook-timestamp', required: true })
  @ApiHeader({ name: 'webhook-signature', required: true })
  async receive(@Req() request: Request): Promise<InboundWebhookResponse> {
    const raw = request.body as Buffer;
    const accepted = await this.pipeline.accept(raw, 'webhook');
    if (accepted.outcome === 'failed')
      throw new ApiError(HttpStatus.BAD_REQUEST, `Message refused: ${accepted.reason}`);
    // Another delivery of the same message (the mailbox, a retry) holds it right now: it is that
    // delivery's to keep, and its source delivers it again should it fail.
    const outcome = accepted.outcome === 'busy' ? 'duplicate' : accepted.outcome;
    return { success: true, outcome, id: accepted.id };
  }
}
