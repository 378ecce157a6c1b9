import { Body, Controller, Delete, Get, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';

import { AuditService } from '../../audit/audit.service';
import { Audited } from '../../audit/audited.decorator';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { PageQueryDto } from '../../common/page-query.dto';
import {
  type AttachUnmatchedRequest,
  type AttachUnmatchedResponse,
  INBOUND_PATHS,
  type UnmatchedPageResponse,
} from '../../contract';
import { sendAttachment } from '../../leads/conversation/attachment-download';
import {
  ATTACHMENT_NUMBER_SCHEMA,
  AttachmentNumberPipe,
  MESSAGE_ID_SCHEMA,
  MessageIdPipe,
} from '../../leads/conversation/message-params';
import { SuccessDto } from '../../leads/work/lead-work.dto';

import { UnmatchedMessages } from './unmatched-messages';
import {
  AttachUnmatchedRequestDto,
  AttachUnmatchedResponseDto,
  UnmatchedPageDto,
} from './unmatched.dto';

const ID = { id: MESSAGE_ID_SCHEMA };

/** The Unmatched list: messages no lead was found for, waiting for an admin. */
@ApiTags('inbound')
@Controller()
export class UnmatchedController {
  constructor(
    private readonly unmatched: UnmatchedMessages,
    private readonly audit: AuditService,
  ) {}

  @Get(INBOUND_PATHS.unmatched)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'Messages no lead was found for, newest first',
    ok: UnmatchedPageDto,
    errors: { 400: 'Malformed limit or cursor' },
  })
  list(@Query() query: PageQueryDto): Promise<UnmatchedPageResponse> {
    return this.unmatched.page(query);
  }

  @Post(`${INBOUND_PATHS.unmatched}/:id/attach`)
  @AdminEndpoint({
    permission: 'leads.work',
    summary: 'Attach a message to a lead (it joins the lead’s conversation)',
    params: ID,
    body: AttachUnmatchedRequestDto,
    ok: AttachUnmatchedResponseDto,
    errors: {
      400: 'Malformed id, kind or leadId',
      404: 'No such message in the list, or no such lead',
    },
  })
  // Ids only: the message's words and addresses stay in the conversation.
  @Audited<{
    params: { id: string };
    body: AttachUnmatchedRequest;
    result: AttachUnmatchedResponse;
  }>('unmatched-attached', ({ params, body, result }) => ({
    kind: body.kind,
    ids: [result.leadId],
    detail: { message: params.id },
  }))
  attach(
    @Body() body: AttachUnmatchedRequestDto,
    @Param('id', MessageIdPipe) id: string,
  ): Promise<AttachUnmatchedResponse> {
    return this.unmatched.attach(id, body.kind, body.leadId);
  }

  @Delete(`${INBOUND_PATHS.unmatched}/:id`)
  @AdminEndpoint({
    permission: 'leads.work',
    summary: 'Delete a message from the list, with its attachments',
    params: ID,
    ok: SuccessDto,
    errors: { 400: 'Malformed id', 404: 'No such message in the list' },
  })
  @Audited<{ params: { id: string } }>('unmatched-deleted', ({ params }) => ({
    detail: { message: params.id },
  }))
  async remove(@Param('id', MessageIdPipe) id: string): Promise<{ success: true }> {
    await this.unmatched.remove(id);
    return { success: true };
  }

  @Get(`${INBOUND_PATHS.unmatched}/:id/attachments/:n`)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'Download an attachment of an unmatched message (never inline)',
    params: { ...ID, n: ATTACHMENT_NUMBER_SCHEMA },
    ok: { description: 'The attachment’s bytes as received' },
    errors: { 400: 'Malformed id or number', 404: 'No such message or attachment' },
  })
  @ApiProduces('application/octet-stream')
  async attachment(
    @Param('id', MessageIdPipe) id: string,
    @Param('n', AttachmentNumberPipe) n: number,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { attachment, content } = await this.unmatched.attachment(id, n);
    // Recorded before the first byte (not as @Audited does, after): a download cut off midway
    // has still taken the file.
    await this.audit.record(request, {
      action: 'attachment-downloaded',
      detail: { message: id, n },
    });
    await sendAttachment(response, attachment, content);
  }
}
