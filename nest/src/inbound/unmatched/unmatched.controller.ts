import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiProduces,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { type Request, type Response } from 'express';

import { AuditService } from '../../audit/audit.service';
import { PageQueryDto } from '../../common/page-query.dto';
import {
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

/** The Unmatched list: messages no lead was found for, waiting for an admin. */
@ApiTags('inbound')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'Missing, invalid or expired token' })
@Controller()
export class UnmatchedController {
  constructor(
    private readonly unmatched: UnmatchedMessages,
    private readonly audit: AuditService,
  ) {}

  @Get(INBOUND_PATHS.unmatched)
  @ApiOperation({ summary: 'Messages no lead was found for, newest first' })
  @ApiOkResponse({ type: UnmatchedPageDto })
  @ApiBadRequestResponse({ description: 'Malformed limit or cursor' })
  list(@Query() query: PageQueryDto): Promise<UnmatchedPageResponse> {
    return this.unmatched.page(query);
  }

  @Post(`${INBOUND_PATHS.unmatched}/:id/attach`)
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Attach a message to a lead (it joins the lead’s conversation)' })
  @ApiParam({ name: 'id', schema: MESSAGE_ID_SCHEMA })
  @ApiBody({ type: AttachUnmatchedRequestDto })
  @ApiOkResponse({ type: AttachUnmatchedResponseDto })
  @ApiBadRequestResponse({ description: 'Malformed id, kind or leadId' })
  @ApiNotFoundResponse({ description: 'No such message in the list, or no such lead' })
  async attach(
    @Body() body: AttachUnmatchedRequestDto,
    @Param('id', MessageIdPipe) id: string,
    @Req() request: Request,
  ): Promise<AttachUnmatchedResponse> {
    const answer = await this.unmatched.attach(id, body.kind, body.leadId);
    await this.audit.record(request, {
      action: 'unmatched-attached',
      kind: body.kind,
      ids: [answer.leadId],
      detail: { message: id },
    });
    return answer;
  }

  @Delete(`${INBOUND_PATHS.unmatched}/:id`)
  @ApiOperation({ summary: 'Delete a message from the list, with its attachments' })
  @ApiParam({ name: 'id', schema: MESSAGE_ID_SCHEMA })
  @ApiOkResponse({ type: SuccessDto })
  @ApiBadRequestResponse({ description: 'Malformed id' })
  @ApiNotFoundResponse({ description: 'No such message in the list' })
  async remove(
    @Param('id', MessageIdPipe) id: string,
    @Req() request: Request,
  ): Promise<{ success: true }> {
    await this.unmatched.remove(id);
    await this.audit.record(request, { action: 'unmatched-deleted', detail: { message: id } });
    return { success: true };
  }

  @Get(`${INBOUND_PATHS.unmatched}/:id/attachments/:n`)
  @ApiOperation({ summary: 'Download an attachment of an unmatched message (never inline)' })
  @ApiParam({ name: 'id', schema: MESSAGE_ID_SCHEMA })
  @ApiParam({ name: 'n', schema: ATTACHMENT_NUMBER_SCHEMA })
  @ApiProduces('application/octet-stream')
  @ApiOkResponse({ description: 'The attachment’s bytes as received' })
  @ApiBadRequestResponse({ description: 'Malformed id or number' })
  @ApiNotFoundResponse({ description: 'No such message or attachment' })
  async attachment(
    @Param('id', MessageIdPipe) id: string,
    @Param('n', AttachmentNumberPipe) n: number,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { attachment, content } = await this.unmatched.attachment(id, n);
    await this.audit.record(request, {
      action: 'attachment-downloaded',
      detail: { message: id, n },
    });
    await sendAttachment(response, attachment, content);
  }
}
