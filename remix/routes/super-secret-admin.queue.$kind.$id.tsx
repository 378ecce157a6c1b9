import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { Link, useLoaderData, useLocation } from '@remix-run/react';
import { useEffect } from 'react';

import { LEAD_KINDS } from '@contract';
import { LeadDetail, useMarkRead } from '~/components/admin/lead-detail';
import { QUEUE_LEAD } from '~/components/admin/queue/queue-keys';
import { focusFieldOfHash } from '~/components/admin/triage/shortcut-keys';
import { QUEUE_PAGE_PATH } from '~/config/paths';

import {
  action as leadAction,
  loader as leadLoader,
} from './super-secret-admin._dashboard.lead.$kind.$id';

/**
 * The lead open in the queue: the lead's own page's loader and forms (its detail, work and
 * actions), shown beside the list on wide screens and instead of it on narrow ones.
 */
export const loader = (args: LoaderFunctionArgs) => leadLoader(args);
export const action = (args: ActionFunctionArgs) => leadAction(args);

export default function QueueLeadRoute() {
  const { kind, lead, work, me } = useLoaderData<typeof loader>();
  const { search, hash } = useLocation();
  useMarkRead(kind, lead, '');
  // Opened by a field's shortcut (`s`, `n`, `f`, `r` on a row): focus goes to that field.
  useEffect(() => focusFieldOfHash(hash), [hash, lead._id]);
  return (
    <section className={`${QUEUE_LEAD} card`} aria-labelledby="queue-lead-title">
      <div className="card-body">
        <Link to={`${QUEUE_PAGE_PATH}${search}`} className="queue-lead__back" preventScrollReset>
          Back to the list
        </Link>
        <h2 className="h5" id="queue-lead-title">
          {LEAD_KINDS[kind].panelTitle.replace(/s$/, '')}: {lead.name}
        </h2>
        <LeadDetail kind={kind} lead={lead} q="" work={work} me={me} />
      </div>
    </section>
  );
}
