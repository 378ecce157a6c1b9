import { Button, Form as BsForm } from 'react-bootstrap';

import { type Lead, type LeadKindKey, type TimelineEvent, type TimelineEventType } from '@contract';
import { LeadActionButton, LeadActionForm } from '~/components/admin/lead-actions';
import { FIELD_KEYS } from '~/components/admin/triage/shortcut-keys';

import { WORK_FIELD } from './fields';
import { STAGE_LABELS } from './labels';
import { StageSelect } from './stage-select';
import { useWorkBusy, WorkForm } from './work-form';

/**
 * A select's key: it starts over from what is stored each time that changes. Keyed on the value
 * alone, a change and its Undo posted before the page was read again in between would leave the
 * admin's pick showing over the stored value (the value was the same at both readings).
 */
function changeKey(value: string, events: TimelineEvent[] | null, type: TimelineEventType) {
  const last = (events ?? []).findLast((event) => event.type === type);
  return `${value}@${last?.at ?? ''}`;
}

/** The lead's stage; won or lost suggests archiving it, which only the admin's click does. */
export function StageControl({
  kind,
  lead,
  q,
  events,
}: {
  kind: LeadKindKey;
  lead: Lead;
  q: string;
  /** The lead's timeline: each stage change sets the select to the stored stage. */
  events: TimelineEvent[] | null;
}) {
  const busy = useWorkBusy();
  const closed = (lead.stage === 'won' || lead.stage === 'lost') && !lead.archivedAt;
  return (
    <div className="lead-work__part">
      <WorkForm intent="stage" label="Change stage" className="lead-work__inline">
        <input type="hidden" name={WORK_FIELD.from} value={lead.stage} />
        <BsForm.Label htmlFor={FIELD_KEYS.s.id} className="mb-0">
          Stage
        </BsForm.Label>
        <StageSelect
          id={FIELD_KEYS.s.id}
          aria-keyshortcuts="s"
          name={WORK_FIELD.stage}
          defaultValue={lead.stage}
          key={changeKey(lead.stage, events, 'stage')}
          size="sm"
        />
        <Button type="submit" size="sm" variant="outline-secondary" disabled={busy}>
          Set stage
        </Button>
      </WorkForm>
      {closed ? (
        <div className="lead-work__suggestion alert alert-info py-2 mt-2 mb-0" role="status">
          This request is {STAGE_LABELS[lead.stage].toLowerCase()}. Archive it?{' '}
          <LeadActionForm kind={kind} q={q}>
            <LeadActionButton
              kind={kind}
              action="archive"
              id={lead._id}
              name={lead.name}
              variant="primary"
            />
          </LeadActionForm>
        </div>
      ) : null}
    </div>
  );
}

/** Who has taken the lead: "Assign to me", another admin, or nobody. */
export function OwnerControl({
  lead,
  me,
  admins,
  events,
}: {
  lead: Lead;
  me: string | null;
  admins: { id: string; email: string }[] | null;
  events: TimelineEvent[] | null;
}) {
  const busy = useWorkBusy();
  return (
    <div className="lead-work__part">
      {/* Said once: the owner select below shows it, when the admins could be read. */}
      {admins ? null : (
        <p className="mb-1">
          Owner: <strong>{lead.assignee?.email ?? 'Nobody'}</strong>
        </p>
      )}
      <div className="lead-work__inline">
        {me && lead.assignee?.id !== me ? (
          <WorkForm intent="assign" label="Assign to me">
            <input type="hidden" name={WORK_FIELD.adminId} value={me} />
            <Button type="submit" size="sm" variant="outline-secondary" disabled={busy}>
              Assign to me
            </Button>
          </WorkForm>
        ) : null}
        {admins ? (
          <WorkForm intent="assign" label="Change owner" className="lead-work__inline">
            <BsForm.Label htmlFor="lead-owner" className="mb-0">
              Owner
            </BsForm.Label>
            <BsForm.Select
              id="lead-owner"
              name={WORK_FIELD.adminId}
              defaultValue={lead.assignee?.id ?? ''}
              key={changeKey(lead.assignee?.id ?? '', events, 'assign')}
              size="sm"
            >
              <option value="">Nobody</option>
              {admins.map((admin) => (
                <option key={admin.id} value={admin.id}>
                  {admin.email}
                </option>
              ))}
            </BsForm.Select>
            <Button type="submit" size="sm" variant="outline-secondary" disabled={busy}>
              Set owner
            </Button>
          </WorkForm>
        ) : null}
      </div>
    </div>
  );
}
