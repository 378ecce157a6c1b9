import { type ChatAlertEvent, type Lead, leadField, type LeadKindDescriptor } from '../../contract';

import { firstLine, oneLine } from './chat-text';

/** One alert as the worker hands it to a chat format: the event, the lead, and where it opens. */
export interface ChatAlert {
  event: ChatAlertEvent;
  kind: LeadKindDescriptor;
  lead: Lead;
  /** The lead's detail in the admin: `WEB_URL/super-secret-admin/lead/<kind>/<id>`. */
  link: string;
}

/**
 * What an alert says, before any format: `title`, the labels and the times are ours; `name` and
 * each fact's `value` are the lead's, cut to one short line, and every format must escape them.
 */
export interface AlertContent {
  title: string;
  name: string;
  facts: { label: string; value: string }[];
  /** ISO 8601 instants, shown in each reader's own time zone where the format can. */
  times: { label: string; at: string }[];
  link: string;
  /** The link's words ("Open the lead"). */
  linkLabel: string;
}

const NAME_MAX = 120;
const FIELD_MAX = 200;
const MESSAGE_MAX = 300;

/** The lead's detail in the admin (the web app's URL for one lead, which admins can share). */
export function leadLink(webUrl: string, kind: LeadKindDescriptor, leadId: string): string {
  const path = `/super-secret-admin/lead/${encodeURIComponent(kind.key)}/${encodeURIComponent(leadId)}`;
  return new URL(path, `${webUrl.replace(/\/+$/, '')}/`).href;
}

/** A kind's singular name: "KE Demo Request" for the panel "KE Demo Requests". */
const nounOf = (kind: LeadKindDescriptor) => kind.panelTitle.replace(/s$/, '');

const TITLES: Record<ChatAlertEvent, (noun: string) => string> = {
  newLead: (noun) => `New ${noun}`,
  overdue: (noun) => `Overdue: ${noun} waiting for a first reply`,
  wroteAgain: (noun) => `${noun}: the lead wrote again`,
};

export function alertContent({ event, kind, lead, link }: ChatAlert): AlertContent {
  const text = leadField(lead, kind.textField);
  // The kind's own field: the company or location a demo or consultation names, or the message's
  // first line for a contact request.
  const fact =
    kind.textField === 'message'
      ? { label: 'Message', value: firstLine(text, MESSAGE_MAX) }
      : {
          label: kind.textField === 'company' ? 'Company' : 'Location',
          value: oneLine(text, FIELD_MAX),
        };
  const times = [{ label: 'Arrived', at: lead.createdAt }];
  if (event === 'overdue') times.push({ label: 'Was due', at: lead.dueAt });
  return {
    title: TITLES[event](nounOf(kind)),
    name: oneLine(lead.name, NAME_MAX) || '(no name)',
    facts: fact.value ? [fact] : [],
    times,
    link,
    linkLabel: 'Open the lead',
  };
}
