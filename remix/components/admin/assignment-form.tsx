import { Form } from '@remix-run/react';
import { Alert, Button } from 'react-bootstrap';

import {
  ASSIGNMENT_LIMITS,
  ASSIGNMENT_RULES,
  type AssignmentSettings,
  LEAD_KIND_KEYS,
  LEAD_KINDS,
  type LeadKindKey,
} from '@contract';
import { AS_FIELDS, ASSIGNMENT_INTENT, RULE_NAMES } from '~/components/admin/assignment-fields';
import { ErrorAlert } from '~/components/admin/page-parts';
import { INTENT_FIELD } from '~/components/forms/read-form';

/** What the last save of this form answered. */
export interface AssignmentResult {
  saved: boolean;
  message?: string;
  errors?: Partial<Record<LeadKindKey, string>>;
}

/**
 * Each kind's automatic assignment: its rule, the admins it may choose (in the team's order) and
 * a cap of open requests per admin. The API judges what is posted; a refusal shows by its kind.
 */
export function AssignmentForm({
  assignment,
  admins,
  result,
  busy,
}: {
  assignment: AssignmentSettings;
  admins: { id: string; email: string }[];
  result: AssignmentResult | undefined;
  busy: boolean;
}) {
  return (
    <Form method="post" noValidate>
      <input type="hidden" name={INTENT_FIELD} value={ASSIGNMENT_INTENT} />
      <p>
        New requests (and those moved out of Spam) get an owner by their kind&apos;s rule. Admins
        who are away, or at their cap, are skipped; when nobody is available the request waits, and
        its timeline says why, until someone is back.
      </p>
      {result?.saved ? (
        <Alert variant="success" role="status">
          Automatic assignment saved.
        </Alert>
      ) : (
        <ErrorAlert message={result?.message} />
      )}
      <div className="settings-assignment">
        {LEAD_KIND_KEYS.map((kind) => {
          const current = assignment[kind];
          const error = result?.errors?.[kind];
          const errorId = `${kind}-assignment-error`;
          return (
            <fieldset
              key={kind}
              className="settings-assignment__kind mb-3"
              aria-describedby={error ? errorId : undefined}
            >
              <legend className="h6">{LEAD_KINDS[kind].panelTitle}</legend>
              {error ? (
                <p id={errorId} className="text-danger small">
                  {error}
                </p>
              ) : null}
              <label htmlFor={`${kind}-rule`} className="form-label">
                Rule
              </label>
              <select
                id={`${kind}-rule`}
                name={AS_FIELDS.rule(kind)}
                className="form-select form-select-sm mb-2"
                defaultValue={current.rule}
              >
                {ASSIGNMENT_RULES.map((rule) => (
                  <option key={rule} value={rule}>
                    {RULE_NAMES[rule]}
                  </option>
                ))}
              </select>
              <fieldset className="mb-2">
                <legend className="form-label fs-6">Who may be chosen</legend>
                {admins.map((admin) => (
                  <div className="form-check" key={admin.id}>
                    <input
                      className="form-check-input"
                      type="checkbox"
                      id={`${kind}-admin-${admin.id}`}
                      name={AS_FIELDS.admins(kind)}
                      value={admin.id}
                      defaultChecked={current.admins.includes(admin.id)}
                    />
                    <label className="form-check-label" htmlFor={`${kind}-admin-${admin.id}`}>
                      {admin.email}
                    </label>
                  </div>
                ))}
              </fieldset>
              <label htmlFor={`${kind}-cap`} className="form-label">
                Cap of open requests per admin (blank: none)
              </label>
              <input
                id={`${kind}-cap`}
                name={AS_FIELDS.cap(kind)}
                type="number"
                min={ASSIGNMENT_LIMITS.cap.min}
                max={ASSIGNMENT_LIMITS.cap.max}
                className="form-control form-control-sm"
                defaultValue={current.cap ?? ''}
              />
            </fieldset>
          );
        })}
      </div>
      <Button type="submit" variant="primary" disabled={busy}>
        Save automatic assignment
      </Button>
    </Form>
  );
}
