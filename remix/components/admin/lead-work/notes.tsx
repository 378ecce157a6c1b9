import { Button, Form as BsForm } from 'react-bootstrap';

import { type LeadNote } from '@contract';
import { RelativeTime } from '~/components/admin/relative-time';

import { NOTE_FIELDS, WORK_FIELD } from './fields';
import { useWorkBusy, useWorkRefusal, WorkForm } from './work-form';

/**
 * Internal notes on the lead (never sent to it): add one, delete your own; read only for a role
 * that does not work leads (`canAdd` false).
 */
export function Notes({
  notes,
  me,
  canAdd = true,
}: {
  notes: LeadNote[];
  me: string | null;
  canAdd?: boolean;
}) {
  const busy = useWorkBusy();
  const refusal = useWorkRefusal('note');
  return (
    <section className="lead-work__part" aria-labelledby="lead-notes-title">
      <h3 className="h6" id="lead-notes-title">
        Notes
      </h3>
      {notes.length ? (
        <ul className="lead-work__notes list-unstyled">
          {notes.map((note) => (
            <li key={note.id} className="lead-work__note">
              <p className="mb-1 lead-work__text">{note.text}</p>
              {/* A div: a form (Delete note) may not sit inside a paragraph. */}
              <div className="small text-body-secondary">
                {note.admin.email}, <RelativeTime iso={note.at} />
                {canAdd && note.admin.id === me ? (
                  <WorkForm intent="delete-note" label="Delete note" className="d-inline ms-2">
                    <input type="hidden" name={WORK_FIELD.noteId} value={note.id} />
                    <Button type="submit" size="sm" variant="link" className="p-0" disabled={busy}>
                      Delete note
                    </Button>
                  </WorkForm>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-body-secondary small">No notes yet.</p>
      )}
      {/* A new key after each added note empties the field. */}
      {canAdd ? (
        <WorkForm intent="note" label="Add a note" key={notes.length}>
          <BsForm.Label htmlFor="lead-note">New note (only admins see it)</BsForm.Label>
          <BsForm.Control
            as="textarea"
            id="lead-note"
            {...NOTE_FIELDS.text}
            rows={2}
            isInvalid={Boolean(refusal?.errors?.[WORK_FIELD.text])}
          />
          <Button
            type="submit"
            size="sm"
            variant="outline-secondary"
            className="mt-2"
            disabled={busy}
          >
            Add note
          </Button>
        </WorkForm>
      ) : null}
    </section>
  );
}
