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

import { addAdmin, listAdmins, removeAdmin } from '~/api-client/admins.server';
import { checkToken, me } from '~/api-client/auth.server';
import { formMessage } from '~/api-client/http.server';
import { AccessForm } from '~/components/admin/access-form';
import { AddAdminForm } from '~/components/admin/add-admin-form';
import {
  ADMIN_LABELS as LABELS,
  ADMINS_FORMS,
  REMOVE_ADMIN_FIELDS,
} from '~/components/admin/admins-schema';
import { ConfirmStep } from '~/components/admin/confirm-step';
import { ErrorAlert } from '~/components/admin/page-parts';
import { type ReauthAsk, ReauthFields } from '~/components/admin/reauth-fields';
import { ConfirmStepCell, RecordTable } from '~/components/admin/record-table';
import { RelativeTime } from '~/components/admin/relative-time';
import { RoleForm } from '~/components/admin/role-form';
import { fieldErrors } from '~/components/forms/field-errors';
import { IntentField } from '~/components/forms/intent-field';
import { firstErrors, readForm, readIntentForm } from '~/components/forms/read-form';
import { ADMINS_PAGE_PATH } from '~/config/paths';
import { type AdminChangeResult, giveAccess, giveRole } from '~/utils/admin-changes.server';
import { adminPageMeta } from '~/utils/admin-meta';
import { withFreshFactor } from '~/utils/reauth.server';
import { requireAdmin, signInRedirect, unlessSessionBlocked } from '~/utils/session.server';

const HEADERS = ['Email', 'Added', 'Password', 'Role', 'Leads they see'];

