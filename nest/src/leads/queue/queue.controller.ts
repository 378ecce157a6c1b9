import { Controller, Get, HttpStatus, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { type Request } from 'express';

import { AdminEndpoint } from '../../auth/admin-endpoint.decorator';
import { ApiError } from '../../common/api-error';
import { LIST_PAGE, QUEUE_PATH, type QueueResponse, type ViewQuery } from '../../contract';
import { ObjectId } from '../../database/object-id';

import { QueueQueryDto } from './queue-query.dto';
import { QueueResponseDto } from './queue.dto';
import { type QueueRequest, QueueService } from './queue.service';

@ApiTags('queue')
@Controller()
export class QueueController {
  constructor(private readonly queue: QueueService) {}

  @Get(QUEUE_PATH)
  @AdminEndpoint({
    permission: 'leads.read',
    summary: 'One list of the leads of every kind you may see, merged, filtered and sorted',
    description:
      'Keyset-paged: each page is the next `limit` leads of all the kinds asked in the order asked; `nextCursor` holds every kind’s position. Leads that arrive meanwhile never shift later pages. See docs/queue.md.',
    ok: QueueResponseDto,
    errors: {
      400: 'A message per invalid parameter in `errors`: an unknown kind, stage, owner, sort or flag, a limit out of range, a cursor this API did not make or made for another sort or list, two lists at once, or a filter of waiting leads on the archived or spam list',
    },
  })
  page(@Query() query: QueueQueryDto, @Req() request: Request): Promise<QueueResponse> {
    return this.queue.page(queueRequest(query, request.admin?.id));
  }
}

/** The query as the kinds' lists read it, refused with a 400 per field where it cannot hold. */
export function queueRequest(query: QueueQueryDto, viewerId?: string): QueueRequest {
  const { kind, stage, owner, needsReply, overdue, archived, spam, q, limit, cursor } = query;
  const sort = query.sort ?? 'newest';
  const errors = queueQueryErrors(query);
  if (Object.keys(errors).length > 0)
    throw new ApiError(HttpStatus.BAD_REQUEST, 'The query is invalid', errors);
  return {
    kinds: kind,
    list: archived ? 'archived' : spam ? 'spam' : 'active',
    sort,
    limit: limit ?? LIST_PAGE.defaultLimit,
    cursor,
    narrowed: {
      q,
      stage,
      assignee: assigneeOf(owner, viewerId),
      waiting: needsReply,
      overdue,
    },
  };
}

/**
 * What `GET /leads` refuses of a query its fields' own validation passed, per field: two lists at
 * once, and the waits (needs reply, overdue, due soonest) on a list that holds none (a saved
 * view's query is held to the same).
 */
export function queueQueryErrors(query: ViewQuery): Record<string, string[]> {
  const { needsReply, overdue, archived, spam } = query;
  const errors: Record<string, string[]> = {};
  if (archived && spam)
    errors.spam = ['archived and spam are two lists: ask for one of them at a time'];
  const inboxOnly = (field: string, what: string) => {
    if (archived || spam)
      errors[field] = [`${what} applies to the inbox only, not archived or spam`];
  };
  if (needsReply) inboxOnly('needsReply', 'needsReply');
  if (overdue) inboxOnly('overdue', 'overdue');
  if (query.sort === 'due') inboxOnly('sort', 'sort=due');
  return errors;
}

/** `owner=` as the lists read it: an id, null for nobody's, undefined for anyone's. */
function assigneeOf(owner: string | undefined, viewerId?: string): ObjectId | null | undefined {
  if (owner === undefined || owner === 'anyone') return undefined;
  if (owner === 'nobody') return null;
  const id = owner === 'me' ? viewerId : owner;
  if (!id) throw new ApiError(HttpStatus.UNAUTHORIZED, 'Invalid or expired token');
  return new ObjectId(id);
}
