import { type FactoryProvider } from '@nestjs/common';

import { asSystem } from '../../common/lead-viewer.context';
import {
  characterCount,
  type CreateLeadRequest,
  emailKey,
  FIELD_LIMITS,
  isObjectId,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  type LeadKindKey,
} from '../../contract';
import { planInbound, planReplied } from '../core/lead-action-plan';
import { type LeadKindParts, leadPartsToken } from '../core/lead-kinds';
import { assigneeOf, listOf, type LeadRecord, stageOf } from '../core/lead-record';

import {
  type InboundLeadInput,
  LEAD_MAIL_PORT,
  type LeadMailPort,
  type LeadMessageFact,
  type MailLead,
} from './lead-mail.port';

/** Where a lead made from an email says it came from (its source, as insights group them). */
const EMAIL_SOURCE = { utm_source: 'email', utm_medium: 'email' } as const;

/**
 * LEAD_MAIL_PORT on every kind's parts (their repository, use cases and write queue), as work is
 * built on one kind's parts: a message changes its lead through the kind's own rules.
 */
export const leadMailPortProvider: FactoryProvider = {
  provide: LEAD_MAIL_PORT,
  inject: LEAD_KIND_KEYS.map(leadPartsToken),
  useFactory: (...parts: LeadKindParts[]) =>
    new LeadMailAdapter(new Map(parts.map((one) => [one.kind.key, one] as const))),
};

/** The mail features' port (LeadMailPort) on the lead core: the one file that knows both. */
class LeadMailAdapter implements LeadMailPort {
  constructor(private readonly kinds: ReadonlyMap<LeadKindKey, LeadKindParts>) {}

  private parts(kind: LeadKindKey): LeadKindParts {
    const parts = this.kinds.get(kind);
    if (!parts) throw new Error(`no lead kind ${kind}`);
    return parts;
  }

  async find(kind: LeadKindKey, id: string): Promise<MailLead | null> {
    if (!isObjectId(id)) return null;
    const record = await this.parts(kind).repository.findById(id.toLowerCase());
    return record ? mailLeadOf(kind, record) : null;
  }

  async newestActiveByEmail(email: string): Promise<MailLead | null> {
    // A person's leads by their email key: the privacy index on MongoDB; a read of each kind's
    // leads on FerretDB 1.x, which only a message no token or header matched costs.
    const found = await Promise.all(
      LEAD_KIND_KEYS.map(async (kind) =>
        (await this.parts(kind).repository.findByEmail(emailKey(email)))
          .filter((record) => listOf(record) === 'active')
          .map((record) => ({ kind, record })),
      ),
    );
    const newest = found
      .flat()
      .sort(
        (a, b) =>
          b.record.createdAt.getTime() - a.record.createdAt.getTime() ||
          b.record._id.toHexString().localeCompare(a.record._id.toHexString()),
      )[0];
    return newest ? mailLeadOf(newest.kind, newest.record) : null;
  }

  async createFromMessage(kind: LeadKindKey, input: InboundLeadInput): Promise<MailLead> {
    const descriptor = LEAD_KINDS[kind];
    const text = input.text.trim() || input.subject.trim() || '(no text: see the conversation)';
    const body = {
      name: clip(input.name, FIELD_LIMITS.name),
      email: input.email,
      // A kind without a message keeps the text's first line in its own field (company,
      // location); the whole message is in the lead's conversation either way.
      [descriptor.textField]:
        descriptor.textField === 'message'
          ? clip(text, FIELD_LIMITS.message)
          : clip(text.split('\n')[0] ?? text, FIELD_LIMITS[descriptor.textField]),
      ...(descriptor.hasSubject ? { subject: clip(input.subject, FIELD_LIMITS.subject) } : {}),
      source: EMAIL_SOURCE,
    } as unknown as CreateLeadRequest;
    const id = await this.parts(kind).service.submit(body, {
      // Mail carries no proof of work: nothing was checked, and nothing counts against it for it.
      proof: { status: 'unchecked' },
      // The repeated-text rule counts senders as it counts visitors' addresses.
      address: `email:${emailKey(input.email)}`,
      reasons: input.spamReasons,
    });
    // Read back as the API: an admin who makes it from unmatched mail may not see nobody's leads.
    const lead = await asSystem(() => this.find(kind, id));
    if (!lead) throw new Error(`the new ${kind} lead ${id} is not there`);
    return lead;
  }

  /**
   * Unread, waiting on us, back from the archive (planInbound), through the kind's write queue as
   * any change (totals, heads, timeline); answers whether the team is to hear of it (the webhook's
   * `lead.message`, the owner's "X wrote again"). An automatic reply changes nothing: it is not
   * the lead's answer.
   */
  async onInbound(
    lead: MailLead,
    message: LeadMessageFact,
  ): Promise<{ tell: boolean; owned: boolean }> {
    if (message.auto) return { tell: false, owned: false };
    const { writes, repository } = this.parts(lead.kind);
    const changed = await writes.run(async () => {
      const record = await repository.findById(lead.id);
      if (!record) return null;
      await writes.commit(planInbound(record, message.at), null);
      return record;
    });
    return {
      tell: Boolean(changed && listOf(changed) !== 'spam'),
      owned: Boolean(changed?.assigneeId),
    };
  }

  /** Our reply went out: the open wait, if any, is over (planReplied). */
  async onOutbound(lead: MailLead, message: LeadMessageFact): Promise<void> {
    const { writes, repository } = this.parts(lead.kind);
    await writes.run(async () => {
      const record = await repository.findById(lead.id);
      if (record) await writes.commit(planReplied(record, message.at), null);
    });
  }
}

function mailLeadOf(kind: LeadKindKey, record: LeadRecord): MailLead {
  return {
    kind,
    id: record._id.toHexString(),
    name: record.name,
    email: record.email,
    list: listOf(record),
    stage: stageOf(record),
    owner: assigneeOf(record),
  };
}

/** At most `max` characters (code points, as the lead schema counts), one line's worth trimmed. */
function clip(text: string, max: number): string {
  const trimmed = text.trim();
  return characterCount(trimmed) <= max ? trimmed : `${[...trimmed].slice(0, max - 1).join('')}…`;
}
