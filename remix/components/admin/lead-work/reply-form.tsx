import { useActionData } from '@remix-run/react';
import { useEffect, useState } from 'react';
import { Button, Form as BsForm } from 'react-bootstrap';

import { type ReplyTemplate } from '@contract';
import { FIELD_KEYS } from '~/components/admin/triage/shortcut-keys';

import { REPLY_FIELDS, WORK_FIELD, type WorkDone, type WorkRefusal } from './fields';
import { useWorkBusy, useWorkRefusal, WorkForm } from './work-form';

/** The id of the reply's text field: `r` takes focus there. */
export const REPLY_TEXT_ID = FIELD_KEYS.r.id;

/** A reply by email to the lead, starting from the kind's template filled with its fields. */
export function ReplyForm({
  email,
  draft,
  sentCount,
}: {
  email: string;
  draft: ReplyTemplate;
  /** Replies in the timeline: a new one empties the form back to the template. */
  sentCount: number;
}) {
  const busy = useWorkBusy();
  const refusal = useWorkRefusal('reply');
  const fieldError = (name: string) => refusal?.errors?.[name]?.join(' ');
  // Kept while the detail is open: its re-readings (see useDeliveryWatch) drop the action's answer.
  const answer = useActionData<WorkDone | WorkRefusal>();
  const [queued, setQueued] = useState(false);
  useEffect(() => {
    if (answer && 'done' in answer && answer.done === 'reply') setQueued(true);
  }, [answer]);
  return (
    <section className="lead-work__part" aria-labelledby="lead-reply-title" id="lead-reply">
      <h3 className="h6" id="lead-reply-title">
        Reply to {email}
      </h3>
      <WorkForm intent="reply" label="Reply by email" key={sentCount}>
        <BsForm.Group className="mb-2" controlId="lead-reply-subject">
          <BsForm.Label>Subject</BsForm.Label>
          <BsForm.Control
            {...REPLY_FIELDS.subject}
            defaultValue={draft.subject}
            isInvalid={Boolean(fieldError(WORK_FIELD.subject))}
            aria-describedby={
              fieldError(WORK_FIELD.subject) ? 'lead-reply-subject-error' : undefined
            }
          />
          <BsForm.Control.Feedback type="invalid" id="lead-reply-subject-error">
            {fieldError(WORK_FIELD.subject)}
          </BsForm.Control.Feedback>
        </BsForm.Group>
        <BsForm.Group className="mb-2" controlId={REPLY_TEXT_ID}>
          <BsForm.Label>Message</BsForm.Label>
          <BsForm.Control
            as="textarea"
            {...REPLY_FIELDS.text}
            aria-keyshortcuts="r"
            rows={6}
            defaultValue={draft.text}
            isInvalid={Boolean(fieldError(WORK_FIELD.text))}
            aria-describedby={fieldError(WORK_FIELD.text) ? 'lead-reply-text-error' : undefined}
          />
          <BsForm.Control.Feedback type="invalid" id="lead-reply-text-error">
            {fieldError(WORK_FIELD.text)}
          </BsForm.Control.Feedback>
        </BsForm.Group>
        <Button type="submit" size="sm" variant="primary" disabled={busy}>
          Send reply
        </Button>
      </WorkForm>
      {/* The API queues a reply (202): the timeline below says when it is sent. */}
      <div className="small" role="status">
        {queued ? (
          <p className="mt-2 mb-0">
            Reply queued for sending. The timeline below shows its delivery.
          </p>
        ) : null}
      </div>
    </section>
  );
}
