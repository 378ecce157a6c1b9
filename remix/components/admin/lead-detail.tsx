import { useEffect, useRef } from 'react';

import { formatFullDate, type Lead, type LeadKindKey, SPAM_REASON_TEXT } from '@contract';
import { DetailUndo } from '~/components/admin/dashboard-undo';
import { useTimeZone } from '~/components/admin/dates/time-zone';
import {
  actionEntries,
  FIELD,
  LEADS_PATH,
  LeadActionButton,
  LeadActionForm,
  useLeadActionFetcher,
} from '~/components/admin/lead-actions';
import { LeadFields } from '~/components/admin/lead-fields';
import {
  Conversation,
  FollowUpControl,
  Notes,
  OwnerControl,
  RelatedRequests,
  ReplyForm,
  STAGE_LABELS,
  StageControl,
  Timeline,
  useDeliveryWatch,
  useStageUndo,
} from '~/components/admin/lead-work';
import { RelativeTime } from '~/components/admin/relative-time';
import { JS_FLAG } from '~/components/forms/js-flag';
import { leadAttachmentHref } from '~/config/paths';
import { useCan } from '~/hooks/use-me';
import { type LeadWork } from '~/utils/lead-work.server';

/**
 * A lead is unread until an admin opens it: the detail marks it read once, through the panel's
 * own fetcher, so the panel's lists and counts take the answer.
 */
export function useMarkRead(kind: LeadKindKey, lead: Lead, q: string) {
  const fetcher = useLeadActionFetcher(kind);
  const marked = useRef<string | null>(null);
  const { submit } = fetcher;
  // Reading is work (leads.work): a viewer's look leaves the lead unread for the team.
  const canWork = useCan('leads.work');
  useEffect(() => {
    if (!canWork || lead.readAt || marked.current === lead._id) return;
    marked.current = lead._id;
    const body = new FormData();
    for (const [name, value] of actionEntries({ action: 'read', kind, ids: [lead._id], q }))
      body.append(name, value);
    body.set(JS_FLAG, '1');
    body.set(FIELD.opened, '1');
    submit(body, { method: 'post', action: LEADS_PATH });
  }, [canWork, kind, lead._id, lead.readAt, q, submit]);
}

interface LeadDetailProps {
  kind: LeadKindKey;
  lead: Lead;
  q: string;
  work: LeadWork;
  me: string | null;
}

/**
 * One lead as its page shows it: stage, owner, "Remind me" and the actions in a header; below it
 * the message, then the conversation (and the reply), the notes and the timeline.
 */
export function LeadDetail({ kind, lead, q, work, me }: LeadDetailProps) {
  const notes = (work.timeline ?? []).flatMap((event) =>
    event.type === 'note' ? [event.detail] : [],
  );
  const replies = (work.timeline ?? []).filter((event) => event.type === 'reply').length;
  useDeliveryWatch(work.timeline);
  useStageUndo(kind, lead._id);
  const canWork = useCan('leads.work');
  return (
    <>
      {canWork ? (
        <WorkHeader kind={kind} lead={lead} q={q} work={work} me={me} />
      ) : (
        <ReadOnlyHeader lead={lead} />
      )}
      <LeadNotices lead={lead} />
      <LeadFields kind={kind} lead={lead} />
      <Conversation
        conversation={work.conversation}
        attachmentHref={(messageId, n) => leadAttachmentHref(kind, lead._id, messageId, n)}
      />
      {canWork ? (
        <ReplyForm email={lead.email} draft={work.replyDraft} sentCount={replies} />
      ) : null}
      <Notes notes={notes} me={me} canAdd={canWork} />
      <Timeline events={work.timeline} />
      <RelatedRequests kind={kind} related={work.related} />
    </>
  );
}

/**
 * What a role that only reads (a viewer) sees of the header: the stage, owner and follow-up as
 * words, no control that the API would refuse.
 */
function ReadOnlyHeader({ lead }: { lead: Lead }) {
  const zone = useTimeZone();
  return (
    <dl className="lead-detail__header lead-detail__facts">
      <dt>Stage</dt>
      <dd>{STAGE_LABELS[lead.stage]}</dd>
      <dt>Owner</dt>
      <dd>{lead.assignee?.email ?? 'Nobody'}</dd>
      <dt>Follow-up</dt>
      <dd>{lead.followUpAt ? formatFullDate(lead.followUpAt, zone) : 'none'}</dd>
    </dl>
  );
}

/** Stage, owner, "Remind me" and the lead's own actions, for a role that works leads. */
function WorkHeader({ kind, lead, q, work, me }: LeadDetailProps) {
  return (
    <>
      {/* Not a <header>: in the dialog (outside any section) it would be a second banner. */}
      <div className="lead-detail__header" role="group" aria-label="Stage, owner and actions">
        <div className="lead-work">
          <StageControl kind={kind} lead={lead} q={q} events={work.timeline} />
          <OwnerControl lead={lead} me={me} admins={work.admins} events={work.timeline} />
          <FollowUpControl lead={lead} />
        </div>
        <LeadActionForm kind={kind} q={q}>
          {/* Spam leaves by "Not spam" (archive and unarchive leave it as it is). */}
          <LeadActionButton
            kind={kind}
            action={lead.spamAt ? 'not-spam' : lead.archivedAt ? 'unarchive' : 'archive'}
            id={lead._id}
            name={lead.name}
            variant="primary"
          />{' '}
          <LeadActionButton kind={kind} action="unread" id={lead._id} name={lead.name} />
        </LeadActionForm>
        {/* Next to the buttons it takes back (and the stage above): the dialog keeps focus inside. */}
        <DetailUndo />
      </div>
    </>
  );
}

/** What needs saying before the message: held as spam, overdue, wrote again. */
function LeadNotices({ lead }: { lead: Lead }) {
  return (
    <>
      {lead.spamAt ? (
        <div className="lead-work__spam">
          <strong>Held as spam</strong> because:
          <ul className="spam-list__reasons">
            {lead.spamReasons.map((reason) => (
              <li key={reason}>{SPAM_REASON_TEXT[reason]}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {lead.overdue ? (
        <p className="lead-work__overdue">
          <strong>Overdue:</strong>{' '}
          {lead.wroteAgain ? 'our answer to its last email was due' : 'its first reply was due'}{' '}
          <RelativeTime iso={lead.dueAt} />.
        </p>
      ) : null}
      {lead.wroteAgain ? (
        <p className="lead-work__wrote-again">
          <strong>Wrote again</strong> after our reply: it waits on us.
        </p>
      ) : null}
    </>
  );
}
