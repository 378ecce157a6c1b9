import {
  isLeadAction,
  isLeadKindKey,
  isLeadStage,
  isObjectId,
  LEAD_IDS_MAX,
  type LeadAction,
  type LeadKindKey,
  type LeadStage,
} from '@contract';

/**
 * The lead-action form, written and read here only: the names of its fields, what each form or
 * button puts in them, and the reader the route's action applies. Whatever posted it (a lead's own
 * button, the bulk buttons, the no-JavaScript delete confirmation, opening a lead), the reader
 * answers one shape, and from there on a lead is always one of `ids`.
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

/** A lead-action form as posted: its request, or what is wrong with it (said to the admin). */
export function readActionForm(form: FormData): ActionFields | string {
  const kind = form.get(FIELD.kind);
  const q = form.get(FIELD.q);
  const one = form.get(FIELD.one);
  const [action, ids]: [unknown, unknown[]] =
    typeof one === 'string'
      ? [one.split(':')[0], one.split(':').slice(1, 2)]
      : [form.get(FIELD.action), form.getAll(FIELD.ids)];
  if (!isLeadAction(action) || !isLeadKindKey(kind)) return 'That request is not valid.';
  if (ids.length === 0) return 'Select at least one request first.';
  if (ids.length > LEAD_IDS_MAX) return `Select at most ${LEAD_IDS_MAX} requests at once.`;
  const valid = ids.filter(isObjectId);
  if (valid.length !== ids.length) return 'That request is not valid.';
  const fields: ActionFields = {
    action,
    kind,
    ids: valid,
    q: typeof q === 'string' ? q.trim() : '',
    confirmed: form.get(FIELD.confirmed) === '1',
  };
  if (action === 'assign') {
    const owners = ownersFrom(form, valid);
    if (form.get(FIELD.restore) !== '1') return { ...fields, owners };
    return valid.every((id) => id in owners)
      ? { ...fields, owners, restore: true }
      : 'That request is not valid.';
  }
  if (action !== 'stage') return fields;
  const from = stagesFrom(form, valid);
  if (form.get(FIELD.restore) === '1')
    return valid.every((id) => from[id])
      ? { ...fields, from, restore: true }
      : 'That request is not valid.';
  const stage = form.get(FIELD.stage);
  return isLeadStage(stage) ? { ...fields, stage, from } : 'Choose a stage first.';
}

/** The `from` stages of the leads acted on (the list sends those of every lead it shows). */
function stagesFrom(form: FormData, ids: string[]): Record<string, LeadStage> {
  const stages: Record<string, LeadStage> = {};
  for (const entry of form.getAll(FIELD.from)) {
    const [id, stage] = typeof entry === 'string' ? entry.split(':') : [];
    if (id && ids.includes(id) && isLeadStage(stage)) stages[id] = stage;
  }
  return stages;
}

/** The owners before of the leads acted on (the list sends those of every lead it shows). */
function ownersFrom(form: FormData, ids: string[]): Record<string, string | null> {
  const owners: Record<string, string | null> = {};
  for (const entry of form.getAll(FIELD.owner)) {
    const [id, owner] = typeof entry === 'string' ? entry.split(':') : [];
    if (!id || !ids.includes(id)) continue;
    if (owner === '') owners[id] = null;
    else if (isObjectId(owner)) owners[id] = owner;
  }
  return owners;
}
