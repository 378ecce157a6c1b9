/** The dashboard's title, with the leads left to read first, as inboxes show them. */
export const inboxTitle = (unread: number) => `${unread > 0 ? `(${unread}) ` : ''}Lead inbox`;
