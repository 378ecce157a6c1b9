import { useNavigation } from '@remix-run/react';
import { type ReactNode } from 'react';
import { Alert } from 'react-bootstrap';

/** A titled card of an admin page; its heading names the region for assistive technology. */
export function CardSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className: string;
  children: ReactNode;
}) {
  return (
    <section className={className} aria-labelledby={id}>
      <div className="card shadow-sm">
        <div className="card-body">
          <h3 id={id} className="h5">
            {title}
          </h3>
          {children}
        </div>
      </div>
    </section>
  );
}

/** An action's refusal, announced as it appears; nothing when there is none. */
export function ErrorAlert({ message }: { message: string | null | undefined }) {
  return message ? (
    <Alert variant="danger" role="alert">
      {message}
    </Alert>
  ) : null;
}

/** A page's form is on its way: its buttons wait. */
export function useBusy(): boolean {
  return useNavigation().state !== 'idle';
}
