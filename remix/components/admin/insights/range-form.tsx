import { TimeZoneSelect } from '~/components/admin/dates/time-zone-select';
import { FormField } from '~/components/forms/form-field';
import { INSIGHTS_PAGE_PATH } from '~/config/paths';
import { INSIGHTS_PERIODS, type InsightsRange } from '~/utils/insights';

export type RangeErrors = Partial<Record<'from' | 'to' | 'tz', string>>;

/**
 * The range, as a GET form (the page's URL says what it shows, and it works without JavaScript):
 * the last 7, 30 or 90 days, or the days typed in; the days follow the time zone chosen (the admin's own at first).
 */
export function RangeForm({ range, errors }: { range: InsightsRange; errors: RangeErrors }) {
  return (
    <form method="get" action={INSIGHTS_PAGE_PATH} className="insights-range">
      <div className="insights-range__period">
        <label htmlFor="insights-period" className="form-label">
          Period
        </label>
        <select
          id="insights-period"
          name="period"
          className="form-select"
          defaultValue={range.period}
        >
          {INSIGHTS_PERIODS.map((days) => (
            <option key={days} value={days}>
              Last {days} days
            </option>
          ))}
          <option value="custom">Custom: the dates below</option>
        </select>
      </div>
      <FormField
        id="insights-from"
        name="from"
        type="date"
        label="From"
        defaultValue={range.from}
        error={errors.from}
        className="insights-range__field"
      />
      <FormField
        id="insights-to"
        name="to"
        type="date"
        label="To"
        defaultValue={range.to}
        error={errors.to}
        className="insights-range__field"
      />
      <TimeZoneSelect
        id="insights-tz"
        name="tz"
        label="Time zone"
        value={range.tz}
        error={errors.tz}
        className="insights-range__field"
      />
      <button type="submit" className="btn btn-primary insights-range__submit">
        Show
      </button>
    </form>
  );
}
