/** Marks the server-rendered links that open the contact form (`/?contact`) in the modal instead. */
export const CONTACT_OPENER_ATTRIBUTE = 'data-contact-open';

export interface ContactModalModule {
  openContact: () => void;
}

/**
 * Turns each contact link into a button that opens the contact modal. The modal's code (React and
 * the form) is loaded on the first click, not with the page; if it cannot be loaded the visitor
 * goes to the link's inline form as without JavaScript.
 */
export function enhanceContactOpeners(
  root: Document,
  loadModal: () => Promise<ContactModalModule>,
): void {
  for (const link of root.querySelectorAll<HTMLAnchorElement>(`a[${CONTACT_OPENER_ATTRIBUTE}]`)) {
    const button = root.createElement('button');
    button.type = 'button';
    button.className = link.className;
    button.textContent = link.textContent;
    const href = link.href;
    button.addEventListener('click', () => {
      loadModal().then(
        (modal) => modal.openContact(),
        () => window.location.assign(href),
      );
    });
    link.replaceWith(button);
  }
}
