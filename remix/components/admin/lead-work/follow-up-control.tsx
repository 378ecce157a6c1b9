import { type ReactNode } from 'react';
import { Button, Form as BsForm } from 'react-bootstrap';

import { dayInZone, formatFullDate, type Lead } from '@contract';
import { useTimeZone } from '~/components/admin/dates/time-zone';
import { FIELD_KEYS } from '~/components/admin/triage/shortcut-keys';
import { type FollowUpChoice } from '~/utils/follow-up';

import { WORK_FIELD } from './fields';
import { useWorkBusy, WorkForm } from './work-form';

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "Remind me": tomorrow or Monday at 09:00, or a picked date and time, all in the viewer's zone
 * (sent with the form, read by the detail's action when it is posted); and Clear. While one is
 * set the lead is out of Needs reply; its date is shown in the viewer's zone.
 */
export function FollowUpControl({ lead }: { lead: Lead }) {
  const busy = useWorkBusy();
  const zone = useTimeZone();
  const today = dayInZone(new Date(), zone);
  const min = `${today.year}-${pad(today.month)}-${pad(today.day)}`;
  return (
    <div className="lead-work__part lead-follow-up">
      <p className="mb-1" id="lead-follow-up-now">
        Follow-up:{' '}
        <strong>{lead.followUpAt ? formatFullDate(lead.followUpAt, zone) : 'none'}</strong>
      </p>
      <WorkForm intent="follow-up" label="Remind me" className="lead-work__inline">
        <input type="hidden" name={WORK_FIELD.zone} value={zone} />
        <span className="lead-follow-up__label">Remind me</span>
        <ChoiceButton value="tomorrow" busy={busy} id={FIELD_KEYS.f.id} keyshortcut="f">
          Tomorrow 09:00
        </ChoiceButton>
        <ChoiceButton value="monday" busy={busy}>
          Monday 09:00
        </ChoiceButton>
        <BsForm.Label htmlFor="lead-follow-up-date" className="mb-0">
          On
        </BsForm.Label>
        <BsForm.Control
          id="lead-follow-up-date"
          type="date"
          name={WORK_FIELD.date}
          min={min}
          size="sm"
          className="lead-follow-up__date"
        />
        <BsForm.Label htmlFor="lead-follow-up-time" className="mb-0">
          at
        </BsForm.Label>
        <BsForm.Control
          id="lead-follow-up-time"
          type="time"
          name={WORK_FIELD.time}
          defaultValue="09:00"
          size="sm"
          className="lead-follow-up__time"
        />
        <ChoiceButton value="date" busy={busy}>
          Set date
        </ChoiceButton>
      </WorkForm>
      {lead.followUpAt ? (
        <WorkForm intent="follow-up" label="Clear the follow-up" className="d-inline">
          <input type="hidden" name={WORK_FIELD.when} value="clear" />
          <Button type="submit" size="sm" variant="link" className="px-0" disabled={busy}>
            Clear the follow-up
          </Button>
        </WorkForm>
      ) : null}
    </div>
  );
}

/** One of "Remind me"'s choices: a submit button posting its `when`. */
function ChoiceButton({
  value,
  busy,
  id,
  keyshortcut,
  children,
}: {
  value: FollowUpChoice;
  busy: boolean;
  id?: string;
  /** The shortcut that takes focus here, said to screen readers. */
  keyshortcut?: string;
  children: ReactNode;
}) {
  return (
    <Button
      id={id}
      aria-keyshortcuts={keyshortcut}
      type="submit"
      name={WORK_FIELD.when}
      value={value}
      size="sm"
      variant="outline-secondary"
      disabled={busy}
    >
      {children}
    </Button>
  );
}
