import { Link } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { LEAD_KINDS, type LeadKindKey, type RelatedLead, type TimelineEvent } from '@contract';
import { useTimeZone } from '~/components/admin/dates/time-zone';
import { RelativeTime } from '~/components/admin/relative-time';
import { leadDetailPath } from '~/utils/lead-detail';

import { WORK_FIELD } from './fields';
import { describeEvent, STAGE_LABELS } from './labels';
import { useWorkBusy, WorkForm } from './work-form';

/** What happened to the lead, oldest first, each event in words. */
export function Timeline({ events }: { events: TimelineEvent[] | null }) {
  const zone = useTimeZone();
  return (
    <section className="lead-work__part" aria-labelledby="lead-timeline-title">
      <h3 className="h6" id="lead-timeline-title">
        Timeline
      </h3>
      {events === null ? (
        <p className="text-body-secondary small">The timeline could not be read.</p>
      ) : (
        <ol className="lead-work__timeline">
          {events.map((event, index) => (
            <li
              key={`${event.at}-${index}`}
              className={`lead-work__event lead-work__event--${event.type}`}
            >
              <span className="lead-work__text">{describeEvent(event, zone)}</span>{' '}
              <RelativeTime iso={event.at} prefix="· " />
              {/* Every reply's words, queued, failed or sent: the subject alone said too little. */}
              {event.type === 'reply' ? (
                <p className="lead-work__reply-text">{event.detail.text}</p>
              ) : null}
              {event.type === 'merge' ? <MergedRequest event={event} /> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A merge entry: the merged request's own text as it arrived, and what takes the merge back. */
function MergedRequest({ event }: { event: Extract<TimelineEvent, { type: 'merge' }> }) {
  const busy = useWorkBusy();
  const { original, mergeId } = event.detail;
  const text = Object.values(original.fields).filter(Boolean).join('\n\n');
  return (
    <>
      {text ? <p className="lead-work__reply-text">{text}</p> : null}
      <WorkForm intent="unmerge" label="Unmerge this request" className="d-inline">
        <input type="hidden" name={WORK_FIELD.mergeId} value={mergeId} />
        <Button type="submit" size="sm" variant="link" className="p-0" disabled={busy}>
          Unmerge
        </Button>
      </WorkForm>
    </>
  );
}

/**
 * The other requests from the same email address, in any kind, each with its stage: one of this
 * lead's kind can be merged into it, one of another kind linked to it (it stays in its inbox).
 */
export function RelatedRequests({
  kind,
  related,
}: {
  kind: LeadKindKey;
  related: RelatedLead[] | null;
}) {
  const busy = useWorkBusy();
  if (!related?.length) return null;
  return (
    <section className="lead-work__part" aria-labelledby="lead-related-title">
      <h3 className="h6" id="lead-related-title">
        Other requests from this address
      </h3>
      <ul className="list-unstyled">
        {related.map((other) => {
          const title = LEAD_KINDS[other.kind].panelTitle.replace(/s$/, '');
          // One of this kind is merged in; one of another kind stays in its inbox, linked.
          const verb = other.kind === kind ? 'Merge into this one' : 'Link to this one';
          return (
            <li key={`${other.kind}-${other.id}`}>
              <Link to={leadDetailPath(other.kind, other.id)}>
                {title}: {other.summary || '(no text)'}
              </Link>{' '}
              <span className="badge text-bg-light">{STAGE_LABELS[other.stage]}</span>
              {other.archived ? (
                <span className="small text-body-secondary"> (archived)</span>
              ) : null}{' '}
              <RelativeTime iso={other.createdAt} />{' '}
              <WorkForm
                intent="merge"
                label={`${verb}: ${title} of ${other.createdAt}`}
                className="d-inline"
              >
                <input type="hidden" name={WORK_FIELD.fromKind} value={other.kind} />
                <input type="hidden" name={WORK_FIELD.fromId} value={other.id} />
                <Button type="submit" size="sm" variant="outline-secondary" disabled={busy}>
                  {verb}
                </Button>
              </WorkForm>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
