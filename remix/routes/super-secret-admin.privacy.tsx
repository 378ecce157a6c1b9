import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';

import { FIELD_LIMITS } from '@contract';
import { erasePrivacy, privacyLeads, retentionPolicy } from '~/api-client/privacy.server';
import { EraseResult, PersonsLeads, RetentionPolicy } from '~/components/admin/privacy';
import { PRIVACY_FORMS } from '~/components/admin/privacy-schema';
import { INVALID_REQUEST, readIntentForm } from '~/components/forms/read-form';
import { PRIVACY_PATH } from '~/config/paths';
import { adminPageMeta } from '~/utils/admin-meta';
import { plural, privacyHref, type PrivacyLookup } from '~/utils/privacy';
import { readEmail, whatWentWrong } from '~/utils/privacy.server';
import { requireAdmin, unlessSessionBlocked } from '~/utils/session.server';

/**
 * A person's requests across the four kinds (their rights of access, portability and erasure):
 * `?email=` looks them up, the download route hands over a copy, and the action erases them all.
 * Erasing asks first: on the page (`&confirm=erase`) without JavaScript, in place with it.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const email = readEmail(params.get('email'));
  const policy = await unlessSessionBlocked(await retentionPolicy(token, context.clientIp));
  // The policy is told beside the lookup; the page works without it.
  const retention = policy.ok ? policy.data : null;
  if (!email) return { email: '', lookup: null, confirming: false, retention };

  const outcome = await unlessSessionBlocked(await privacyLeads(email, token, context.clientIp));
  const lookup: PrivacyLookup = outcome.ok
    ? { ok: true, kinds: outcome.data.kinds, total: outcome.data.total }
    : { ok: false, ...whatWentWrong(outcome) };
  return {
    email,
    lookup,
    confirming: lookup.ok && lookup.total > 0 && params.get('confirm') === 'erase',
    retention,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = await requireAdmin(request);
  const read = readIntentForm(await request.formData(), PRIVACY_FORMS);
  if (!read?.ok) return data({ ok: false as const, message: INVALID_REQUEST }, { status: 400 });
  const { email, confirmed } = read.value;
  // Only the confirmation's own form erases; anything else is asked first.
  if (!confirmed) return redirect(privacyHref(email, { confirm: true }));

  const outcome = await unlessSessionBlocked(await erasePrivacy(email, token, context.clientIp));
  if (!outcome.ok)
    return data(
      { ok: false as const, message: whatWentWrong(outcome).message },
      { status: outcome.status >= 400 && outcome.status < 500 ? outcome.status : 502 },
    );
  return { ok: true as const, email, erased: outcome.data.erased, total: outcome.data.total };
}

export default function PrivacyRoute() {
  const { email, lookup, confirming, retention } = useLoaderData<typeof loader>();
  const erase = useActionData<typeof action>();
  const navigation = useNavigation();
  const fieldError = lookup && !lookup.ok ? lookup.field : null;
  const looking = navigation.state !== 'idle' && navigation.formMethod === 'GET';

  return (
    <>
      <h2 className="h4">Privacy</h2>
      <p className="text-body-secondary">
        Everything stored for one email address, across the four inboxes: look it up, download a
        copy for the person, or erase it all.
      </p>
      <Form method="get" action={PRIVACY_PATH} className="privacy-search" noValidate>
        <label htmlFor="privacy-email" className="form-label">
          Email address
        </label>
        <div className="privacy-search__row">
          <input
            id="privacy-email"
            name="email"
            type="email"
            className={`form-control${fieldError ? ' is-invalid' : ''}`}
            defaultValue={email}
            maxLength={FIELD_LIMITS.email}
            autoComplete="off"
            required
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? 'privacy-email-error' : undefined}
          />
          <button type="submit" className="btn btn-primary" disabled={looking}>
            Look up
          </button>
        </div>
        {fieldError ? (
          <div id="privacy-email-error" className="invalid-feedback d-block" role="alert">
            {fieldError}
          </div>
        ) : null}
      </Form>
      {/* Present from the first render, so screen readers announce what arrives in it. */}
      <div role="status" className="privacy__status">
        {erase ? <EraseResult result={erase} /> : null}
        {lookup?.ok ? (
          <span className="visually-hidden">
            Found {plural(lookup.total, 'request')} of {email}.
          </span>
        ) : null}
      </div>
      {lookup && !lookup.ok && !lookup.field ? (
        <div className="alert alert-danger" role="alert">
          {lookup.message}
        </div>
      ) : null}
      {lookup?.ok ? (
        <PersonsLeads
          // A new lookup starts with the confirmation closed.
          key={`${email}:${lookup.total}`}
          email={email}
          lookup={lookup}
          confirming={confirming}
        />
      ) : null}
      <RetentionPolicy policy={retention} />
    </>
  );
}

export const meta: MetaFunction = () => adminPageMeta('Privacy');
