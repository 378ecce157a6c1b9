import {
  type AttachUnmatchedResponse,
  type ConversationPageResponse,
  conversationPaths,
  INBOUND_PATHS,
  type InboundStatusResponse,
  LEAD_KINDS,
  type LeadKindKey,
  type UnmatchedPageResponse,
} from '@contract';
import { type ConversationView } from '~/components/admin/lead-work/conversation-view';

import { type ApiOutcome, apiFetch, apiRequest, hasSuccess } from './http.server';

// A lead's emails both ways, the Unmatched list and the inbound status (issue 33).

const isPage = (body: unknown): body is ConversationPageResponse =>
  hasSuccess('messages', 'nextCursor')(body) && Array.isArray(body.messages);

const isUnmatched = (body: unknown): body is UnmatchedPageResponse =>
  hasSuccess('messages', 'nextCursor')(body) && Array.isArray(body.messages);

const isAttached = (body: unknown): body is AttachUnmatchedResponse =>
  hasSuccess('kind', 'leadId', 'message')(body);

const isStatus = (body: unknown): body is InboundStatusResponse =>
  hasSuccess('channels', 'last24h')(body) && Array.isArray(body.channels);

const isDone = hasSuccess();

/**
 * A page of a lead's messages, oldest first: its newest page, or the one just before `before`. One
 * call however long the conversation: a person reads the newest first and pages back.
 */
export async function leadConversation(
  kind: LeadKindKey,
  id: string,
  token: string,
  before?: string,
): Promise<ApiOutcome<ConversationView>> {
  const outcome = await apiRequest(conversationPaths(LEAD_KINDS[kind]).messages(id), isPage, {
    token,
    query: before ? { before } : { from: 'end' },
  });
  if (!outcome.ok) return outcome;
  const { messages, prevCursor, nextCursor } = outcome.data;
  return { ok: true, data: { messages, earlier: prevCursor, later: Boolean(nextCursor) } };
}

/** The API's answer for an attachment, passed on as it is (a download, never a page). */
export function attachmentDownload(path: string, token: string) {
  return apiFetch(path, { token, signal: AbortSignal.timeout(120_000) });
}

export const leadAttachmentPath = (kind: LeadKindKey, id: string, messageId: string, n: number) =>
  conversationPaths(LEAD_KINDS[kind]).attachment(id, messageId, n);

export function unmatchedMessages(token: string, cursor?: string) {
  return apiRequest(INBOUND_PATHS.unmatched, isUnmatched, { token, query: { cursor } });
}

export function attachUnmatched(id: string, kind: LeadKindKey, leadId: string, token: string) {
  return apiRequest(INBOUND_PATHS.attach(id), isAttached, {
    method: 'POST',
    body: { kind, leadId },
    token,
  });
}

export function deleteUnmatched(id: string, token: string) {
  return apiRequest(INBOUND_PATHS.remove(id), isDone, { method: 'DELETE', token });
}

export function inboundStatus(token: string) {
  return apiRequest(INBOUND_PATHS.status, isStatus, { token });
}
