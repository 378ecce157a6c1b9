import type { LeadKindDescriptor, LeadKindKey } from './lead-kinds';

// --- a lead's conversation: the emails both ways (issue 33) ---------------------------------

/** `in`: the lead (or someone on their thread) wrote to us; `out`: our reply to them. */
export const MESSAGE_DIRECTIONS = ['in', 'out'] as const;
export type MessageDirection = (typeof MESSAGE_DIRECTIONS)[number];

/**
 * How an incoming message found its lead, in the order they are tried: the signed token in the
 * address it was sent to, our own Message-ID in its In-Reply-To or References, the sender's newest
 * active lead, else a new lead made from it; `admin` when an admin attached it from the Unmatched
 * list. Our own replies (`out`) have none.
 */
export const MATCHED_BY = ['token', 'headers', 'sender', 'new-lead', 'admin'] as const;
export type MatchedBy = (typeof MATCHED_BY)[number];

export interface MessageAddress {
  /** The display name as written (empty when none). */
  name: string;
  address: string;
}

/** An attachment as listed: its content is downloaded by its number `n` (from 0). */
export interface MessageAttachment {
  n: number;
  /** The file name the sender gave it (a made-up one when none). */
  name: string;
  /** The MIME type the sender declared: it is never trusted to display the file inline. */
  type: string;
  /** Bytes. */
  size: number;
  /** Shown in the message's HTML (an inline image): listed, never rendered. */
  inline: boolean;
}

/** One email of a lead's conversation, in plain text only (HTML is never kept for display). */
export interface ConversationMessage {
  /** Stable: 32 hexadecimal characters. */
  id: string;
  direction: MessageDirection;
  /** ISO 8601: when it reached us (`in`) or was sent (`out`). */
  at: string;
  /** Null for an incoming message without a usable From. */
  from: MessageAddress | null;
  to: MessageAddress[];
  cc: MessageAddress[];
  /** One line. */
  subject: string;
  /** What the person wrote, without the quoted history and signature. */
  text: string;
  /** The quoted history and the signature, separated out (empty when none). */
  quoted: string;
  attachments: MessageAttachment[];
  /** Its Message-ID header, as sent (null when it had none). */
  messageId: string | null;
  matchedBy: MatchedBy | null;
  /** Matched by token or headers, but sent from another address than the lead's. */
  senderDiffers: boolean;
  /** An automatic reply (out of office, a list, a robot): never counted as the lead's answer. */
  auto: boolean;
}

export const CONVERSATION_PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

/**
 * `GET {base}/{plural}/:id/messages`: oldest first, a page at a time. From the start by default
 * (`cursor` reads on); `from=end` is the newest page, what a person opening the lead reads first,
 * and `before` reads back from there.
 */
export interface ConversationPageResponse {
  success: true;
  /** Oldest first within the page too. */
  messages: ConversationMessage[];
  /** Pass as `cursor` for the next (later) page; null on the last. */
  nextCursor: string | null;
  /** Pass as `before` for the page just before (earlier); null on the first. */
  prevCursor: string | null;
}

/** Where a conversation's page starts when no cursor says: its first message, or its newest page. */
export const CONVERSATION_FROM = ['start', 'end'] as const;
export type ConversationFrom = (typeof CONVERSATION_FROM)[number];

/** Paths of one kind's calls on one lead's conversation. */
export function conversationPaths(kind: LeadKindDescriptor) {
  const one = (id: string) => `/${kind.module}/${kind.resource}/${encodeURIComponent(id)}`;
  return {
    messages: (id: string) => `${one(id)}/messages`,
    attachment: (id: string, messageId: string, n: number) =>
      `${one(id)}/messages/${encodeURIComponent(messageId)}/attachments/${n}`,
  } as const;
}

/** A message id as it travels in paths: 32 hexadecimal characters. */
export const MESSAGE_ID_PATTERN = /^[0-9a-f]{32}$/;

