import { isLeadStage, isObjectId, type LeadStage, REPLY_LIMITS, NOTE_TEXT_MAX } from '@contract';

/**
 * The forms of a lead's detail (stage, owner, notes, reply), written and read here only. Each
 * posts its `intent` to the detail route's action, with or without JavaScript.
 */
export const WORK_FIELD = {
  intent: 'intent',
  stage: 'stage',
  /** The stage it was in when the form was shown: what an Undo sets back. */
  from: 'from',
  /** An admin's id; '' for nobody. */
  adminId: 'adminId',
  text: 'text',
  noteId: 'noteId',
  subject: 'subject',
} as const;

export type WorkRequest =
  | { intent: 'stage'; stage: LeadStage; from?: LeadStage }
  | { intent: 'assign'; adminId: string | null }
  | { intent: 'note'; text: string }
  | { intent: 'delete-note'; noteId: string }
  | { intent: 'reply'; subject: string; text: string };

export type WorkIntent = WorkRequest['intent'];

/** What a refused form says: a message, and per field (named as the form names them). */
export interface WorkRefusal {
  intent: WorkIntent | null;
  message: string;
  errors?: Record<string, string[]>;
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** A posted detail form as a request, or what is wrong with it (said beside the form). */
export function readWorkForm(form: FormData): WorkRequest | WorkRefusal {
  const intent = form.get(WORK_FIELD.intent);
  switch (intent) {
    case 'stage': {
      const stage = form.get(WORK_FIELD.stage);
      const from = form.get(WORK_FIELD.from);
      if (!isLeadStage(stage)) return { intent, message: 'Choose a stage.' };
      return isLeadStage(from) ? { intent, stage, from } : { intent, stage };
    }
    case 'assign': {
      const adminId = text(form, WORK_FIELD.adminId);
      if (adminId === '') return { intent, adminId: null };
      return isObjectId(adminId) ? { intent, adminId } : { intent, message: 'Choose an admin.' };
    }
    case 'note': {
      const note = text(form, WORK_FIELD.text).trim();
      if (!note) return refused(intent, WORK_FIELD.text, 'Write the note first.');
      if (note.length > NOTE_TEXT_MAX)
        return refused(intent, WORK_FIELD.text, `At most ${NOTE_TEXT_MAX} characters.`);
      return { intent, text: note };
    }
    case 'delete-note': {
      const noteId = text(form, WORK_FIELD.noteId);
      return noteId ? { intent, noteId } : { intent, message: 'That note is not valid.' };
    }
    case 'reply': {
      const subject = text(form, WORK_FIELD.subject).trim();
      const body = text(form, WORK_FIELD.text);
      const errors: Record<string, string[]> = {};
      if (!subject) errors[WORK_FIELD.subject] = ['Write a subject.'];
      else if (/[\r\n]/.test(subject)) errors[WORK_FIELD.subject] = ['One line only.'];
      else if (subject.length > REPLY_LIMITS.subject)
        errors[WORK_FIELD.subject] = [`At most ${REPLY_LIMITS.subject} characters.`];
      if (!body.trim()) errors[WORK_FIELD.text] = ['Write the reply.'];
      else if (body.length > REPLY_LIMITS.text)
        errors[WORK_FIELD.text] = [`At most ${REPLY_LIMITS.text} characters.`];
      if (Object.keys(errors).length) return { intent, message: 'The reply was not sent.', errors };
      return { intent, subject, text: body };
    }
    default:
      return { intent: null, message: 'That request is not valid.' };
  }
}

function refused(intent: WorkIntent, field: string, message: string): WorkRefusal {
  return { intent, message, errors: { [field]: [message] } };
}

export const isWorkRefusal = (value: WorkRequest | WorkRefusal): value is WorkRefusal =>
  'message' in value;

/** What a form posted by the app gets back when it is done: the page is read again meanwhile. */
export interface WorkDone {
  done: WorkIntent;
  /** After a stage change: the stage it was in (for the Undo) and the one it is in now. */
  undoStage?: { from: LeadStage; to: LeadStage };
}
