import { type LoaderFunctionArgs } from '@remix-run/node';

import { isLeadKindKey, isObjectId, MESSAGE_ID_PATTERN } from '@contract';
import { attachmentDownload, leadAttachmentPath } from '~/api-client/conversation.server';
import { passAttachment } from '~/utils/attachment.server';
import { requireAdmin } from '~/utils/session.server';

/**
 * An attachment of a lead's email, for signed-in admins: streamed from the API with its headers
 * (a download, `nosniff`, a sandboxing policy), never shown as a page of ours.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = await requireAdmin(request);
  const { kind, id, messageId, n } = params;
  if (!isLeadKindKey(kind) || !isObjectId(id) || !MESSAGE_ID_PATTERN.test(messageId ?? ''))
    throw new Response('Not Found', { status: 404 });
  if (!/^\d{1,2}$/.test(n ?? '')) throw new Response('Not Found', { status: 404 });
  const path = leadAttachmentPath(kind, id, messageId!, Number(n));
  return passAttachment(await attachmentDownload(path, token));
}
