import { Link } from '@remix-run/react';

import { type InboundChannelStatus, type InboundStatusResponse } from '@contract';
import { RelativeTime } from '~/components/admin/relative-time';
import { UNMATCHED_PAGE_PATH } from '~/config/paths';

const CHANNEL_NAMES = { imap: 'Mailbox (IMAP)', webhook: 'Webhook' } as const;

/** A channel's state in words: connected only while it works; a failure says why. */
function ChannelState({ channel }: { channel: InboundChannelStatus }) {
  const name = CHANNEL_NAMES[channel.channel];
  if (channel.state === 'off')
    return (
      <li>
        {name}: not set up (
        {channel.channel === 'imap' ? 'INBOUND_IMAP_URL' : 'INBOUND_WEBHOOK_SECRET'}).
      </li>
    );
  const words = {
    connecting: 'connecting…',
    connected: 'connected',
    standby: 'waiting for its turn',
    failing: 'not working',
    ready: 'ready to take mail',
  }[channel.state];
  return (
    <li>
      <strong>
        {name}: {words}
      </strong>
      {channel.lastError ? (
        <>
          {' '}
          — {channel.lastError.message} (<RelativeTime iso={channel.lastError.at} />)
        </>
      ) : null}
      {channel.lastPollAt ? (
        <>
          . Last looked into <RelativeTime iso={channel.lastPollAt} />
        </>
      ) : null}
      {channel.lastMessageAt ? (
        <>
          . Last email taken in <RelativeTime iso={channel.lastMessageAt} />
        </>
      ) : null}
      .
    </li>
  );
}

/** How inbound email stands (Settings): each channel, the last day's counts, the last refusal. */
export function InboundStatus({ status }: { status: InboundStatusResponse | null }) {
  if (!status)
    return <p className="text-body-secondary mb-0">The inbound email status could not be read.</p>;
  const { processed, skipped, unmatched, failed } = status.last24h;
  return (
    <>
      <ul className="inbound-status__channels">
        {status.channels.map((channel) => (
          <ChannelState key={channel.channel} channel={channel} />
        ))}
      </ul>
      <p>
        Last 24 hours: {processed} taken in on leads, {unmatched} unmatched, {skipped} already known
        or left out, {failed} refused.
      </p>
      {status.lastFailure ? (
        <p>
          Last refused <RelativeTime iso={status.lastFailure.at} />: {status.lastFailure.reason}.
        </p>
      ) : null}
      <p className="mb-0">
        {status.replyAddress
          ? `Replies ask for answers at ${status.replyAddress}, each with its lead's signed token.`
          : 'Replies ask for answers at the replying admin’s address (INBOUND_ADDRESS is not set).'}{' '}
        <Link to={UNMATCHED_PAGE_PATH}>Unmatched emails</Link>
      </p>
    </>
  );
}
