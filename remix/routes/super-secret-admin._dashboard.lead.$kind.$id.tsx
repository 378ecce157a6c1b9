import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from '@remix-run/node';
import { useLoaderData, useLocation, useNavigate } from '@remix-run/react';
import { useEffect } from 'react';
import { Button, Modal } from 'react-bootstrap';

import { isLeadKindKey, isObjectId, LEAD_KINDS, type LeadMergeResponse } from '@contract';
import { LeadDetail, useMarkRead } from '~/components/admin/lead-detail';
import {
  isWorkRefusal,
  readWorkForm,
  type WorkDone,
  type WorkRefusal,
  type WorkRequest,
} from '~/components/admin/lead-work';
import { focusFieldOfHash } from '~/components/admin/triage/shortcut-keys';
import { humanErrors, refusalWords } from '~/components/forms/field-errors';
import { postedWithJs } from '~/components/forms/js-flag';
import { ADMIN_PATH } from '~/config/paths';
import { useHydrated } from '~/hooks/use-hydrated';
import { searchParam } from '~/utils/inbox';
import { loadLead } from '~/utils/inbox.server';
import { leadLinkId } from '~/utils/lead-detail';
import { doWork, loadLeadWork } from '~/utils/lead-work.server';
import { requireAdmin, tokenAdminId } from '~/utils/session.server';

/**
 * One lead, over the dashboard: `/super-secret-admin/lead/<kind>/<id>`, a URL admins can share.
 * Opening it marks the lead read; Escape or Close goes back to the list, focus on the lead's link.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const { kind, id } = params;
  if (!isLeadKindKey(kind) || !isObjectId(id))
    throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  // `?earlier=` pages back through a long conversation (a page's `before`, checked by the API).
  const earlier = new URL(request.url).searchParams.get('earlier')?.slice(0, 512) || undefined;
  // The lead and everything shown with it at once: one wait, not two in a row.
  const [lead, work] = await Promise.all([
    loadLead(kind, id, token),
    loadLeadWork(kind, id, token, earlier),
  ]);
  if (!lead.ok) throw new Response(lead.message, { status: 503, statusText: 'Unavailable' });
  if (!lead.data) throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  return { kind, lead: lead.data, work: work(lead.data), me: tokenAdminId(token) };
}

/**
 * The detail's forms (stage, owner, notes, reply) post here, with or without JavaScript: done, the
 * page is read again (without JavaScript by post/redirect/get); refused, the form says why.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const { kind, id } = params;
  if (!isLeadKindKey(kind) || !isObjectId(id))
    throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
  const form = await request.formData();
  const work = readWorkForm(form);
  if (isWorkRefusal(work)) return data<WorkRefusal>(work, { status: 400 });
  const outcome = await doWork(kind, id, work, token);
  if (outcome.ok) {
    // Posted by the app (a form, the dashboard's `a`): it reads the page again where it is.
    if (postedWithJs(form))
      return data<WorkDone>({
        done: work.intent,
        undoStage:
          work.intent === 'stage' && work.from && work.from !== work.stage
            ? { from: work.from, to: work.stage }
            : undefined,
        undoMerge: mergeUndoOf(outcome.data),
      });
    const url = new URL(request.url);
    return redirect(`${url.pathname}${url.search}`);
  }
  // The API's own words for what it refused (a 409 names SMTP_URL); otherwise it is unavailable.
  const refused = outcome.status >= 400 && outcome.status < 500;
  const labels = WORK_LABELS[work.intent];
  const errors = humanErrors(outcome.errors, labels);
  return data<WorkRefusal>(
    {
      intent: work.intent,
      message: refused
        ? refusalWords(outcome, labels)
        : 'The service is unavailable. Please try again.',
      ...(errors ? { errors } : {}),
    },
    { status: refused ? outcome.status : 502 },
  );
}

/** The labels of each detail form's fields, for the API's per-field messages. */
const WORK_LABELS: Record<WorkRequest['intent'], Record<string, string>> = {
  stage: { stage: 'Stage' },
  assign: { adminId: 'Owner' },
  note: { text: 'Note' },
  'delete-note': {},
  reply: { subject: 'Subject', text: 'Message' },
  merge: { from: 'Request' },
  unmerge: { mergeId: 'Merge' },
  'follow-up': { at: 'Follow-up' },
};

/** A merge's answer as the detail's Undo needs it (undefined for any other answer). */
function mergeUndoOf(answer: unknown): WorkDone['undoMerge'] {
  if (typeof answer !== 'object' || answer === null || !('merge' in answer)) return undefined;
  const { merge } = answer as LeadMergeResponse;
  return merge.id ? { mergeId: merge.id, linked: merge.merged.length === 0 } : undefined;
}

export default function LeadDetailRoute() {
  const { kind, lead, work, me } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const location = useLocation();
  const back = `${ADMIN_PATH}${location.search}`;
  const q = new URLSearchParams(location.search).get(searchParam(kind)) ?? '';
  useMarkRead(kind, lead, q);

  const close = () => navigate(back, { preventScrollReset: true });
  // Focus goes back to the lead's link once the dialog has left the page (its own focus handling
  // is done by then).
  useEffect(
    () => () => {
      window.setTimeout(() => {
        if (window.location.pathname === ADMIN_PATH)
          document.getElementById(leadLinkId(kind, lead._id))?.focus();
      }, 0);
    },
    [kind, lead._id],
  );
  const title = `${LEAD_KINDS[kind].panelTitle.replace(/s$/, '')}: ${lead.name}`;

  if (!hydrated)
    return (
      <section
        className="lead-detail lead-detail--page card mb-3"
        aria-labelledby="lead-detail-title"
      >
        <div className="card-body">
          <h2 className="h5" id="lead-detail-title">
            {title}
          </h2>
          <LeadDetail kind={kind} lead={lead} q={q} work={work} me={me} />
          <a href={back}>Back to the inbox</a>
        </div>
      </section>
    );
  return (
    <Modal
      show
      onHide={close}
      size="lg"
      aria-labelledby="lead-detail-title"
      restoreFocus={false}
      // `r`, `s`, `n` or `f` on the dashboard opens the lead at a field: focus goes there.
      onEntered={() => focusFieldOfHash(location.hash)}
    >
      <Modal.Header closeButton closeLabel="Close">
        <Modal.Title as="h2" className="h5" id="lead-detail-title">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <LeadDetail kind={kind} lead={lead} q={q} work={work} me={me} />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={close}>
          Close
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
