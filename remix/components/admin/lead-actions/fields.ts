import {
  isLeadAction,
  isLeadKindKey,
  isObjectId,
  LEAD_IDS_MAX,
  type LeadAction,
  type LeadKindKey,
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
} as const;

/** What a posted lead-action form asks, checked. */
export interface ActionFields {
  action: LeadAction;
  kind: LeadKindKey;
  ids: string[];
  q: string;
  confirmed: boolean;
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
}): [string, string][] {
  return [
    [FIELD.kind, fields.kind],
    [FIELD.action, fields.action],
    ...fields.ids.map((id): [string, string] => [FIELD.ids, id]),
    ...(fields.q ? [[FIELD.q, fields.q] as [string, string]] : []),
    ...(fields.confirmed ? [[FIELD.confirmed, '1'] as [string, string]] : []),
    ...(fields.returnTo ? [[FIELD.returnTo, fields.returnTo] as [string, string]] : []),
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
  return {
    action,
    kind,
    ids: valid,
    q: typeof q === 'string' ? q.trim() : '',
    confirmed: form.get(FIELD.confirmed) === '1',
  };
}
