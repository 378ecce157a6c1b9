import { Body, Controller, Get, HttpStatus, Put, Req } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { ApiError } from '../../common/api-error';
import { ValidateBodyAs } from '../../common/validate-body-as.decorator';
import {
  LEAD_KIND_KEYS,
  RESPONSE_TARGET_MINUTES,
  RESPONSE_TARGETS_PATH,
  type ResponseTargetsRequest,
  type ResponseTargetsResponse,
} from '../../contract';

import { ResponseTargetsService } from './response-targets';
import { ResponseTargetsRequestDto, ResponseTargetsResponseDto } from './response-targets.dto';

/**
 * The body as a schema, written out: besides the DTO's properties (none of them required), it
 * takes no other key and at least one (minProperties, which a DTO cannot state).
 */
const REQUEST_SCHEMA = {
  type: 'object',
  additionalProperties: false,
  minProperties: 1,
  properties: Object.fromEntries(
    LEAD_KIND_KEYS.map((key) => [
      key,
      {
        type: 'integer',
        minimum: RESPONSE_TARGET_MINUTES.min,
        maximum: RESPONSE_TARGET_MINUTES.max,
        description: 'minutes to the first reply',
      },
    ]),
  ),
};

@ApiTags('settings')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class ResponseTargetsController {
  constructor(
    private readonly targets: ResponseTargetsService,
    private readonly audit: AuditService,
  ) {}

  @Get(RESPONSE_TARGETS_PATH)
  @ApiOperation({ summary: 'Each kind’s target time for the first reply, in minutes' })
  @ApiOkResponse({ type: ResponseTargetsResponseDto })
  async read(): Promise<ResponseTargetsResponse> {
    return { success: true, targets: await this.targets.all() };
  }

  @Put(RESPONSE_TARGETS_PATH)
  @ApiOperation({
    summary: 'Change one or more kinds’ response targets (whole minutes); the others keep theirs',
  })
  @ApiBody({ schema: REQUEST_SCHEMA })
  @ValidateBodyAs(ResponseTargetsRequestDto)
  @ApiOkResponse({ type: ResponseTargetsResponseDto, description: 'Every kind’s target, after' })
  @ApiBadRequestResponse({
    description: 'No kind named, an unknown kind, or a target that is not whole minutes in range',
  })
  async change(
    @Body() body: ResponseTargetsRequest,
    @Req() request: Request,
  ): Promise<ResponseTargetsResponse> {
    const changes = Object.fromEntries(
      LEAD_KIND_KEYS.flatMap((key) => (body[key] === undefined ? [] : [[key, body[key]]])),
    ) as ResponseTargetsRequest;
    if (Object.keys(changes).length === 0) {
      const message = `send at least one kind’s target: ${LEAD_KIND_KEYS.join(', ')}`;
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        message,
        Object.fromEntries(LEAD_KIND_KEYS.map((key) => [key, [message]])),
      );
    }
    const targets = await this.targets.set(changes);
    await this.audit.record(request, { action: 'response-targets-changed', detail: changes });
    return { success: true, targets };
  }
}
