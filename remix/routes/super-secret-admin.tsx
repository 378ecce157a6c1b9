import {
  type ActionFunctionArgs,
  data,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { type ShouldRevalidateFunction, useActionData, useLoaderData } from '@remix-run/react';

import { isLeadKindKey } from '@contract';
import { checkToken, login } from '~/api/auth.server';
import { UNAVAILABLE_MESSAGE } from '~/api/http.server';
import { Dashboard } from '~/components/admin/dashboard';
import { SignInForm, type SignInResult } from '~/components/admin/sign-in-form';
import { ADMIN_PATH } from '~/config/paths';
import { loadPanels, moveLead } from '~/utils/inbox.server';
import {
  clearToken,
  readToken,
  requireAdmin,
  saveToken,
  signInRedirect,
} from '~/utils/session.server';
import { waitText } from '~/utils/wait-text';

const NOTICES: Record<string, string> = {
  expired: 'Your session has expired. Please sign in again.',
  'signed-out': 'You have signed out.',
};

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const notice = NOTICES[url.searchParams.get('reason') ?? ''] ?? null;
  const token = await readToken(request);
  if (!token) return { view: 'sign-in' as const, notice };

  const check = await checkToken(token);
  if (!check.ok) return { view: 'sign-in' as const, notice: UNAVAILABLE_MESSAGE };
  if (!check.data)
    return data(
      { view: 'sign-in' as const, notice: NOTICES.expired ?? null },
      { headers: { 'Set-Cookie': await clearToken() } },
    );

  return { view: 'dashboard' as const, panels: await loadPanels(token, url) };
}

const OBJECT_ID = /^[a-f0-9]{24}$/i;

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');

  if (intent === 'sign-in') return signIn(form, context.clientIp);
  if (intent === 'sign-out') return signInRedirect('signed-out');

  if (intent === 'archive' || intent === 'unarchive') {
    const token = await requireAdmin(request);
    const kind = form.get('kind');
    const id = form.get('id');
    if (!isLeadKindKey(kind) || typeof id !== 'string' || !OBJECT_ID.test(id))
      return data({ intent, ok: false, message: 'That request is not valid.' }, { status: 400 });
    const result = await moveLead(intent, kind, id, token);
    // Without JavaScript the form posted the whole page: answer with the fresh dashboard (PRG).
    if (form.get('js') !== '1' && result.ok) return redirect(returnTo(request, form));
    // The API's own failure status (404 for a lead gone meanwhile), 502 for anything unexpected.
    return data(result, {
      status: result.ok ? 200 : result.status >= 400 && result.status < 500 ? result.status : 502,
    });
  }

  return data({ ok: false, message: 'Unknown action.' }, { status: 400 });
}

async function signIn(form: FormData, clientIp: string | undefined) {
  const email = String(form.get('email') ?? '').trim();
  const password = String(form.get('password') ?? '');
  const outcome = await login({ email, password }, clientIp);
  if (outcome.ok)
    // Spec section 4: a successful login stores the token and reloads.
    return redirect(ADMIN_PATH, { headers: { 'Set-Cookie': await saveToken(outcome.data.token) } });

  const result: SignInResult = {
    intent: 'sign-in',
    email,
    error:
      outcome.status === 429
        ? `Too many sign-in attempts. Please try again in ${waitText(outcome.retryAfter)}.`
        : outcome.status === 400 || outcome.status === 401
          ? 'Invalid email or password'
          : UNAVAILABLE_MESSAGE,
  };
  // Spec section 4: a failed login clears any stored token.
  return data(result, { status: outcome.status, headers: { 'Set-Cookie': await clearToken() } });
}

/** Same-origin path to come back to after a no-JavaScript move (keeps the panels' searches). */
function returnTo(request: Request, form: FormData): string {
  const back = form.get('returnTo');
  return typeof back === 'string' && back.startsWith(`${ADMIN_PATH}`) && !back.startsWith('//')
    ? back
    : new URL(request.url).pathname;
}

/**
 * A move answers both first pages, which replace the panel's lists (spec section 4); re-reading
 * every panel after it would only repeat that. A searched panel is re-read, since the answer's
 * pages are not searched.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  actionResult,
  defaultShouldRevalidate,
}) => {
  const intent = formData?.get('intent');
  const moved =
    (intent === 'archive' || intent === 'unarchive') &&
    (actionResult as { ok?: boolean } | undefined)?.ok === true;
  return moved && !formData?.get('q') ? false : defaultShouldRevalidate;
};

export default function AdminRoute() {
  const state = useLoaderData<typeof loader>();
  // Only a move posted without JavaScript lands here; fetchers keep their answers to themselves.
  const posted = useActionData<{ intent?: string; ok?: boolean; message?: string }>();
  const moveError =
    posted && posted.ok === false && posted.intent !== 'sign-in' ? (posted.message ?? null) : null;
  return state.view === 'dashboard' ? (
    <Dashboard panels={state.panels} moveError={moveError} />
  ) : (
    <SignInForm notice={state.notice} />
  );
}

export const meta: MetaFunction = () => [
  { title: 'Admin' },
  { name: 'robots', content: 'noindex, nofollow' },
];
