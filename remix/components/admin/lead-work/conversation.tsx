import { Link, useLocation } from '@remix-run/react';

import { type ConversationMessage, type MessageAddress } from '@contract';
import { RelativeTime } from '~/components/admin/relative-time';

import { type ConversationView } from './conversation-view';

/** "Jane Doe <jane@example.org>", or the address alone. */
export const addressText = (address: MessageAddress | null) =>
  !address ? 'no sender' : address.name ? `${address.name} <${address.address}>` : address.address;

/** A size in words a person reads: bytes, kB or MB. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * One email as text (never its HTML): who and when, what they wrote, the quoted history folded
 * away, the attachments as download links with their sizes; marked when a robot sent it or it
 * came from another address than the lead's.
 */
export function MessageView({
  message,
  attachmentHref,
}: {
  message: ConversationMessage;
  attachmentHref: (n: number) => string;
}) {
  const ours = message.direction === 'out';
  return (
    <article className={`conversation__message conversation__message--${message.direction}`}>
      <header className="conversation__header small">
        <strong>{ours ? 'Our reply' : addressText(message.from)}</strong>{' '}
        <RelativeTime iso={message.at} prefix="· " />
        {message.auto ? (
          <span className="badge text-bg-secondary ms-1">Automatic reply</span>
        ) : null}
        {message.senderDiffers ? (
          <span className="badge text-bg-warning ms-1">From another address</span>
        ) : null}
        {message.subject ? <div className="conversation__subject">{message.subject}</div> : null}
      </header>
      <p className="conversation__text">{message.text || '(no text)'}</p>
      {message.quoted ? (
        <details className="conversation__quoted small">
          <summary>Quoted text</summary>
          <p className="conversation__text">{message.quoted}</p>
        </details>
      ) : null}
      {message.attachments.length ? (
        <ul className="conversation__attachments small">
          {message.attachments.map((attachment) => (
            <li key={attachment.n}>
              <a href={attachmentHref(attachment.n)} download={attachment.name}>
                {attachment.name}
              </a>{' '}
              ({sizeText(attachment.size)}
              {attachment.inline ? ', shown in the email' : ''})
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** The page's URL with `earlier` set (an earlier page of emails) or dropped (the newest). */
function earlierSearch(search: string, earlier: string | null): string {
  const params = new URLSearchParams(search);
  if (earlier) params.set('earlier', earlier);
  else params.delete('earlier');
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * The lead's emails both ways, oldest first: the newest page, with a link back to earlier ones
 * (and from there to the newest again); nothing when none went back and forth yet.
 */
export function Conversation({
  conversation,
  attachmentHref,
}: {
  conversation: ConversationView | null;
  attachmentHref: (messageId: string, n: number) => string;
}) {
  const { search } = useLocation();
  if (!conversation?.messages.length) return null;
  return (
    <section className="lead-work__part conversation" aria-labelledby="lead-conversation-title">
      <h3 className="h6" id="lead-conversation-title">
        Conversation
      </h3>
      {conversation.earlier ? (
        <p className="small">
          <Link to={{ search: earlierSearch(search, conversation.earlier) }} preventScrollReset>
            Earlier emails
          </Link>
        </p>
      ) : null}
      <ol className="list-unstyled conversation__list">
        {conversation.messages.map((message) => (
          <li key={message.id}>
            <MessageView message={message} attachmentHref={(n) => attachmentHref(message.id, n)} />
          </li>
        ))}
      </ol>
      {conversation.later ? (
        <p className="small">
          <Link to={{ search: earlierSearch(search, null) }} preventScrollReset>
            Newest emails
          </Link>
        </p>
      ) : null}
    </section>
  );
}
