import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Req,
  type Type,
} from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request } from 'express';

import { AuditService } from '../../audit/audit.service';
import { ApiError } from '../../common/api-error';
import { ObjectIdPipe } from '../../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  type AdminRef,
  type LeadKind,
  type LeadKindKey,
  type LeadNoteResponse,
  type LeadReplyResponse,
  type LeadTimelineResponse,
  type RelatedLeadsResponse,
} from '../../contract';
import { named, pascalCase } from '../core/lead.dto';

import { LeadWork } from './lead-work';
import {
  LeadNoteRequestDto,
  LeadNoteResponseDto,
  LeadReplyRequestDto,
  LeadReplyResponseDto,
  LeadTimelineResponseDto,
  RelatedLeadsResponseDto,
  SuccessDto,
} from './lead-work.dto';
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
    constructor(
      @Inject(leadWorkToken(kind.key)) private readonly work: LeadWork<K>,
      private readonly audit: AuditService,
    ) {}

    @Get(`${kind.resource}/:id/timeline`)
    @ApiOperation({ summary: 'The lead’s timeline, oldest first, from its arrival' })
    @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
    @ApiOkResponse({ type: LeadTimelineResponseDto })
    @ApiBadRequestResponse({ description: 'Malformed id' })
    @ApiNotFoundResponse({ description: 'No such lead' })
    async timeline(@Param('id', ObjectIdPipe) id: string): Promise<LeadTimelineResponse> {
      return { success: true, events: await this.work.timelineOf(id) };
    }

    @Post(`${kind.resource}/:id/notes`)
    @ApiOperation({ summary: 'Add an internal note (never sent to the lead, never in a webhook)' })
    @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
    @ApiBody({ type: LeadNoteRequestDto })
    @ApiCreatedResponse({ type: LeadNoteResponseDto })
    @ApiBadRequestResponse({ description: 'Malformed id, or a missing, empty or too long text' })
    @ApiNotFoundResponse({ description: 'No such lead' })
    async addNote(
      @Body() body: LeadNoteRequestDto,
      @Param('id', ObjectIdPipe) id: string,
      @Req() request: Request,
    ): Promise<LeadNoteResponse> {
      const note = await this.work.addNote(adminOf(request), id, body.text);
      // The note's id only: its text stays on the lead's timeline, and goes with the lead.
      await this.audit.record(request, {
        action: 'note-added',
        kind: kind.key,
        ids: [id],
        detail: { note: note.id },
      });
      return { success: true, note };
    }

    @Delete(`${kind.resource}/:id/notes/:noteId`)
    @ApiOperation({ summary: 'Delete a note (its author only)' })
    @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
    @ApiParam({ name: 'noteId', schema: OBJECT_ID_SCHEMA })
    @ApiOkResponse({ type: SuccessDto })
    @ApiBadRequestResponse({ description: 'Malformed id' })
    @ApiForbiddenResponse({ description: 'The note is another admin’s' })
    @ApiNotFoundResponse({ description: 'No such lead, or no such note on it' })
    async deleteNote(
      @Param('id', ObjectIdPipe) id: string,
      @Param('noteId', ObjectIdPipe) noteId: string,
      @Req() request: Request,
    ): Promise<{ success: true }> {
      await this.work.deleteNote(adminOf(request), id, noteId);
      await this.audit.record(request, {
        action: 'note-deleted',
        kind: kind.key,
        ids: [id],
        detail: { note: noteId },
      });
      return { success: true };
    }

    @Post(`${kind.resource}/:id/reply`)
    @HttpCode(HttpStatus.ACCEPTED)
    @ApiOperation({
      summary: 'Reply to the lead by email (queued; its delivery shows on the timeline)',
      description:
        'From NOTIFY_FROM to the lead’s address, Reply-To the replying admin, plain text, threaded with the lead’s earlier replies. The first reply sets firstResponseAt and moves a new lead to contacted.',
    })
    @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
    @ApiBody({ type: LeadReplyRequestDto })
    @ApiAcceptedResponse({ type: LeadReplyResponseDto })
    @ApiBadRequestResponse({
      description: 'Malformed id; a missing, empty or too long subject or text; CR/LF in subject',
    })
    @ApiNotFoundResponse({ description: 'No such lead' })
    @ApiConflictResponse({ description: 'SMTP_URL is not set: nothing queued' })
    async reply(
      @Body() body: LeadReplyRequestDto,
      @Param('id', ObjectIdPipe) id: string,
      @Req() request: Request,
    ): Promise<LeadReplyResponse> {
      const replyId = await this.work.reply(adminOf(request), id, body);
      await this.audit.record(request, {
        action: 'reply',
        kind: kind.key,
        ids: [id],
        detail: { reply: replyId },
      });
      return { success: true, reply: { id: replyId, status: 'queued' } };
    }

    @Get(`${kind.resource}/:id/related`)
    @ApiOperation({ summary: 'The person’s other requests, in any kind, newest first' })
    @ApiParam({ name: 'id', schema: OBJECT_ID_SCHEMA })
    @ApiOkResponse({ type: RelatedLeadsResponseDto })
    @ApiBadRequestResponse({ description: 'Malformed id' })
    @ApiNotFoundResponse({ description: 'No such lead' })
    async related(@Param('id', ObjectIdPipe) id: string): Promise<RelatedLeadsResponse> {
      return { success: true, related: await this.work.related(id) };
    }
  }
  return named(LeadWorkController, `${pascalCase(kind)}WorkController`);
}

/** The signed-in admin (the app-wide guard sets it on every route here). */
function adminOf(request: Request): AdminRef {
  if (!request.admin) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Sign in first');
  return { id: request.admin.id, email: request.admin.email };
}
