import {
  Body,
  Controller,
  Delete,
  Get,
  HttpStatus,
  Inject,
  Param,
  Post,
  Req,
  type Type,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { ApiError } from '../../common/api-error';
import { named } from '../../common/named';
import { ObjectIdPipe } from '../../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import {
  type AdminRef,
  followUpTime,
  type LeadKind,
  type LeadFollowUpResponse,
  type LeadKindKey,
  type LeadNoteResponse,
  type LeadReplyResponse,
  type LeadTimelineResponse,
  type RelatedLeadsResponse,
} from '../../contract';
import { pascalCase } from '../core/lead.dto';

import { LeadWork } from './lead-work';
import {
  LeadFollowUpRequestDto,
  LeadFollowUpResponseDto,
  LeadNoteRequestDto,
  LeadNoteResponseDto,
  LeadReplyRequestDto,
  LeadReplyResponseDto,
  LeadTimelineResponseDto,
  RelatedLeadsResponseDto,
  SuccessDto,
} from './lead-work.dto';
import { leadWorkToken } from './lead-work.token';

const ID = { id: OBJECT_ID_SCHEMA };
// The audit entries name leads as ObjectIdPipe hands them to the handler: in lower case.

/**
 * Builds the controller of one kind's work on one lead, under `/<module>/<resource>/:id/…`: its
 * timeline (and notes and replies). Beside the kind's list controller, which keeps the spec's calls.
 */
export function createLeadWorkController<K extends LeadKindKey>(kind: LeadKind<K>): Type {
  @ApiTags(kind.module)
  @Controller(kind.module)
  class LeadWorkController {
    constructor(@Inject(leadWorkToken(kind.key)) private readonly work: LeadWork<K>) {}

    @Get(`${kind.resource}/:id/timeline`)
    @AdminEndpoint({
      permission: 'leads.read',
      summary: 'The lead’s timeline, oldest first, from its arrival',
      params: ID,
      ok: LeadTimelineResponseDto,
      errors: { 400: 'Malformed id', 404: 'No such lead' },
    })
    async timeline(@Param('id', ObjectIdPipe) id: string): Promise<LeadTimelineResponse> {
      return { success: true, events: await this.work.timelineOf(id) };
    }

    @Post(`${kind.resource}/:id/notes`)
    @AdminEndpoint({
      permission: 'leads.work',
      summary: 'Add an internal note (never sent to the lead, never in a webhook)',
      params: ID,
      body: LeadNoteRequestDto,
      status: 201,
      ok: LeadNoteResponseDto,
      errors: { 400: 'Malformed id, or a missing, empty or too long text', 404: 'No such lead' },
    })
    // The note's id only: its text stays on the lead's timeline, and goes with the lead.
    @Audited<{ params: { id: string }; result: LeadNoteResponse }>(
      'note-added',
      ({ params, result }) => ({
        kind: kind.key,
        ids: [params.id.toLowerCase()],
        detail: { note: result.note.id },
      }),
    )
    async addNote(
      @Body() body: LeadNoteRequestDto,
      @Param('id', ObjectIdPipe) id: string,
      @Req() request: Request,
    ): Promise<LeadNoteResponse> {
      return { success: true, note: await this.work.addNote(adminOf(request), id, body.text) };
    }

    @Delete(`${kind.resource}/:id/notes/:noteId`)
    @AdminEndpoint({
      permission: 'leads.work',
      summary: 'Delete a note (its author only)',
      params: { ...ID, noteId: OBJECT_ID_SCHEMA },
      ok: SuccessDto,
      errors: {
        400: 'Malformed id',
        403: 'The note is another admin’s',
        404: 'No such lead, or no such note on it',
      },
    })
    @Audited<{ params: { id: string; noteId: string } }>('note-deleted', ({ params }) => ({
      kind: kind.key,
      ids: [params.id.toLowerCase()],
      detail: { note: params.noteId.toLowerCase() },
    }))
    async deleteNote(
      @Param('id', ObjectIdPipe) id: string,
      @Param('noteId', ObjectIdPipe) noteId: string,
      @Req() request: Request,
    ): Promise<{ success: true }> {
      await this.work.deleteNote(adminOf(request), id, noteId);
      return { success: true };
    }

    @Post(`${kind.resource}/:id/reply`)
    @AdminEndpoint({
      permission: 'leads.work',
      summary: 'Reply to the lead by email (queued; its delivery shows on the timeline)',
      description:
        'From NOTIFY_FROM to the lead’s address, Reply-To the replying admin, plain text, threaded with the lead’s earlier replies. The first reply sets firstResponseAt and moves a new lead to contacted.',
      params: ID,
      body: LeadReplyRequestDto,
      status: HttpStatus.ACCEPTED,
      ok: LeadReplyResponseDto,
      errors: {
        400: 'Malformed id; a missing, empty or too long subject or text; CR/LF in subject',
        404: 'No such lead',
        409: 'SMTP_URL is not set: nothing queued',
      },
    })
    @Audited<{ params: { id: string }; result: LeadReplyResponse }>(
      'reply',
      ({ params, result }) => ({
        kind: kind.key,
        ids: [params.id.toLowerCase()],
        detail: { reply: result.reply.id },
      }),
    )
    async reply(
      @Body() body: LeadReplyRequestDto,
      @Param('id', ObjectIdPipe) id: string,
      @Req() request: Request,
    ): Promise<LeadReplyResponse> {
      const replyId = await this.work.reply(adminOf(request), id, body);
      return { success: true, reply: { id: replyId, status: 'queued' } };
    }

    @Post(`${kind.resource}/:id/follow-up`)
    @AdminEndpoint({
      permission: 'leads.work',
      summary: 'Set the lead’s follow-up ("Remind me"), or clear it (at: null)',
      description:
        'While it is in the future the lead is out of Needs reply. At that time it comes back (unread, on its timeline) and its owner is emailed through the outbox (with SMTP_URL).',
      params: ID,
      body: LeadFollowUpRequestDto,
      ok: LeadFollowUpResponseDto,
      errors: {
        400: 'Malformed id; `at` missing, not ISO 8601 with a zone, in the past, or over a year ahead',
        404: 'No such lead',
      },
    })
    @Audited<{ params: { id: string }; result: LeadFollowUpResponse }>(
      'follow-up',
      ({ params, result }) => ({
        kind: kind.key,
        ids: [params.id.toLowerCase()],
        detail: { at: result.followUpAt ?? 'none' },
      }),
    )
    async followUp(
      @Body() body: LeadFollowUpRequestDto,
      @Param('id', ObjectIdPipe) id: string,
      @Req() request: Request,
    ): Promise<LeadFollowUpResponse> {
      const at = body.at === null ? null : new Date(followUpTime(body.at));
      return { success: true, followUpAt: await this.work.followUp(adminOf(request), id, at) };
    }

    @Get(`${kind.resource}/:id/related`)
    @AdminEndpoint({
      permission: 'leads.read',
      summary: 'The person’s other requests, in any kind, newest first',
      params: ID,
      ok: RelatedLeadsResponseDto,
      errors: { 400: 'Malformed id', 404: 'No such lead' },
    })
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
