import { Controller, Get, Inject, Param, type Type } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';

import { ObjectIdPipe } from '../../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import { type LeadKind, type LeadKindKey, type LeadTimelineResponse } from '../../contract';
import { named, pascalCase } from '../core/lead.dto';

import { LeadWork } from './lead-work';
import { LeadTimelineResponseDto } from './lead-work.dto';
import { leadWorkToken } from './lead-work.token';

/**
 * Builds the controller of one kind's work on one lead, under `/<module>/<resource>/:id/…`: its
 * timeline (and notes and replies). Beside the kind's list controller, which keeps the spec's calls.
 */
export function createLeadWorkController<K extends LeadKindKey>(kind: LeadKind<K>): Type {
  @ApiTags(kind.module)
  @ApiBearerAuth()
  @ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
  @Controller(kind.module)
  class LeadWorkController {
    constructor(@Inject(leadWorkToken(kind.key)) private readonly work: LeadWork<K>) {}

    @Get(`${kind.resource}/:id/timeline`)
    @ApiOperation({ summary: 'The lead’s timeline, oldest first, from its arrival' })
    @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
    @ApiOkResponse({ type: LeadTimelineResponseDto })
    @ApiBadRequestResponse({ description: 'Malformed id' })
    @ApiNotFoundResponse({ description: 'No such lead' })
    async timeline(@Param('id', ObjectIdPipe) id: string): Promise<LeadTimelineResponse> {
      return { success: true, events: await this.work.timelineOf(id) };
    }
  }
  return named(LeadWorkController, `${pascalCase(kind)}WorkController`);
}
