import { Link } from '@remix-run/react';
import { Alert } from 'react-bootstrap';

import { ACCOUNT_PATH } from '~/config/paths';

/** A new set of recovery codes, shown this once (the API keeps only their hashes). */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert variant="warning" className="recovery-codes" role="status">
      <h4 className="h6">Save these recovery codes now</h4>
      <p>
        They are shown only this once. Each one signs you in once if you lose your authenticator
        app. Keep them somewhere safe, such as a password manager; any older codes no longer work.
      </p>
      <ol className="recovery-codes__list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <Link to={ACCOUNT_PATH} className="btn btn-outline-dark btn-sm">
        I have saved them
      </Link>
    </Alert>
  );
}
