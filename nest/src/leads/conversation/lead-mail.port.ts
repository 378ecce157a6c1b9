import {
  type AdminRef,
  type LeadKindKey,
  type LeadList,
  type LeadStage,
  type SpamReason,
} from '../../contract';

/** A lead as the mail features see it: who it is, where it stands. Nothing of its own fields. */
export interface MailLead {
  kind: LeadKindKey;
  id: string;
  name: string;
  email: string;
  list: LeadList;
  stage: LeadStage;
  owner: AdminRef | null;
}

/** What a new lead is made of when a message comes from an address no lead has. */
export interface InboundLeadInput {
  /** The From display name (the address's local part when there is none). */
  name: string;
  email: string;
  subject: string;
  /** What the person wrote (their part, without quoted history). */
  text: string;
  /** Reasons the message itself gives for the spam score (a failed SPF/DKIM/DMARC). */
  spamReasons: SpamReason[];
}

/** A message kept on a lead, as its state reads it (never its content). */
export interface LeadMessageFact {
  /** The message's id in the conversation. */
  id: string;
  at: Date;
  /** An automatic reply: kept, never counted as the lead's answer. */
  auto: boolean;
  /** The sender as written (display name or address), for "X wrote again". */
  sender: string;
}

/**
 * The one door between the lead core and the mail features (inbound mail, the conversation). The
 * mail features ask through it and nothing else; today's core answers it in one adapter
 * (`leads/core/lead-mail.adapter.ts`), so a restructured core only has to re-implement this.
 */
export interface LeadMailPort {
  /** The lead of this kind and id, or null (never was, deleted, erased; a malformed id too). */
  find(kind: LeadKindKey, id: string): Promise<MailLead | null>;
  /** The newest active lead, of any kind, of this address (compared as emailKey does), or null. */
  newestActiveByEmail(email: string): Promise<MailLead | null>;
  /** A new lead from a message, through the kind's normal intake (the spam score included). */
  createFromMessage(kind: LeadKindKey, input: InboundLeadInput): Promise<MailLead>;
  /**
   * What an incoming message does to its lead's state (unread, waiting on us, back from the
   * archive); answers whether the team is to be told of it (not for spam or an automatic reply).
   */
  onInbound(lead: MailLead, message: LeadMessageFact): Promise<{ tell: boolean; owned: boolean }>;
  /** Our reply went out: whatever waited on us waits no more. */
  onOutbound(lead: MailLead, message: LeadMessageFact): Promise<void>;
}

/** DI token of the port. */
export const LEAD_MAIL_PORT = Symbol('LeadMailPort');
