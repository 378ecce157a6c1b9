import { ADMIN_ROLES, type AdminRole } from '@contract';

/** The role a new admin or API key gets, chosen from every role. */
export function RoleSelect({
  id,
  name,
  label,
  defaultValue,
  hint,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: AdminRole;
  hint?: string;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        className="form-select"
        aria-describedby={hint ? hintId : undefined}
      >
        {ADMIN_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      {hint ? (
        <div id={hintId} className="form-text">
          {hint}
        </div>
      ) : null}
    </div>
  );
}
