import {
  type ArchiveResponse,
  LEAD_KINDS,
  type LeadAssignRequest,
  type LeadFollowUpResponse,
  type LeadKindKey,
  type LeadNoteResponse,
  type LeadReplyRequest,
  type LeadReplyResponse,
  type LeadStage,
  type LeadStageRequest,
  type LeadTimelineResponse,
  leadPaths,
  leadWorkPaths,
  type RelatedLeadsResponse,
  REPLY_TEMPLATES_PATH,
  type ReplyTemplate,
  replyTemplatePath,
  type ReplyTemplatesResponse,
  RESPONSE_TARGETS_PATH,
  type ResponseTargetsRequest,
  type ResponseTargetsResponse,
} from '@contract';

import { type ApiOutcome, apiRequest, hasSuccess } from './http.server';

// Working one lead (issue 20): its stage and owner (lead actions, answered as the others are), its
// notes, replies, timeline and related requests, and the settings they start from.

const isArchiveAnswer = (body: unknown): body is ArchiveResponse =>
  hasSuccess('unarchived', 'archived', 'unarchivedTotal', 'archivedTotal')(body) &&
  Array.isArray(body.unarchived) &&
  Array.isArray(body.archived);

const isNote = (body: unknown): body is LeadNoteResponse =>
  hasSuccess('note')(body) && typeof body.note === 'object' && body.note !== null;

const isReply = (body: unknown): body is LeadReplyResponse =>
  hasSuccess('reply')(body) && typeof body.reply === 'object' && body.reply !== null;

const isTimeline = (body: unknown): body is LeadTimelineResponse =>
  hasSuccess('events')(body) && Array.isArray(body.events);

const isRelated = (body: unknown): body is RelatedLeadsResponse =>
  hasSuccess('related')(body) && Array.isArray(body.related);

const isTemplates = (body: unknown): body is ReplyTemplatesResponse =>
  hasSuccess('templates')(body) &&
  typeof body.templates === 'object' &&
  body.templates !== null &&
  Object.keys(LEAD_KINDS).every((key) => key in (body.templates as object));

const isTargets = (body: unknown): body is ResponseTargetsResponse =>
  hasSuccess('targets')(body) &&
  typeof body.targets === 'object' &&
  body.targets !== null &&
  Object.keys(LEAD_KINDS).every((key) => key in (body.targets as object));

/** Sets the leads' stage; answers as every lead action does (both first pages, the totals). */
export function setLeadStage<K extends LeadKindKey>(
  kind: K,
  { ids, stage, q }: { ids: readonly string[]; stage: LeadStage; q?: string },
  token: string,
): Promise<ApiOutcome<ArchiveResponse<K>>> {
  const body: LeadStageRequest = { ids: [...ids], stage, ...(q ? { q } : {}) };
  return apiRequest(
    leadPaths(LEAD_KINDS[kind]).stage,
    isArchiveAnswer as (body: unknown) => body is ArchiveResponse<K>,
    { method: 'POST', body, token },
  );
}

/** Gives the leads to an admin, or to nobody with `adminId: null`. */
export function assignLeads<K extends LeadKindKey>(
  kind: K,
  { ids, adminId, q }: { ids: readonly string[]; adminId: string | null; q?: string },
  token: string,
): Promise<ApiOutcome<ArchiveResponse<K>>> {
  const body: LeadAssignRequest = { ids: [...ids], adminId, ...(q ? { q } : {}) };
  return apiRequest(
    leadPaths(LEAD_KINDS[kind]).assign,
    isArchiveAnswer as (body: unknown) => body is ArchiveResponse<K>,
    { method: 'POST', body, token },
  );
}

/** The lead's story, oldest first. */
export function leadTimeline(
  kind: LeadKindKey,
  id: string,
  token: string,
): Promise<ApiOutcome<LeadTimelineResponse>> {
  return apiRequest(leadWorkPaths(LEAD_KINDS[kind]).timeline(id), isTimeline, { token });
}

/** The other requests from the lead's email address, in any kind. */
export function relatedLeads(
  kind: LeadKindKey,
  id: string,
  token: string,
): Promise<ApiOutcome<RelatedLeadsResponse>> {
  return apiRequest(leadWorkPaths(LEAD_KINDS[kind]).related(id), isRelated, { token });
}

export function addNote(
  kind: LeadKindKey,
  id: string,
  text: string,
  token: string,
): Promise<ApiOutcome<LeadNoteResponse>> {
  return apiRequest(leadWorkPaths(LEAD_KINDS[kind]).notes(id), isNote, {
    method: 'POST',
    body: { text },
    token,
  });
}

/** Deletes a note; the API refuses (403) anyone but its author. */
export function deleteNote(
  kind: LeadKindKey,
  id: string,
  noteId: string,
  token: string,
): Promise<ApiOutcome<{ success: true }>> {
  return apiRequest(leadWorkPaths(LEAD_KINDS[kind]).note(id, noteId), hasSuccess(), {
    method: 'DELETE',
    token,
  });
}

/** Queues a reply by email (202); 409 when the API has no SMTP_URL. */
export function replyToLead(
  kind: LeadKindKey,
  id: string,
  reply: LeadReplyRequest,
  token: string,
): Promise<ApiOutcome<LeadReplyResponse>> {
  return apiRequest(leadWorkPaths(LEAD_KINDS[kind]).reply(id), isReply, {
    method: 'POST',
    body: reply,
    token,
  });
}

const isFollowUp = (body: unknown): body is LeadFollowUpResponse =>
  hasSuccess('followUpAt')(body) &&
  (body.followUpAt === null || typeof body.followUpAt === 'string');

/** Sets the lead's follow-up (an ISO instant), or clears it (null). */
export function setFollowUp(
  kind: LeadKindKey,
  id: string,
  at: string | null,
  token: string,
): Promise<ApiOutcome<LeadFollowUpResponse>> {
  return apiRequest(leadWorkPaths(LEAD_KINDS[kind]).followUp(id), isFollowUp, {
    method: 'POST',
    body: { at },
    token,
  });
}

export function replyTemplates(token: string): Promise<ApiOutcome<ReplyTemplatesResponse>> {
  return apiRequest(REPLY_TEMPLATES_PATH, isTemplates, { token });
}

export function saveReplyTemplate(
  kind: LeadKindKey,
  template: ReplyTemplate,
  token: string,
): Promise<ApiOutcome<ReplyTemplatesResponse>> {
  return apiRequest(replyTemplatePath(kind), isTemplates, { method: 'PUT', body: template, token });
}

export function responseTargets(token: string): Promise<ApiOutcome<ResponseTargetsResponse>> {
  return apiRequest(RESPONSE_TARGETS_PATH, isTargets, { token });
}

export function saveResponseTargets(
  targets: ResponseTargetsRequest,
  token: string,
): Promise<ApiOutcome<ResponseTargetsResponse>> {
  return apiRequest(RESPONSE_TARGETS_PATH, isTargets, { method: 'PUT', body: targets, token });
}
