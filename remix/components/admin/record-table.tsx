import { Link } from '@remix-run/react';
import { type ReactNode } from 'react';

/**
 * A page's list of records as a table: one column a header, and a last column of actions whose
 * header only assistive technology reads.
 */
export function RecordTable({
  headers,
  children,
}: {
  headers: readonly string[];
  /** The rows. */
  children: ReactNode;
}) {
  return (
    <div className="table-responsive">
      <table className="table align-middle">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/**
 * A row's last cell: the link to the page's confirmation step for a change that cannot be taken
 * back (a page of its own, so it works without JavaScript). `name` tells the rows' links apart for
 * assistive technology.
 */
export function ConfirmStepCell({ to, label, name }: { to: string; label: string; name: string }) {
  return (
    <td className="text-end">
      <Link className="btn btn-outline-danger btn-sm" to={to} preventScrollReset>
        {label}
        <span className="visually-hidden"> {name}</span>
      </Link>
    </td>
  );
}