// --- inbound mail: the channels, the Unmatched list, the status -----------------------------

export const INBOUND_PATHS = {
  /** The raw-message webhook (`Content-Type: message/rfc822`, Standard Webhooks signature). */
  webhook: '/inbound/email',
  unmatched: '/inbound/unmatched',
  attach: (id: string) => `/inbound/unmatched/${encodeURIComponent(id)}/attach`,
  remove: (id: string) => `/inbound/unmatched/${encodeURIComponent(id)}`,
  attachment: (id: string, n: number) =>
    `/inbound/unmatched/${encodeURIComponent(id)}/attachments/${n}`,
  status: '/inbound/status',
} as const;

/** Why a message waits in the Unmatched list instead of on a lead. */
export const UNMATCHED_REASONS = ['no-lead', 'no-sender', 'from-us'] as const;
export type UnmatchedReason = (typeof UNMATCHED_REASONS)[number];

export interface UnmatchedMessage extends ConversationMessage {
  reason: UnmatchedReason;
}

export interface UnmatchedPageResponse {
  success: true;
  /** Newest first. */
  messages: UnmatchedMessage[];
  nextCursor: string | null;
}

/** Body of `POST /inbound/unmatched/:id/attach`. */
export interface AttachUnmatchedRequest {
  kind: LeadKindKey;
  leadId: string;
}

export interface AttachUnmatchedResponse {
  success: true;
  kind: LeadKindKey;
  leadId: string;
  message: ConversationMessage;
}

/** What the webhook (or the mailbox) did with one message. */
export const INBOUND_OUTCOMES = ['stored', 'duplicate', 'skipped', 'unmatched'] as const;
export type InboundOutcome = (typeof INBOUND_OUTCOMES)[number];

/** The webhook's 202: the message is stored (or known, or deliberately left out). */
export interface InboundWebhookResponse {
  success: true;
  outcome: InboundOutcome;
  /** The message's id (its conversation or Unmatched entry, when stored there). */
  id: string;
}

export const INBOUND_CHANNELS = ['imap', 'webhook'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];

/**
 * A channel's state in words a person can act on. `connected`: the mailbox is open (IMAP) and the
 * last poll worked; `standby`: another API process holds the mailbox; `failing`: the last attempt
 * failed (see `lastError`); `ready`: the webhook is configured (it has no connection); `off`: not
 * configured. Nothing is ever called synced while it fails.
 */
export const INBOUND_CHANNEL_STATES = [
  'off',
  'connecting',
  'connected',
  'standby',
  'failing',
  'ready',
] as const;
export type InboundChannelState = (typeof INBOUND_CHANNEL_STATES)[number];

export interface InboundChannelStatus {
  channel: InboundChannel;
  configured: boolean;
  state: InboundChannelState;
  /** The last failure of the channel itself (e.g. "authentication failed"), or null. */
  lastError: { at: string; message: string } | null;
  /** ISO 8601 of the last look into the mailbox (IMAP), or null. */
  lastPollAt: string | null;
  /** ISO 8601 of the last message taken in through this channel, or null. */
  lastMessageAt: string | null;
}

export interface InboundCounts {
  /** Stored on a lead (matched, or as a new lead). */
  processed: number;
  /** Known already, our own mail coming back, or otherwise left out on purpose. */
  skipped: number;
  /** Put in the Unmatched list. */
  unmatched: number;
  /** Refused as bad input, with a reason. */
  failed: number;
}

export interface InboundStatusResponse {
  success: true;
  channels: InboundChannelStatus[];
  /** Over the last 24 hours, both channels together. */
  last24h: InboundCounts;
  /** The last message refused as bad input, and why (never its content). */
  lastFailure: { at: string; channel: InboundChannel; reason: string } | null;
  /** The address replies ask answers to (INBOUND_ADDRESS), or null when unset. */
  replyAddress: string | null;
}
