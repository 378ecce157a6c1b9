import { z } from 'zod';

import {
  LEAD_KIND_KEYS,
  type LeadKindKey,
  LEAD_STAGES,
  type LeadStage,
  NOTE_TEXT_MAX,
  REPLY_LIMITS,
  zoneOrDefault,
} from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { INTENT_FIELD, INVALID_REQUEST, readIntentForm } from '~/components/forms/read-form';
import { checkedText, objectId } from '~/components/forms/rules';
import { FOLLOW_UP_CHOICES, followUpInstant } from '~/utils/follow-up';

/**
 * The forms of a lead's detail (stage, owner, notes, reply), written and read here only: their
 * fields' names and their schemas. Each posts its `intent` to the detail route's action, with or
 * without JavaScript.
 */
export const WORK_FIELD = {
  intent: INTENT_FIELD,
  stage: 'stage',
  /** The stage it was in when the form was shown: what an Undo sets back. */
  from: 'from',
  /** An admin's id; '' for nobody. */
  adminId: 'adminId',
  text: 'text',
  noteId: 'noteId',
  subject: 'subject',
  /** The other request a merge takes in: its kind and id. */
  fromKind: 'fromKind',
  fromId: 'fromId',
  mergeId: 'mergeId',
  /** "Remind me": which choice (FOLLOW_UP_CHOICES), a picked date and time, the viewer's zone. */
  when: 'when',
  date: 'date',
  time: 'time',
  zone: 'zone',
} as const;

export type WorkRequest =
  | { intent: 'stage'; stage: LeadStage; from?: LeadStage }
  | { intent: 'assign'; adminId: string | null }
  | { intent: 'note'; text: string }
  | { intent: 'delete-note'; noteId: string }
  | { intent: 'reply'; subject: string; text: string }
  | { intent: 'merge'; fromKind: LeadKindKey; fromId: string }
  | { intent: 'unmerge'; mergeId: string }
  | { intent: 'follow-up'; at: string | null };

export type WorkIntent = WorkRequest['intent'];

/** What a refused form says: a message, and per field (named as the form names them). */
export interface WorkRefusal {
  intent: WorkIntent | null;
  message: string;
  errors?: Record<string, string[]>;
}

const NOT_TEXT = 'It holds a character that cannot be stored (NUL, or half an emoji).';

/** The detail's forms, by intent: each one's schema, by the contract's rules and limits. */
export const WORK_FORMS = {
  stage: z
    .object({
      [WORK_FIELD.stage]: z.enum(LEAD_STAGES, { message: 'Choose a stage.' }),
      [WORK_FIELD.from]: z.enum(LEAD_STAGES).optional().catch(undefined),
    })
    .transform(({ stage, from }) => (from ? { stage, from } : { stage })),
  assign: z.object({
    /** '' is nobody. */
    [WORK_FIELD.adminId]: z.preprocess(
      (value) => value ?? '',
      z
        .union([z.literal(''), objectId('Choose an admin.')], {
          errorMap: () => ({ message: 'Choose an admin.' }),
        })
        .transform((id) => id || null),
    ),
  }),
  note: z.object({
    [WORK_FIELD.text]: checkedText(
      NOTE_TEXT_MAX,
      {
        blank: 'Write the note first.',
        'too-long': `At most ${NOTE_TEXT_MAX} characters.`,
        'not-text': NOT_TEXT,
      },
      { trim: true },
    ),
  }),
  'delete-note': z.object({
    [WORK_FIELD.noteId]: objectId('That note is not valid.'),
  }),
  merge: z.object({
    [WORK_FIELD.fromKind]: z.enum(LEAD_KIND_KEYS, { message: 'That request is not valid.' }),
    [WORK_FIELD.fromId]: objectId('That request is not valid.'),
  }),
  unmerge: z.object({
    [WORK_FIELD.mergeId]: objectId('That merge is not valid.'),
  }),
  /** A choice read in the viewer's zone at the moment it is posted: the instant, or null. */
  'follow-up': z
    .object({
      [WORK_FIELD.when]: z.enum(FOLLOW_UP_CHOICES, { message: 'Choose when to be reminded.' }),
      [WORK_FIELD.date]: z.string().max(10).optional(),
      [WORK_FIELD.time]: z.string().max(5).optional(),
      [WORK_FIELD.zone]: z.string().max(64).optional(),
    })
    .transform(({ when, date, time, zone }, context) => {
      const picked = { date: date || undefined, time: time || undefined };
      const at = followUpInstant(when, new Date(), zoneOrDefault(zone), picked);
      if (at !== undefined) return { at: at?.toISOString() ?? null };
      context.addIssue({ code: 'custom', message: 'Pick a date (and a time) to be reminded.' });
      return z.NEVER;
    }),
  /** Plain text; the subject on one line (it becomes a mail header), sent trimmed. */
  reply: z.object({
    [WORK_FIELD.subject]: checkedText(
      REPLY_LIMITS.subject,
      {
        blank: 'Write a subject.',
        'line-break': 'One line only.',
        'too-long': `At most ${REPLY_LIMITS.subject} characters.`,
        'not-text': NOT_TEXT,
      },
      { oneLine: true, trim: true },
    ),
    [WORK_FIELD.text]: checkedText(REPLY_LIMITS.text, {
      blank: 'Write the reply.',
      'too-long': `At most ${REPLY_LIMITS.text} characters.`,
      'not-text': NOT_TEXT,
    }),
  }),
};

export const NOTE_FIELDS = formFields(WORK_FORMS.note);
export const REPLY_FIELDS = formFields(WORK_FORMS.reply);

/** A posted detail form as a request, or what is wrong with it (said beside the form). */
export function readWorkForm(form: FormData): WorkRequest | WorkRefusal {
  const read = readIntentForm(form, WORK_FORMS);
  if (!read) return { intent: null, message: INVALID_REQUEST };
  if (read.ok) return { intent: read.intent, ...read.value } as WorkRequest;
  const { intent, errors } = read;
  if (intent === 'reply') return { intent, message: 'The reply was not sent.', errors };
  const message = Object.values(errors)[0]?.[0] ?? INVALID_REQUEST;
  // A note's refusal is said on its field too.
  return intent === 'note'
    ? { intent, message, errors: { [WORK_FIELD.text]: [message] } }
    : { intent, message };
}

export const isWorkRefusal = (value: WorkRequest | WorkRefusal): value is WorkRefusal =>
  'message' in value;

/** What a form posted by the app gets back when it is done: the page is read again meanwhile. */
export interface WorkDone {
  done: WorkIntent;
  /** After a stage change: the stage it was in (for the Undo) and the one it is in now. */
  undoStage?: { from: LeadStage; to: LeadStage };
  /** After a merge: what an Undo takes back, and whether the request was merged or linked. */
  undoMerge?: { mergeId: string; linked: boolean };
}
