import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { Alert } from 'react-bootstrap';
import { type z } from 'zod';

import { type ApiKeySummary, LEAD_KIND_KEYS } from '@contract';
import { createApiKey, listApiKeys, revokeApiKey } from '~/api-client/api-keys.server';
import { formMessage } from '~/api-client/http.server';
import { ApiKeyList } from '~/components/admin/api-keys/api-key-list';
import {
  API_KEY_FORMS,
  API_KEY_LABELS as LABELS,
  REVOKE_API_KEY_FIELDS,
} from '~/components/admin/api-keys/api-keys-schema';
import {
  CreateApiKeyForm,
  type CreateApiKeyResult,
} from '~/components/admin/api-keys/create-api-key-form';
import { NewApiKey } from '~/components/admin/api-keys/new-api-key';
import { ConfirmStep } from '~/components/admin/confirm-step';
import { ErrorAlert } from '~/components/admin/page-parts';
import { fieldErrors } from '~/components/forms/field-errors';
import { IntentField } from '~/components/forms/intent-field';
import { firstErrors, readForm, readIntentForm } from '~/components/forms/read-form';
import { API_KEYS_PAGE_PATH } from '~/config/paths';
import { adminPageMeta } from '~/utils/admin-meta';
import { withFreshFactor } from '~/utils/reauth.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

type ActionResult =
  | ({ intent: 'create'; created?: { key: string; apiKey: ApiKeySummary } } & CreateApiKeyResult)
  | { intent: 'revoke' | null; message: string };

const DAY_MS = 24 * 3600_000;

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  // First: an admin who must change their password (or set up a factor) is sent there.
  const outcome = await unlessSessionBlocked(await listApiKeys(token));
  // Owners' page: the bar does not offer it to other roles, and a link typed in is refused so.
  if (!outcome.ok && outcome.status === 403)
    throw new Response('Your role does not allow managing API keys.', { status: 403 });
  if (!outcome.ok) throw new Response(outcome.message, { status: 503 });
  const { apiKeys } = outcome.data;
  const params = new URL(request.url).searchParams;
  const revoked = params.get('revoked');
  return {
    apiKeys,
    // The confirmation step of a revocation: a page of its own, so it works without JavaScript.
    pendingRevoke: apiKeys.find((key) => key.id === params.get('revoke')) ?? null,
    notice: revoked ? `Revoked the key ${revoked}. Its next request is refused.` : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const read = readIntentForm(form, API_KEY_FORMS);
  if (read?.intent === 'create') {
    if (read.ok) return create(form, read.value, token);
    const typed = readForm(form, API_KEY_FORMS.create.pick({ name: true }));
    const errors = firstErrors(read.errors, ['name', 'role'] as const);
    return data<ActionResult>(
      {
        intent: 'create',
        name: typed.ok ? typed.value.name : '',
        errors,
        message: Object.keys(errors).length ? undefined : 'Choose the key’s access and expiry.',
      },
      { status: 400 },
    );
  }
  if (read?.intent === 'revoke') {
    if (!read.ok)
      return data<ActionResult>({ intent: 'revoke', message: 'Unknown API key.' }, { status: 400 });
    const outcome = await unlessSessionBlocked(await revokeApiKey(read.value.id, token));
    if (!outcome.ok)
      return data<ActionResult>(
        { intent: 'revoke', message: outcome.message },
        { status: outcome.status },
      );
    return redirect(`${API_KEYS_PAGE_PATH}?revoked=${encodeURIComponent(read.value.name)}`);
  }
  return data<ActionResult>({ intent: null, message: 'Unknown action.' }, { status: 400 });
}

async function create(
  form: FormData,
  posted: z.output<(typeof API_KEY_FORMS)['create']>,
  token: string,
) {
  const { name, role, seeUnassigned, expiresInDays } = posted;
  const kinds = Object.fromEntries(LEAD_KIND_KEYS.map((kind) => [kind, posted[kind]]));
  const expiresAt = expiresInDays
    ? new Date(Date.now() + Number(expiresInDays) * DAY_MS).toISOString()
    : undefined;
  const fresh = await withFreshFactor(form, token, () =>
    createApiKey(
      { name, role, access: { kinds, seeUnassigned }, ...(expiresAt ? { expiresAt } : {}) },
      token,
    ),
  );
  if ('reauth' in fresh)
    return data<ActionResult>({ intent: 'create', name, reauth: fresh.reauth }, { status: 403 });
  const outcome = await unlessSessionBlocked(fresh.done);
  // Answered, not redirected: the key is shown this once, and never put in an address.
  if (outcome.ok) return data<ActionResult>({ intent: 'create', created: outcome.data });
  const errors = fieldErrors(outcome.errors, LABELS);
  return data<ActionResult>(
    { intent: 'create', name, errors, message: formMessage(errors, outcome) },
    { status: outcome.status },
  );
}

export default function ApiKeysRoute() {
  const { apiKeys, pendingRevoke, notice } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const createResult = result?.intent === 'create' ? result : undefined;
  const refusal = result && result.intent !== 'create' ? result.message : undefined;
  return (
    <>
      <h2 className="h4 mb-3">API keys</h2>
      <p>
        Integrations call the API with a key instead of a person’s session. A key does what an admin
        of its role may, on the leads it sees, but never manages admins, keys or security settings.
        Each use is recorded in the activity log with the key’s name.
      </p>
      {notice ? (
        <Alert variant="success" role="status">
          {notice}
        </Alert>
      ) : null}
      <ErrorAlert message={refusal} />
      {createResult?.created ? (
        <NewApiKey apiKey={createResult.created.apiKey} secret={createResult.created.key} />
      ) : null}
      {pendingRevoke ? (
        <ConfirmStep
          className="api-key-revoke"
          action={API_KEYS_PAGE_PATH}
          question={
            <>
              Revoke the key <strong>{pendingRevoke.name}</strong>? Whatever uses it is refused from
              its next request; this cannot be undone.
            </>
          }
          submitLabel="Revoke key"
        >
          <IntentField forms={API_KEY_FORMS} value="revoke" />
          <input type="hidden" name={REVOKE_API_KEY_FIELDS.id.name} value={pendingRevoke.id} />
          <input type="hidden" name={REVOKE_API_KEY_FIELDS.name.name} value={pendingRevoke.name} />
        </ConfirmStep>
      ) : null}
      <div className="row g-4">
        <section className="col-12 col-lg-7" aria-labelledby="api-keys-heading">
          <h3 id="api-keys-heading" className="h5">
            Keys in use
          </h3>
          <ApiKeyList apiKeys={apiKeys} />
        </section>
        <CreateApiKeyForm result={createResult?.created ? undefined : createResult} />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('API keys');
