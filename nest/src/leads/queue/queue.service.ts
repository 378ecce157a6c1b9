import { Injectable } from '@nestjs/common';

import { encodeCursor } from '../../common/keyset-cursor';
import { sharingReads } from '../../common/shared-reads';
import {
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  type Lead,
  leadField,
  type LeadKindKey,
  type LeadList,
  QUEUE_FIRST_LINE_MAX,
  type QueueResponse,
  type QueueRow,
  type QueueSort,
} from '../../contract';
import { LeadKinds } from '../core/lead-kinds';
import { currentScope } from '../core/lead-scope';
import { type ListOptions } from '../core/list-view/lead-list-source';

import {
  decodeQueueCursor,
  encodeQueueCursor,
  type KindPosition,
  type QueuePositions,
  startPositions,
} from './queue-cursor';
import { type KindLead, mergePages, positionOf, queueOrder } from './queue-order';

/** A page of the queue as the controller asks for it, its filters already as the lists read them. */
export interface QueueRequest {
  /** The kinds asked for (all when left out); those the admin may not see answer nothing. */
  kinds?: readonly LeadKindKey[];
  list: LeadList;
  sort: QueueSort;
  limit: number;
  cursor?: string;
  /** Search words, stages, owner, and the waits asked for, as each kind's list reads them. */
  narrowed: Pick<ListOptions, 'q' | 'stage' | 'assignee' | 'waiting' | 'overdue'>;
}

/** How each sort reads a kind's list: its own order, oldest first, or the needs-reply view. */
const SORT_READS: Record<QueueSort, ListOptions> = {
  newest: {},
  oldest: { oldestFirst: true },
  // Needs reply, oldest first: due soonest where a kind's target is one length (queue docs).
  due: { view: 'needs-reply' },
};

/**
 * The queue (issue 32): one list across the kinds the admin may see. Each kind's page comes from
 * its own list view (its kept heads and windows, its scope), read from where the cursor left that
 * kind; the pages are merged in the queue's order and cut at `limit`, and the cursor keeps each
 * kind's new position (decision 0037). No kind is read twice, and no kind past its end.
 */
@Injectable()
export class QueueService {
  constructor(private readonly kinds: LeadKinds) {}

  async page(request: QueueRequest): Promise<QueueResponse> {
    const { list, sort, limit, cursor } = request;
    const from = cursor ? decodeQueueCursor(cursor, sort, list) : startPositions();
    const asked = new Set(request.kinds ?? LEAD_KIND_KEYS);
    // The kinds' pages share what each would read alone: the totals, the email-count version.
    const pages = await sharingReads(() =>
      Promise.all(
        LEAD_KIND_KEYS.map(async (kind) => {
          const position: KindPosition =
            asked.has(kind) && currentScope(kind).see !== 'none' ? from[kind] : { at: 'end' };
          return { kind, position, ...(await this.kindPage(kind, position, request)) };
        }),
      ),
    );
    const merged = mergePages(pages, limit, queueOrder(sort, list));
    const to = Object.fromEntries(
      pages.map(({ kind, position, leads, more }) => {
        const taken = merged.filter((row) => row.kind === kind);
        const last = taken[taken.length - 1];
        if (taken.length === leads.length && !more) return [kind, { at: 'end' }];
        return [kind, last ? { at: 'after', values: positionOf(list, last.lead) } : position];
      }),
    ) as QueuePositions;
    const done = LEAD_KIND_KEYS.every((kind) => to[kind].at === 'end');
    return {
      success: true,
      data: merged.map(queueRow),
      nextCursor: done ? null : encodeQueueCursor(sort, list, to),
    };
  }

  /** Up to `limit` leads of one kind after its position, and whether more follow. */
  private async kindPage(
    kind: LeadKindKey,
    position: KindPosition,
    { list, sort, limit, narrowed }: QueueRequest,
  ): Promise<{ leads: Lead[]; more: boolean }> {
    if (position.at === 'end') return { leads: [], more: false };
    const page = await this.kinds.of(kind).lists.list(list, {
      ...narrowed,
      ...SORT_READS[sort],
      limit,
      cursor: position.at === 'after' ? encodeCursor(position.values) : undefined,
    });
    return { leads: page.data, more: page.nextCursor !== null };
  }
}

/** What the queue shows of a lead. */
export function queueRow({ kind, lead }: KindLead): QueueRow {
  const text = leadField(lead, LEAD_KINDS[kind].textField);
  const firstLine = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .find((line) => line.length > 0);
  return {
    kind,
    id: lead._id,
    name: lead.name,
    stage: lead.stage,
    owner: lead.assignee,
    firstLine: [...(firstLine ?? '')].slice(0, QUEUE_FIRST_LINE_MAX).join(''),
    createdAt: lead.createdAt,
    dueAt: lead.dueAt,
    overdue: lead.overdue,
  };
}
