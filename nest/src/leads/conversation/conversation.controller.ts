import { Controller, Get, Param, Query, Req, Res, type Type } from '@nestjs/common';
import { ApiProduces, ApiTags } from '@nestjs/swagger';
import { type Request, type Response } from 'express';

import { AuditService } from '../../audit/audit.service';
import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { named } from '../../common/named';
import { ObjectIdPipe } from '../../common/object-id.pipe';
import { OBJECT_ID_SCHEMA } from '../../common/validation';
import { type ConversationPageResponse, type LeadKind } from '../../contract';
import { pascalCase } from '../core/lead.dto';

import { sendAttachment } from './attachment-download';
import { ConversationPageDto, ConversationQueryDto } from './conversation.dto';
import { LeadConversation } from './lead-conversation';
import {
  ATTACHMENT_NUMBER_SCHEMA,
  AttachmentNumberPipe,
  MESSAGE_ID_SCHEMA,
  MessageIdPipe,
} from './message-params';

const ID = { id: OBJECT_ID_SCHEMA };

/** Builds one kind's controller of its leads' conversations, under `/<module>/<resource>/:id/messages`. */
export function createConversationController(kind: LeadKind): Type {
  @ApiTags(kind.module)
  @Controller(kind.module)
  class ConversationController {
    constructor(
      private readonly conversation: LeadConversation,
      private readonly audit: AuditService,
    ) {}

    @Get(`${kind.resource}/:id/messages`)
    @AdminEndpoint({
      permission: 'leads.read',
      summary: 'The lead’s emails both ways, oldest first, a page at a time',
      description:
        'Plain text only: what was written in `text`, the quoted history and signature in `quoted`. Our replies are `direction: out` once sent. Pages read on from the first message with `cursor`, or back from the newest (`from=end`) with `before`.',
      params: ID,
      ok: ConversationPageDto,
      errors: {
        400: 'Malformed id, limit, from, cursor or before; or more than one of cursor, before and from=end',
        404: 'No such lead',
      },
    })
    messages(
      @Param('id', ObjectIdPipe) id: string,
      @Query() query: ConversationQueryDto,
    ): Promise<ConversationPageResponse> {
      return this.conversation.page(kind.key, id, query);
    }

    @Get(`${kind.resource}/:id/messages/:messageId/attachments/:n`)
    @AdminEndpoint({
      permission: 'leads.read',
      summary: 'Download an attachment of one of the lead’s messages',
      description:
        'Always a download (`Content-Disposition: attachment`), with `X-Content-Type-Options: nosniff` and a sandboxing `Content-Security-Policy`: never shown inline.',
      params: { ...ID, messageId: MESSAGE_ID_SCHEMA, n: ATTACHMENT_NUMBER_SCHEMA },
      ok: { description: 'The attachment’s bytes as received' },
      errors: {
        400: 'Malformed id, message id or number',
        404: 'No such lead, message or attachment',
      },
    })
    @ApiProduces('application/octet-stream')
    async attachment(
      @Param('id', ObjectIdPipe) id: string,
      @Param('messageId', MessageIdPipe) messageId: string,
      @Param('n', AttachmentNumberPipe) n: number,
      @Req() request: Request,
      @Res() response: Response,
    ): Promise<void> {
      const { attachment, content } = await this.conversation.attachment(
        kind.key,
        id,
        messageId,
        n,
      );
      // Before the first byte (a download cut off midway has still taken the file), and ids
      // only: the file's name may name the person.
      await this.audit.record(request, {
        action: 'attachment-downloaded',
        kind: kind.key,
        ids: [id],
        detail: { message: messageId, n },
      });
      await sendAttachment(response, attachment, content);
    }
  }
  return named(ConversationController, `${pascalCase(kind)}ConversationController`);
}