export interface AdminsActionResult {
  intent: 'add' | 'remove';
  errors?: Partial<Record<keyof typeof LABELS, string>>;
  message?: string;
  /** What the add form held, so a refused one is not typed again (never the password). */
  email?: string;
  /** The removal asked about, shown again while a factor is asked for first. */
  id?: string;
  /** The change waits for a factor checked again (V7.5.1). */
  reauth?: ReauthAsk;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  // First: an admin who must change their password (or set up a factor) is sent there.
  const outcome = await unlessSessionBlocked(await listAdmins(token));
  if (!outcome.ok) throw new Response(outcome.message, { status: 503 });
  // Owners' page: the bar does not offer it to other roles, and a link typed in is refused so.
  const who = await me(token);
  if (who.ok && !who.data.permissions.includes('admins.manage'))
    throw new Response('Your role does not allow managing admins.', { status: 403 });
  const params = new URL(request.url).searchParams;
  const { admins } = outcome.data;
  const removing = params.get('remove');
  const added = params.get('added');
  const removed = params.get('removed');
  const roleChanged = params.get('role-changed');
  const accessChanged = params.get('access-changed');
  return {
    admins,
    // The confirmation step of a removal: a page of its own, so it works without JavaScript.
    pendingRemoval: admins.find((admin) => admin.id === removing) ?? null,
    notice: added
      ? `Added ${added}. Give them the initial password; they must change it at first sign-in.`
      : removed
        ? `Removed ${removed}. Their sessions have ended.`
        : roleChanged
          ? `Changed the role of ${roleChanged}. It holds from their next request.`
          : accessChanged
            ? `Changed the leads ${accessChanged} sees. It holds from their next request.`
            : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const form = await request.formData();
  const read = readIntentForm(form, ADMINS_FORMS);
  if (read?.intent === 'add') {
    if (read.ok) return add(form, read.value, token);
    // Said on its fields; the address typed stays (never the password).
    const typed = readForm(form, ADMINS_FORMS.add.pick({ email: true }));
    const errors = firstErrors(read.errors, ['email', 'password'] as const);
    const email = typed.ok ? typed.value.email : '';
    return data<AdminsActionResult>({ intent: 'add', email, errors }, { status: 400 });
  }
  if (read?.intent === 'remove') {
    if (read.ok) return remove(form, read.value, token);
    return data<AdminsActionResult>(
      { intent: 'remove', message: 'Unknown admin.' },
      { status: 400 },
    );
  }
  if (read?.intent === 'role') {
    if (read.ok) return giveRole(form, read.value, token);
    return data({ intent: 'role', message: 'Choose one of the roles.' }, { status: 400 });
  }
  if (read?.intent === 'access') {
    if (read.ok) return giveAccess(form, read.value, token);
    return data({ intent: 'access', message: 'Choose all, assigned or none.' }, { status: 400 });
  }
  return data({ intent: null, message: 'Unknown action.' }, { status: 400 });
}

type Posted<I extends keyof typeof ADMINS_FORMS> = z.output<(typeof ADMINS_FORMS)[I]>;

async function add(form: FormData, { email, password, role }: Posted<'add'>, token: string) {
  const fresh = await withFreshFactor(form, token, () =>
    addAdmin({ email, password, role }, token),
  );
  if ('reauth' in fresh)
    return data<AdminsActionResult>(
      { intent: 'add', email, reauth: fresh.reauth },
      { status: 403 },
    );
  const outcome = await unlessSessionBlocked(fresh.done);
  if (outcome.ok)
    return redirect(`${ADMINS_PAGE_PATH}?added=${encodeURIComponent(outcome.data.admin.email)}`);
  const errors =
    outcome.status === 409 ? { email: outcome.message } : fieldErrors(outcome.errors, LABELS);
  return data<AdminsActionResult>(
    {
      intent: 'add',
      email,
      errors,
      message: formMessage(errors, outcome),
    },
    { status: outcome.status },
  );
}

async function remove(form: FormData, { id, email }: Posted<'remove'>, token: string) {
  const fresh = await withFreshFactor(form, token, () => removeAdmin(id, token));
  if ('reauth' in fresh)
    return data<AdminsActionResult>(
      { intent: 'remove', id, email, reauth: fresh.reauth },
      { status: 403 },
    );
  const outcome = await unlessSessionBlocked(fresh.done);
  if (!outcome.ok)
    // 409 says why the last admin stays; 404 that someone removed them first.
    return data<AdminsActionResult>(
      { intent: 'remove', message: outcome.message },
      { status: outcome.status },
    );
  // An admin who removed themself has no session left.
  const stillSignedIn = await checkToken(token);
  if (stillSignedIn.ok && !stillSignedIn.data.success) throw await signInRedirect('signed-out');
  return redirect(`${ADMINS_PAGE_PATH}?removed=${encodeURIComponent(email)}`);
}

export default function AdminsRoute() {
  const { admins, pendingRemoval, notice } = useLoaderData<typeof loader>();
  const result = useActionData<AdminsActionResult | AdminChangeResult>();
  const addResult = result?.intent === 'add' ? result : undefined;
  const removeResult = result?.intent === 'remove' ? result : undefined;
  const roleResult = result?.intent === 'role' ? result : undefined;
  const accessResult = result?.intent === 'access' ? result : undefined;
  // A removal waiting for a factor checked again is asked about again, with the fields for it.
  const removal =
    removeResult?.reauth && removeResult.id && removeResult.email
      ? { id: removeResult.id, email: removeResult.email }
      : pendingRemoval;

  return (
    <>
      <h2 className="h4 mb-3">Admins</h2>
      {notice ? (
        <Alert variant="success" role="status">
          {notice}
        </Alert>
      ) : null}
      <ErrorAlert message={removeResult?.message ?? roleResult?.message ?? accessResult?.message} />
      {removal ? (
        <ConfirmStep
          className="admin-removal"
          action={ADMINS_PAGE_PATH}
          question={
            <>
              Remove the admin <strong>{removal.email}</strong>? Their sessions end at once, and
              they can no longer sign in.
            </>
          }
          submitLabel="Remove admin"
        >
          <IntentField forms={ADMINS_FORMS} value="remove" />
          <input type="hidden" name={REMOVE_ADMIN_FIELDS.id.name} value={removal.id} />
          <input type="hidden" name={REMOVE_ADMIN_FIELDS.email.name} value={removal.email} />
          <ReauthFields ask={removeResult?.reauth} idPrefix="remove-admin" />
        </ConfirmStep>
      ) : null}
      <div className="row g-4">
        <section className="col-12 col-lg-7" aria-labelledby="admins-heading">
          <h3 id="admins-heading" className="h5">
            Who can sign in
          </h3>
          <RecordTable headers={HEADERS}>
            {admins.map((admin) => (
              <tr key={admin.id}>
                <td className="text-break">{admin.email}</td>
                <td>
                  <RelativeTime iso={admin.createdAt} />
                </td>
                <td>
                  {admin.mustChangePassword ? (
                    <span className="badge text-bg-warning">Initial, to be changed</span>
                  ) : (
                    'Own'
                  )}
                </td>
                <td>
                  <RoleForm
                    admin={admin}
                    reauth={roleResult?.id === admin.id ? roleResult.reauth : undefined}
                  />
                </td>
                <td>
                  <AccessForm
                    admin={admin}
                    reauth={accessResult?.id === admin.id ? accessResult.reauth : undefined}
                  />
                </td>
                <ConfirmStepCell
                  to={`${ADMINS_PAGE_PATH}?remove=${admin.id}`}
                  label="Remove"
                  name={admin.email}
                />
              </tr>
            ))}
          </RecordTable>
        </section>
        <AddAdminForm result={addResult} />
      </div>
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Admins');
