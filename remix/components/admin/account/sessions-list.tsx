import { Form } from '@remix-run/react';
import { Button } from 'react-bootstrap';

import { formatFullDate, type SessionSummary } from '@contract';
import { formFields } from '~/components/forms/form-fields';
import { IntentField } from '~/components/forms/intent-field';
import { ACCOUNT_FORM_PATHS } from '~/config/paths';
import { deviceName } from '~/utils/device-name';

import { useTimeZone } from '../dates/time-zone';
import { RelativeTime } from '../relative-time';

import { SESSION_FORMS } from './sessions-schema';

const FIELDS = formFields(SESSION_FORMS['end-session']);

/** Tells apart sessions of one browser and address, for assistive technology's button names. */
const sessionName = (session: SessionSummary, device: string, zone: string) =>
  `${device} from ${session.ip ?? 'an unknown address'}, signed in ${formatFullDate(session.createdAt, zone)}`;

/** The admin's sessions, each with its own "Sign out" (V7.5.2). */
export function SessionsList({ sessions, busy }: { sessions: SessionSummary[]; busy: boolean }) {
  const zone = useTimeZone();
  return (
    <div className="table-responsive">
      <table className="table align-middle sessions-table">
        <thead>
          <tr>
            <th scope="col">Device</th>
            <th scope="col">Address</th>
            <th scope="col">Signed in</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => {
            const device = deviceName(session.userAgent);
            return (
              <tr key={session.id}>
                <td>
                  <span title={session.userAgent ?? undefined}>{device}</span>
                  {session.current ? (
                    <span className="badge text-bg-primary ms-2">This session</span>
                  ) : null}
                </td>
                <td className="text-break">{session.ip ?? 'Unknown'}</td>
                <td>
                  <RelativeTime iso={session.createdAt} />
                </td>
                <td>
                  <RelativeTime iso={session.lastSeenAt} />
                </td>
                <td className="text-end">
                  <Form method="post" action={ACCOUNT_FORM_PATHS.sessions}>
                    <IntentField forms={SESSION_FORMS} value="end-session" />
                    <input type="hidden" name={FIELDS.id.name} value={session.id} />
                    <Button type="submit" variant="outline-danger" size="sm" disabled={busy}>
                      Sign out
                      <span className="visually-hidden">
                        {' '}
                        {session.current ? 'this session' : sessionName(session, device, zone)}
                      </span>
                    </Button>
                  </Form>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
