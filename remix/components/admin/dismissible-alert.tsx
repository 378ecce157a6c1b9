import { Alert } from 'react-bootstrap';

export function DismissibleAlert({ message, onClose }: { message: string; onClose: () => void }) {
  return (
    <Alert
      variant="danger"
      dismissible
      closeLabel="Dismiss"
      onClose={onClose}
      className="py-2 small"
    >
      {message}
    </Alert>
  );
}
