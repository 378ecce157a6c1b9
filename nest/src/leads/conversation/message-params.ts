import { HttpStatus, Injectable, type PipeTransform } from '@nestjs/common';

import { ApiError } from '../../common/api-error';
import { MESSAGE_ID_PATTERN } from '../../contract';

/** The most attachments a message keeps (ParsedInbound): a path's number is below it. */
export const ATTACHMENTS_MAX = 100;

/** A path's message id: 32 lower-case hexadecimal characters, or a 400. */
@Injectable()
export class MessageIdPipe implements PipeTransform<string, string> {
  transform(value: string): string {
    if (!MESSAGE_ID_PATTERN.test(value))
      throw new ApiError(
        HttpStatus.BAD_REQUEST,
        'messageId must be a 32-character hexadecimal id',
        {
          messageId: ['messageId must be a 32-character hexadecimal id'],
        },
      );
    return value;
  }
}

/** A path's attachment number: a whole number from 0, below ATTACHMENTS_MAX, or a 400. */
@Injectable()
export class AttachmentNumberPipe implements PipeTransform<string, number> {
  transform(value: string): number {
    const n = /^\d{1,3}$/.test(value) ? Number(value) : NaN;
    if (!(n < ATTACHMENTS_MAX)) {
      const message = `n must be a whole number from 0 to ${ATTACHMENTS_MAX - 1}`;
      throw new ApiError(HttpStatus.BAD_REQUEST, message, { n: [message] });
    }
    return n;
  }
}

export const MESSAGE_ID_SCHEMA = { type: 'string', pattern: MESSAGE_ID_PATTERN.source } as const;
export const ATTACHMENT_NUMBER_SCHEMA = {
  type: 'integer',
  minimum: 0,
  maximum: ATTACHMENTS_MAX - 1,
} as const;
