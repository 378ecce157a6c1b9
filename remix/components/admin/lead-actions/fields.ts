import { z } from 'zod';

import {
  isLeadStage,
  isObjectId,
  LEAD_ACTIONS,
  LEAD_IDS_MAX,
  LEAD_KIND_KEYS,
  type LeadAction,
  type LeadKindKey,
  type LeadStage,
} from '@contract';
import { INVALID_REQUEST, readForm } from '~/components/forms/read-form';
import { flag, list, objectId } from '~/components/forms/rules';
import { ADMIN_PATH } from '~/config/paths';

/**
 * The lead-action form, written and read here only: the names of its fields, what each form or
 * button puts in them, and the schema the route's action reads it with. Whatever posted it (a
 * lead's own button, the bulk buttons, the no-JavaScript delete confirmation, opening a lead), the
 * reader answers one shape, and from there on a lead is always one of `ids`.
 */
export const FIELD = {
  kind: 'kind',
  /** The panel's search: the answer then holds that search's first pages. */
  q: 'q',
  /** Set by a lead's own button: `<action>:<id>` (a submit button carries one name and value). */
  one: 'one',
  /** Set by the bulk buttons, with the checked `ids`. */
  action: 'action',
  ids: 'ids',
  /** Deleting asks first; the confirmed form says so. */
  confirmed: 'confirmed',
  /** The page to come back to without JavaScript. */
  returnTo: 'returnTo',
  /** Set when opening a lead marked it read: no act of the admin's to offer undoing. */
  opened: 'opened',
  /** The stage the bulk Set stage sets. */
  stage: 'stage',
  /** `<id>:<stage>`, each lead's stage as the list showed it: what an Undo sets back. */
  from: 'from',
  /** `<id>:<adminId>` (`<id>:` for nobody), each lead's owner as the list showed it. */
  owner: 'owner',
  /** Set by the Undo of a stage change or an assignment: each lead back to its `from` or `owner`. */
  restore: 'restore',
} as const;

/** What a posted lead-action form asks, checked. */
export interface ActionFields {
  action: LeadAction;
  kind: LeadKindKey;
  ids: string[];
  q: string;
  confirmed: boolean;
  /** A stage change: the stage, unless it is an Undo (`restore`) setting each back to `from`. */
  stage?: LeadStage;
  from?: Record<string, LeadStage>;
  /** An assignment: each lead's owner before (an admin's id, null for nobody). */
  owners?: Record<string, string | null>;
  restore?: true;
}

/** The name and value of a button acting on one lead. */
export function oneLeadButton(action: LeadAction, id: string): { name: string; value: string } {
  return { name: FIELD.one, value: `${action}:${id}` };
}

/** The fields of a whole request, as hidden inputs or a fetcher's body take them. */
export function actionEntries(fields: {
  action: LeadAction;
  kind: LeadKindKey;
  ids: readonly string[];
  q?: string;
  confirmed?: boolean;
  returnTo?: string;
  from?: Record<string, LeadStage>;
  owners?: Record<string, string | null>;
  restore?: boolean;
}): [string, string][] {
  return [
    [FIELD.kind, fields.kind],
    [FIELD.action, fields.action],
    ...fields.ids.map((id): [string, string] => [FIELD.ids, id]),
    ...(fields.q ? [[FIELD.q, fields.q] as [string, string]] : []),
    ...(fields.confirmed ? [[FIELD.confirmed, '1'] as [string, string]] : []),
    ...(fields.returnTo ? [[FIELD.returnTo, fields.returnTo] as [string, string]] : []),
    ...Object.entries(fields.from ?? {}).map(([id, stage]): [string, string] => [
      FIELD.from,
      `${id}:${stage}`,
    ]),
    ...Object.entries(fields.owners ?? {}).map(([id, owner]): [string, string] => [
      FIELD.owner,
      `${id}:${owner ?? ''}`,
    ]),
    ...(fields.restore ? [[FIELD.restore, '1'] as [string, string]] : []),
  ];
}

const SELECT_FIRST = 'Select at least one request first.';

