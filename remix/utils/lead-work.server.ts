import {
  type AdminSummary,
  fillTemplate,
  type Lead,
  type LeadKindKey,
  type RelatedLead,
  type ReplyTemplate,
  type TimelineEvent,
} from '@contract';
import { listAdmins } from '~/api-client/admins.server';
import { leadConversation } from '~/api-client/conversation.server';
import { type ApiOutcome } from '~/api-client/http.server';
import { mergeLeads, unmergeLead } from '~/api-client/lead-merge.server';
import {
  addNote,
  assignLeads,
  deleteNote,
  leadTimeline,
  relatedLeads,
  replyTemplates,
  replyToLead,
  setFollowUp,
  setLeadStage,
} from '~/api-client/lead-work.server';
import { type ConversationView } from '~/components/admin/lead-work/conversation-view';
import { type WorkRequest } from '~/components/admin/lead-work/fields';

import { unlessSessionBlocked } from './session.server';

/** What a lead's detail shows beyond the lead: each part null when the API could not say. */
export interface LeadWork {
  timeline: TimelineEvent[] | null;
  related: RelatedLead[] | null;
  admins: Pick<AdminSummary, 'id' | 'email'>[] | null;
  /** A page of the emails both ways, oldest first: the newest, or an earlier one asked for. */
  conversation: ConversationView | null;
  /**
   * The reply form's starting text: the kind's template, filled with the lead's fields; once
   * emails went back and forth, a reply to the last one (its subject with `Re:`).
   */
  replyDraft: ReplyTemplate;
}

/** A reply's subject to `subject`: `Re:` once, however many times it went back and forth. */
export function replySubject(subject: string): string {
  const bare = subject.trim();
  return /^re:/i.test(bare) ? bare : `Re: ${bare}`;
}

const orNull = async <T, R>(call: Promise<ApiOutcome<T>>, pick: (data: T) => R) => {
  const outcome = await unlessSessionBlocked(await call);
  return outcome.ok ? pick(outcome.data) : null;
};

/**
 * A lead's detail beyond the lead, read beside the lead itself (nothing here waits for it; a
 * missing lead's parts come back null and the caller answers 404); `earlier` (a page's `before`)
 * shows an earlier page of emails. `replyDraft` fills the template once the lead is there.
 */
export async function loadLeadWork<K extends LeadKindKey>(
  kind: K,
  id: string,
  token: string,
  earlier?: string,
): Promise<(lead: Lead<K>) => LeadWork> {
  const [timeline, related, admins, template, newest, page] = await Promise.all([
    orNull(leadTimeline(kind, id, token), (data) => data.events),
    orNull(relatedLeads(kind, id, token), (data) => data.related),
    orNull(listAdmins(token), (data) => data.admins.map(({ id, email }) => ({ id, email }))),
    orNull(replyTemplates(token), (data) => data.templates[kind]),
    orNull(leadConversation(kind, id, token), (data) => data),
    earlier ? orNull(leadConversation(kind, id, token, earlier), (data) => data) : null,
  ]);
  // The reply answers the newest email, whichever page is shown.
  const last = newest?.messages.filter((m) => m.subject.trim()).at(-1);
  return (lead) => {
    const draft = fillTemplate(template ?? { subject: '', text: '' }, lead);
    return {
      timeline,
      related,
      admins,
      conversation: earlier ? page : newest,
      replyDraft: last ? { ...draft, subject: replySubject(last.subject) } : draft,
    };
  };
}

/** Does what a detail form asked; the API's answer, as far as the form needs it. */
export async function doWork(
  kind: LeadKindKey,
  id: string,
  work: WorkRequest,
  token: string,
): Promise<ApiOutcome<unknown>> {
  const call = (() => {
    switch (work.intent) {
      case 'stage':
        return setLeadStage(kind, { ids: [id], stage: work.stage }, token);
      case 'assign':
        return assignLeads(kind, { ids: [id], adminId: work.adminId }, token);
      case 'note':
        return addNote(kind, id, work.text, token);
      case 'delete-note':
        return deleteNote(kind, id, work.noteId, token);
      case 'reply':
        return replyToLead(kind, id, { subject: work.subject, text: work.text }, token);
      case 'merge':
        return mergeLeads(kind, id, [{ kind: work.fromKind, id: work.fromId }], token);
      case 'unmerge':
        return unmergeLead(kind, id, work.mergeId, token);
      case 'follow-up':
        return setFollowUp(kind, id, work.at, token);
    }
  })();
  return unlessSessionBlocked(await call);
}
