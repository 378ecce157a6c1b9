import { type ReactNode, useEffect, useState } from 'react';
import { Dropdown } from 'react-bootstrap';

/**
 * The bulk toolbars' "More actions" menu (the dashboard's panels and the queue): it keeps the
 * toolbar on one row. It stays open while a stage is picked in it, and closes once an action is
 * under way or nothing is selected (`closeWhen`).
 */
export function useMoreActionsMenu(closeWhen: boolean) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (closeWhen) setOpen(false);
  }, [closeWhen]);
  return { open, setOpen };
}

export function MoreActionsMenu({
  open,
  setOpen,
  disabled,
  children,
}: {
  open: boolean;
  setOpen: (open: boolean) => void;
  disabled: boolean;
  children: ReactNode;
}) {
  return (
    <Dropdown show={open} onToggle={setOpen} autoClose="outside" className="lead-bulk__more">
      <Dropdown.Toggle size="sm" variant="outline-secondary" disabled={disabled}>
        More actions
      </Dropdown.Toggle>
      <Dropdown.Menu className="lead-bulk__menu">{children}</Dropdown.Menu>
    </Dropdown>
  );
}
