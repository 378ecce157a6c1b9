import { timeZoneChoices } from '@contract';

export interface TimeZoneSelectProps {
  id: string;
  name: string;
  label: string;
  /** The zone chosen now; '' for `emptyLabel`. A zone not in the list (an alias) is offered too. */
  value: string;
  /** When set, an option with value '' first, named so (for "follow my browser"). */
  emptyLabel?: string;
  error?: string | undefined;
  hint?: string;
  className?: string;
}

/** A choice of IANA time zone from the platform's list, never free text. */
export function TimeZoneSelect({
  id,
  name,
  label,
  value,
  emptyLabel,
  error,
  hint,
  className,
}: TimeZoneSelectProps) {
  const zones = timeZoneChoices();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean);
  return (
    <div className={className ?? 'mb-3'}>
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <select
        id={id}
        name={name}
        className={`form-select${error ? ' is-invalid' : ''}`}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={described.length ? described.join(' ') : undefined}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {value && !zones.includes(value) ? <option value={value}>{value}</option> : null}
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
      {hint ? (
        <div id={`${id}-hint`} className="form-text">
          {hint}
        </div>
      ) : null}
      {error ? (
        <div id={`${id}-error`} className="invalid-feedback">
          {error}
        </div>
      ) : null}
    </div>
  );
}
