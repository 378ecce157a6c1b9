import {
  type AttachUnmatchedResponse,
  type ConversationMessage,
  type ConversationPageResponse,
  conversationPaths,
  INBOUND_PATHS,
  type InboundStatusResponse,
  LEAD_KINDS,
  type LeadKindKey,
  type UnmatchedPageResponse,
} from '@contract';

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

/** The most of a conversation a lead's page shows: its first pages, oldest first. */
const PAGES_SHOWN = 4;

/** A lead's messages, oldest first: up to PAGES_SHOWN pages, and whether more follow. */
export async function leadConversation(
  kind: LeadKindKey,
  id: string,
  token: string,
): Promise<ApiOutcome<{ messages: ConversationMessage[]; more: boolean }>> {
  const messages: ConversationMessage[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < PAGES_SHOWN; page++) {
    const outcome = await apiRequest(conversationPaths(LEAD_KINDS[kind]).messages(id), isPage, {
      token,
      query: { limit: 50, cursor },
    });
    if (!outcome.ok) return outcome;
    messages.push(...outcome.data.messages);
    if (!outcome.data.nextCursor) return { ok: true, data: { messages, more: false } };
    cursor = outcome.data.nextCursor;
  }
  return { ok: true, data: { messages, more: true } };
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
