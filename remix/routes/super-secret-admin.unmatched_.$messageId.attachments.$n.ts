import { type LoaderFunctionArgs } from '@remix-run/node';

import { INBOUND_PATHS, MESSAGE_ID_PATTERN } from '@contract';
import { attachmentDownload } from '~/api-client/conversation.server';
import { passAttachment } from '~/utils/attachment.server';
import { requireAdmin } from '~/utils/session.server';

/** An attachment of an unmatched email, streamed from the API as a download (never a page). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const { messageId, n } = params;
  if (!MESSAGE_ID_PATTERN.test(messageId ?? '') || !/^\d{1,2}$/.test(n ?? ''))
    throw new Response('Not Found', { status: 404 });
  return passAttachment(
    await attachmentDownload(INBOUND_PATHS.attachment(messageId!, Number(n)), token),
  );
}
