import { type MetaDescriptor } from '@remix-run/node';

/** The dashboard's title, with the leads left to read first, as inboxes show them. */
export const inboxTitle = (unread: number) => `${unread > 0 ? `(${unread}) ` : ''}Lead inbox`;

/** Every admin page: its title and no indexing (robots.txt asks too; a stray link should not). */
export const adminMeta = (title: string): MetaDescriptor[] => [
  { title },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** An admin page beside the inbox: 'Account · Lead inbox'. */
export const adminPageMeta = (page: string) => adminMeta(`${page} · ${inboxTitle(0)}`);