/** `one` as a lead's own button posts it (`<action>:<id>`), read as the bulk buttons post theirs. */
const oneLeadAsMany = (posted: unknown) => {
  if (typeof posted !== 'object' || posted === null) return posted;
  const { [FIELD.one]: one, ...rest } = posted as Record<string, unknown>;
  if (typeof one !== 'string') return rest;
  const [action, ...id] = one.split(':');
  return { ...rest, [FIELD.action]: action, [FIELD.ids]: id.slice(0, 1) };
};

/**
 * The lead-action form's schema: a kind, an action, the leads (1 to LEAD_IDS_MAX ids, by the
 * contract's pattern), and what a stage change or an assignment needs beside them (each lead's
 * stage or owner as the list showed it, for the Undo). Its first refusal is what the admin is told.
 */
export const leadActionSchema = z.preprocess(
  oneLeadAsMany,
  z
    .object({
      [FIELD.kind]: z.enum(LEAD_KIND_KEYS, { message: INVALID_REQUEST }),
      [FIELD.action]: z.enum(LEAD_ACTIONS, { message: INVALID_REQUEST }),
      [FIELD.ids]: list(z.unknown())
        .pipe(
          z
            .array(z.unknown())
            .min(1, SELECT_FIRST)
            .max(LEAD_IDS_MAX, `Select at most ${LEAD_IDS_MAX} requests at once.`),
        )
        .pipe(z.array(objectId(INVALID_REQUEST))),
      [FIELD.q]: z.preprocess(
        (value) => (typeof value === 'string' ? value.trim() : ''),
        z.string(),
      ),
      [FIELD.confirmed]: flag,
      [FIELD.restore]: flag,
      [FIELD.stage]: z.unknown(),
      [FIELD.from]: list(z.unknown()),
      [FIELD.owner]: list(z.unknown()),
    })
    .transform(({ action, kind, ids, q, confirmed, restore, stage, from, owner }, context) => {
      const fields: ActionFields = { action, kind, ids, q, confirmed };
      const refuse = (message: string) => {
        context.addIssue({ code: 'custom', message });
        return z.NEVER;
      };
      if (action === 'assign') {
        const owners = ownersFrom(owner, ids);
        if (!restore) return { ...fields, owners };
        return ids.every((id) => id in owners)
          ? { ...fields, owners, restore: true as const }
          : refuse(INVALID_REQUEST);
      }
      if (action !== 'stage') return fields;
      const stages = stagesFrom(from, ids);
      if (restore)
        return ids.every((id) => stages[id])
          ? { ...fields, from: stages, restore: true as const }
          : refuse(INVALID_REQUEST);
      return isLeadStage(stage)
        ? { ...fields, stage, from: stages }
        : refuse('Choose a stage first.');
    }),
);

/** A lead-action form as posted: its request, or what is wrong with it (said to the admin). */
export function readActionForm(form: FormData): ActionFields | string {
  const read = readForm(form, leadActionSchema);
  return read.ok ? read.value : (Object.values(read.errors)[0]?.[0] ?? INVALID_REQUEST);
}

/**
 * How the form was posted, whatever else it holds: the page to come back to without JavaScript
 * (the dashboard's own, searches kept; anything else is the inbox) and whether opening a lead
 * marked it read.
 */
export const actionPostSchema = z.object({
  [FIELD.returnTo]: z
    .string()
    .refine((back) => back.startsWith(ADMIN_PATH) && !/[\r\n\u2028\u2029\\]/.test(back))
    .catch(ADMIN_PATH),
  [FIELD.opened]: flag,
});

/** The `from` stages of the leads acted on (the list sends those of every lead it shows). */
function stagesFrom(entries: unknown[], ids: string[]): Record<string, LeadStage> {
  const stages: Record<string, LeadStage> = {};
  for (const entry of entries) {
    const [id, stage] = typeof entry === 'string' ? entry.split(':') : [];
    if (id && ids.includes(id) && isLeadStage(stage)) stages[id] = stage;
  }
  return stages;
}

/** The owners before of the leads acted on (the list sends those of every lead it shows). */
function ownersFrom(entries: unknown[], ids: string[]): Record<string, string | null> {
  const owners: Record<string, string | null> = {};
  for (const entry of entries) {
    const [id, owner] = typeof entry === 'string' ? entry.split(':') : [];
    if (!id || !ids.includes(id)) continue;
    if (owner === '') owners[id] = null;
    else if (isObjectId(owner)) owners[id] = owner;
  }
  return owners;
}
