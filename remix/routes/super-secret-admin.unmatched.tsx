import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData, useSearchParams } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import { LEAD_KIND_KEYS, LEAD_KINDS, type UnmatchedReason } from '@contract';
import {
  attachUnmatched,
  deleteUnmatched,
  unmatchedMessages,
} from '~/api-client/conversation.server';
import { listLeads } from '~/api-client/leads.server';
import { MessageView } from '~/components/admin/lead-work/conversation';
import { ErrorAlert, useBusy } from '~/components/admin/page-parts';
import { ATTACH_FIELDS, UNMATCHED_FORMS } from '~/components/admin/unmatched-schema';
import { IntentField } from '~/components/forms/intent-field';
import { INVALID_REQUEST, readIntentForm } from '~/components/forms/read-form';
import { UNMATCHED_PAGE_PATH, unmatchedAttachmentHref } from '~/config/paths';
import { adminPageMeta } from '~/utils/admin-meta';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

const REASONS: Record<UnmatchedReason, string> = {
  'no-lead': 'No lead has this sender, and new leads are not made from email here.',
  'no-sender': 'It names no sender.',
  'from-us': 'It claims to come from our own address.',
};

/** A lead an unmatched email may be attached to, found by the search. */
interface Candidate {
  value: string;
  label: string;
}

/**
 * Emails no lead was found for (issue 33), newest first: each is attached to a lead found by
 * email or name (`?find=`), or deleted.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const find = (params.get('find') ?? '').trim().slice(0, 200);
  const [page, candidates] = await Promise.all([
    unmatchedMessages(token, params.get('cursor') || undefined).then(unlessSessionBlocked),
    find ? findLeads(find, token) : Promise.resolve([]),
  ]);
  return {
    find,
    candidates,
    messages: page.ok ? page.data.messages : null,
    nextCursor: page.ok ? page.data.nextCursor : null,
  };
}

/** Active and archived leads of every kind whose words start with what was typed. */
async function findLeads(find: string, token: string): Promise<Candidate[]> {
  const found = await Promise.all(
    LEAD_KIND_KEYS.flatMap((kind) =>
      (['active', 'archived'] as const).map(async (state) => {
        const outcome = await listLeads(kind, state, token, { q: find, limit: 10 });
        return outcome.ok
          ? outcome.data.data.map((lead) => ({
              value: `${kind}:${lead._id}`,
              label: `${LEAD_KINDS[kind].panelTitle.replace(/s$/, '')}: ${lead.name} <${lead.email}>${state === 'archived' ? ' (archived)' : ''}`,
            }))
          : [];
      }),
    ),
  );
  return found.flat();
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const read = readIntentForm(await request.formData(), UNMATCHED_FORMS);
  if (!read) return data({ message: INVALID_REQUEST }, { status: 400 });
  if (!read.ok)
    return data(
      { message: Object.values(read.errors)[0]?.[0] ?? INVALID_REQUEST },
      { status: 400 },
    );
  const { id } = read.value;
  const outcome =
    read.intent === 'delete'
      ? await unlessSessionBlocked(await deleteUnmatched(id, token))
      : await unlessSessionBlocked(
          await attachUnmatched(id, read.value.lead.kind, read.value.lead.leadId, token),
        );
  if (!outcome.ok) return data({ message: outcome.message }, { status: outcome.status });
  return redirect(UNMATCHED_PAGE_PATH);
}

export default function UnmatchedRoute() {
  const { find, candidates, messages, nextCursor } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useBusy();
  return (
    <>
      <h2 className="h4">Unmatched emails</h2>
      <p className="text-body-secondary">
        Emails no lead was found for. Attach each to a lead (it joins the lead’s conversation), or
        delete it.
      </p>
      <ErrorAlert message={refusal?.message} />
      <Form method="get" className="unmatched__find mb-3">
        <label htmlFor="unmatched-find" className="form-label">
          Find a lead by email or name
        </label>
        <div className="d-flex gap-2">
          <input
            id="unmatched-find"
            name="find"
            type="search"
            className="form-control"
            defaultValue={find}
            maxLength={200}
          />
          <Button type="submit" variant="outline-primary">
            Find
          </Button>
        </div>
        {find ? (
          <p className="small mt-1 mb-0" role="status">
            {candidates.length ? `${candidates.length} leads found.` : 'No lead found.'}
          </p>
        ) : null}
      </Form>
      {messages === null ? (
        <Alert variant="danger">The unmatched emails could not be read. Please try again.</Alert>
      ) : messages.length === 0 ? (
        <p>No unmatched emails.</p>
      ) : (
        <ol className="list-unstyled unmatched__list">
          {messages.map((message) => (
            <li key={message.id} className="card mb-3">
              <div className="card-body">
                <MessageView
                  message={message}
                  attachmentHref={(n) => unmatchedAttachmentHref(message.id, n)}
                />
                <p className="small text-body-secondary mt-2">{REASONS[message.reason]}</p>
                <div className="d-flex flex-wrap gap-2 align-items-end">
                  {candidates.length ? (
                    <Form method="post" className="d-flex gap-2 align-items-end">
                      <input type="hidden" name={ATTACH_FIELDS.id.name} value={message.id} />
                      <IntentField forms={UNMATCHED_FORMS} value="attach" />
                      <div>
                        <label htmlFor={`attach-${message.id}`} className="form-label small">
                          Attach to
                        </label>
                        <select
                          id={`attach-${message.id}`}
                          {...ATTACH_FIELDS.lead}
                          className="form-select"
                        >
                          {candidates.map((candidate) => (
                            <option key={candidate.value} value={candidate.value}>
                              {candidate.label}
                            </option>
                          ))}
                        </select>
                      </div>
                      <Button type="submit" disabled={busy}>
                        Attach
                      </Button>
                    </Form>
                  ) : null}
                  <Form method="post">
                    <input type="hidden" name={ATTACH_FIELDS.id.name} value={message.id} />
                    <IntentField forms={UNMATCHED_FORMS} value="delete" />
                    <Button type="submit" variant="outline-danger" disabled={busy}>
                      Delete
                    </Button>
                  </Form>
                </div>
              </div>
            </li>
          ))}
        </ol>
      )}
      {nextCursor ? (
        <a
          className="btn btn-outline-secondary"
          href={`${UNMATCHED_PAGE_PATH}?${new URLSearchParams({ ...Object.fromEntries(params), cursor: nextCursor })}`}
        >
          Older emails
        </a>
      ) : null}
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Unmatched emails');
