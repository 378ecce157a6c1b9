import { HttpStatus } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { createSettingsController } from '../../common/settings.controller';
import {
  LEAD_KIND_KEYS,
  RESPONSE_TARGET_MINUTES,
  RESPONSE_TARGETS_PATH,
  type ResponseTargetsRequest,
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

/** GET and PUT /settings/response-targets: each kind's target time for the first reply. */
export const ResponseTargetsController = createSettingsController({
  permission: 'settings.leads',
  name: 'ResponseTargetsController',
  path: RESPONSE_TARGETS_PATH,
  keeper: ResponseTargetsService,
  field: 'targets',
  answer: ResponseTargetsResponseDto,
  read: {
    summary: 'Each kind’s target time for the first reply, in minutes',
    run: (targets) => targets.all(),
  },
  write: {
    summary: 'Change one or more kinds’ response targets (whole minutes); the others keep theirs',
    body: { schema: REQUEST_SCHEMA, validateAs: ResponseTargetsRequestDto },
    written: 'Every kind’s target, after',
    invalid: 'No kind named, an unknown kind, or a target that is not whole minutes in range',
    run: (targets, body: ResponseTargetsRequest) => targets.set(changesOf(body)),
    audit: { action: 'response-targets-changed', detail: (body) => changesOf(body) },
  },
});

/** The kinds a body names, each with its new target; at least one, or a 400 naming them all. */
function changesOf(body: ResponseTargetsRequest): ResponseTargetsRequest {
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
  return changes;
}
