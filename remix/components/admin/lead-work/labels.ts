import {
  type ActiveAssignmentRule,
  ASSIGNMENT_WAIT_REASONS,
  type LeadKindKey,
  type LeadStage,
  type ReplyStatus,
  SPAM_REASON_TEXT,
  type TimelineEvent,
} from '@contract';

/** Each stage as the dashboard says it. */
export const STAGE_LABELS: Record<LeadStage, string> = {
  new: 'New',
  contacted: 'Contacted',
  qualified: 'Qualified',
  won: 'Won',
  lost: 'Lost',
};

/** A reply's delivery as the timeline says it. */
export const REPLY_STATUS_LABELS: Record<ReplyStatus, string> = {
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

/** An assignment rule as the timeline names it. */
const RULE_LABELS: Record<ActiveAssignmentRule, string> = {
  'round-robin': 'Round-robin',
  'least-open': 'Least open',
};

const who = (event: TimelineEvent) => event.admin?.email ?? 'Someone';

/** One timeline event in words (what happened and who did it); its time is shown beside it. */
export function describeEvent(event: TimelineEvent): string {
  switch (event.type) {
    case 'received':
      return 'Request received';
    case 'read':
      return event.detail.read ? `${who(event)} opened it` : `${who(event)} marked it unread`;
    case 'stage':
      return `${who(event)} moved it from ${STAGE_LABELS[event.detail.from]} to ${STAGE_LABELS[event.detail.to]}`;
    case 'assign': {
      const { to, reason, by, rule, waiting } = event.detail;
      if (reason === 'admin-removed') return 'Owner cleared: their admin account was removed';
      if (by === 'rule') {
        const named = rule ? RULE_LABELS[rule] : 'Automatic assignment';
        if (to) return `${named} assigned it to ${to.email}`;
        return `${named} found nobody: ${waiting ? ASSIGNMENT_WAIT_REASONS[waiting] : 'no eligible admin'}; it waits for someone`;
      }
      return to ? `${who(event)} assigned it to ${to.email}` : `${who(event)} cleared its owner`;
    }
    case 'note':
      return `${who(event)} added a note`;
    case 'reply': {
      const { subject, status, error } = event.detail;
      const delivery = REPLY_STATUS_LABELS[status] + (error ? `: ${error}` : '');
      return `${who(event)} replied “${subject}” (${delivery})`;
    }
    case 'archive':
      return `${who(event)} archived it`;
    case 'unarchive':
      return `${who(event)} unarchived it`;
    case 'spam':
      return event.admin
        ? `${who(event)} marked it spam`
        : `Held as spam: ${event.detail.reasons.map((r) => SPAM_REASON_TEXT[r]).join('; ')}`;
    case 'not-spam':
      return `${who(event)} marked it not spam`;
    case 'merge': {
      const { original } = event.detail;
      return `${who(event)} merged in the request of ${original.createdAt.slice(0, 10)} from ${original.name}`;
    }
    case 'unmerge': {
      const n = event.detail.restored.length;
      return `${who(event)} took a merge back: ${n === 1 ? '1 request' : `${n} requests`} in the inbox again`;
    }
    case 'link':
      return `${who(event)} linked the same person’s ${KIND_NAMES[event.detail.with.kind]} request`;
  }
}

/** A kind in the words of a link entry. */
const KIND_NAMES: Record<LeadKindKey, string> = {
  contactUs: 'contact',
  keDemo: 'KE demo',
  brokerDemo: 'broker demo',
  consultation: 'consultation',
};
