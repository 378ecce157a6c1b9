import { QUEUE_PATH, type QueueQuery, type QueueResponse, queueSearchParams } from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

const isQueue = (body: unknown): body is QueueResponse =>
  hasSuccess('data', 'nextCursor')(body) && Array.isArray(body.data);

/** A page of the queue: every kind the admin may see, merged (`GET /leads`). */
export function listQueue(token: string, query: QueueQuery): Promise<ApiOutcome<QueueResponse>> {
  return apiRequest(QUEUE_PATH, isQueue, { token, query: queueSearchParams(query) });
}
