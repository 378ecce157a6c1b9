import { Form } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import {
  type AdminSummary,
  LEAD_ACCESS_LEVELS,
  LEAD_KIND_KEYS,
  LEAD_KIND_WORDS,
  type LeadAccessLevel,
  leadAccessSummary,
  type LeadKindKey,
} from '@contract';
import { ACCESS_FIELDS, ADMINS_FORMS } from '~/components/admin/admins-schema';
import { useBusy } from '~/components/admin/page-parts';
import { type ReauthAsk, ReauthFields } from '~/components/admin/reauth-fields';
import { IntentField } from '~/components/forms/intent-field';
import { ADMINS_PAGE_PATH } from '~/config/paths';

/**
 * A level per kind of lead, each a labelled select named as the access forms' fields are (the
 * kind's key): on the Admins page for an admin, on the API keys page for a key.
 */
export function LeadLevelSelects({
  idPrefix,
  levels,
  words,
  whose,
}: {
  idPrefix: string;
  levels: Record<LeadKindKey, LeadAccessLevel>;
  words: Record<LeadAccessLevel, string>;
  /** Said after the kind for assistive technology, when the page holds several such forms. */
  whose?: string;
}) {
  return LEAD_KIND_KEYS.map((kind) => (
    <div key={kind}>
      <label htmlFor={`${idPrefix}-${kind}`} className="form-label small mb-0">
        {LEAD_KIND_WORDS[kind]}
        {whose ? <span className="visually-hidden">{whose}</span> : null}
      </label>
      <select
        id={`${idPrefix}-${kind}`}
        name={ACCESS_FIELDS[kind].name}
        defaultValue={levels[kind]}
        className="form-select form-select-sm w-auto"
      >
        {LEAD_ACCESS_LEVELS.map((level) => (
          <option key={level} value={level}>
            {words[level]}
          </option>
        ))}
      </select>
    </div>
  ));
}

/** What each level means, as the select offers it. */
const LEVEL_WORDS = { all: 'all', assigned: 'assigned to them', none: 'none' } as const;

/**
 * One admin's access to leads on the Admins page, as a plain form (it works without JavaScript):
 * per kind all, those assigned to them, or none; whether nobody's leads come with "assigned"; and
 * what that means in plain words. "Change" asks for a factor again when the session's is older
 * than 5 minutes.
 */
export function AccessForm({
  admin,
  reauth,
}: {
  admin: AdminSummary;
  reauth: ReauthAsk | undefined;
}) {
  const busy = useBusy();
  const id = `access-${admin.id}`;
  return (
    <Form method="post" action={ADMINS_PAGE_PATH} className="admin-access">
      <IntentField forms={ADMINS_FORMS} value="access" />
      <input type="hidden" name={ACCESS_FIELDS.id.name} value={admin.id} />
      <input type="hidden" name={ACCESS_FIELDS.email.name} value={admin.email} />
      <p className="small text-body-secondary mb-1" id={`${id}-summary`}>
        Sees {leadAccessSummary(admin.access)}.
      </p>
      <div className="d-flex flex-wrap gap-2 align-items-end">
        <LeadLevelSelects
          idPrefix={id}
          levels={admin.access.kinds}
          words={LEVEL_WORDS}
          whose={` leads ${admin.email} sees`}
        />
        <div className="form-check mb-1">
          <input
            id={`${id}-unassigned`}
            type="checkbox"
            className="form-check-input"
            name={ACCESS_FIELDS.seeUnassigned.name}
            value="1"
            defaultChecked={admin.access.seeUnassigned}
          />
          <label htmlFor={`${id}-unassigned`} className="form-check-label small">
            and nobody’s<span className="visually-hidden"> leads, for {admin.email}</span>
          </label>
        </div>
        <ReauthFields ask={reauth} idPrefix={id} />
        <Button type="submit" variant="primary" size="sm" disabled={busy}>
          Change<span className="visually-hidden"> the access of {admin.email}</span>
        </Button>
      </div>
    </Form>
  );
}
