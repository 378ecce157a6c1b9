import { API_KEY_NAME_MAX, FULL_LEAD_ACCESS } from '@contract';
import { LeadLevelSelects } from '~/components/admin/access-form';
import {
  API_KEY_EXPIRIES,
  API_KEY_FORMS,
  API_KEY_LABELS as LABELS,
  CREATE_API_KEY_FIELDS as FIELDS,
} from '~/components/admin/api-keys/api-keys-schema';
import { CardForm, type CardFormResult } from '~/components/admin/card-form';
import { RoleSelect } from '~/components/admin/role-select';
import { FormField } from '~/components/forms/form-field';
import { IntentField } from '~/components/forms/intent-field';
import { API_KEYS_PAGE_PATH } from '~/config/paths';

/** A new key's form starts at every lead of every kind (a read-only viewer's is the default). */
const ALL_KINDS = FULL_LEAD_ACCESS.kinds;

/** What each level means for a key, which no lead is ever assigned to. */
const LEVEL_WORDS = { all: 'all', assigned: 'only nobody’s', none: 'none' } as const;

/** What the create form shows again after a refusal. */
export interface CreateApiKeyResult extends CardFormResult<keyof typeof LABELS> {
  name?: string;
}

/**
 * "Create an API key": a name, a role, which leads of each kind it sees, and when it expires. A
 * plain form (it works without JavaScript); it asks for a factor again when the session's is
 * older than 5 minutes.
 */
export function CreateApiKeyForm({ result }: { result: CreateApiKeyResult | undefined }) {
  const errors = result?.errors ?? {};
  return (
    <CardForm
      headingId="create-api-key-heading"
      title="Create an API key"
      action={API_KEYS_PAGE_PATH}
      message={result?.message}
      reauth={result?.reauth}
      reauthIdPrefix="create-api-key"
      submitLabel="Create key"
    >
      <IntentField forms={API_KEY_FORMS} value="create" />
      <FormField
        id="api-key-name"
        {...FIELDS.name}
        label={LABELS.name}
        hint={`What uses it, such as “CRM sync”. Up to ${API_KEY_NAME_MAX} characters.`}
        autoComplete="off"
        defaultValue={result?.name ?? ''}
        error={errors.name}
      />
      <RoleSelect
        id="api-key-role"
        name={FIELDS.role.name}
        label={LABELS.role}
        defaultValue="viewer"
        hint="It may do what an admin of this role may, but never manage admins, keys or security settings."
      />
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Leads it sees</legend>
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <LeadLevelSelects idPrefix="api-key" levels={ALL_KINDS} words={LEVEL_WORDS} />
        </div>
        <div className="form-check mt-2">
          <input
            id="api-key-unassigned"
            type="checkbox"
            className="form-check-input"
            name={FIELDS.seeUnassigned.name}
            value="1"
            defaultChecked
          />
          <label htmlFor="api-key-unassigned" className="form-check-label small">
            With “only nobody’s”: the leads nobody has (no lead is assigned to a key)
          </label>
        </div>
      </fieldset>
      <div className="mb-3">
        <label htmlFor="api-key-expiry" className="form-label">
          {LABELS.expiresAt}
        </label>
        <select
          id="api-key-expiry"
          name={FIELDS.expiresInDays.name}
          defaultValue="90"
          className={`form-select${errors.expiresAt ? ' is-invalid' : ''}`}
          aria-describedby={errors.expiresAt ? 'api-key-expiry-error' : undefined}
        >
          {API_KEY_EXPIRIES.map((expiry) => (
            <option key={expiry.value} value={expiry.value}>
              {expiry.label}
            </option>
          ))}
        </select>
        {errors.expiresAt ? (
          <div id="api-key-expiry-error" className="invalid-feedback">
            {errors.expiresAt}
          </div>
        ) : null}
      </div>
    </CardForm>
  );
}
