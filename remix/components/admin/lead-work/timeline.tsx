import { Link } from '@remix-run/react';

import { LEAD_KINDS, type RelatedLead, type TimelineEvent } from '@contract';
import { RelativeTime } from '~/components/admin/relative-time';
import { leadDetailPath } from '~/utils/lead-detail';

import { describeEvent, STAGE_LABELS } from './labels';

/** What happened to the lead, oldest first, each event in words. */
export function Timeline({ events }: { events: TimelineEvent[] | null }) {
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
              <span className="lead-work__text">{describeEvent(event)}</span>{' '}
              <RelativeTime iso={event.at} prefix="· " />
              {/* Every reply's words, queued, failed or sent: the subject alone said too little. */}
              {event.type === 'reply' ? (
                <p className="lead-work__reply-text">{event.detail.text}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The other requests from the same email address, in any kind, each with its stage. */
export function RelatedRequests({ related }: { related: RelatedLead[] | null }) {
  if (!related?.length) return null;
  return (
    <section className="lead-work__part" aria-labelledby="lead-related-title">
      <h3 className="h6" id="lead-related-title">
        Other requests from this address
      </h3>
      <ul className="list-unstyled">
        {related.map((other) => (
          <li key={`${other.kind}-${other.id}`}>
            <Link to={leadDetailPath(other.kind, other.id)}>
              {LEAD_KINDS[other.kind].panelTitle.replace(/s$/, '')}: {other.summary || '(no text)'}
            </Link>{' '}
            <span className="badge text-bg-light">{STAGE_LABELS[other.stage]}</span>
            {other.archived ? (
              <span className="small text-body-secondary"> (archived)</span>
            ) : null}{' '}
            <RelativeTime iso={other.createdAt} />
          </li>
        ))}
      </ul>
    </section>
  );
}
