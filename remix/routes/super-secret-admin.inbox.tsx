import { data, type LoaderFunctionArgs } from '@remix-run/node';

import { type LiveInboxResult } from '~/components/admin/live-inbox';
import { loadOverview } from '~/utils/inbox.server';
import { requireAdmin } from '~/utils/session.server';

/** The inbox now, for an open dashboard's poll (INBOX_LIVE_PATH, read by `useLiveInbox`). */
export async function loader({ request }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const overview = await loadOverview(token);
  return overview.ok
    ? data<LiveInboxResult>({ ok: true, kinds: overview.data.kinds })
    : data<LiveInboxResult>({ ok: false, message: overview.message }, { status: 503 });
}
