import { type MetaDescriptor } from '@remix-run/node';

/** The dashboard's title, with the leads that still need a reply first, as inboxes show them. */
export const inboxTitle = (needReply: number) =>
  `${needReply > 0 ? `(${needReply}) ` : ''}Lead inbox`;

/** Every admin page: its title and no indexing (robots.txt asks too; a stray link should not). */
export const adminMeta = (title: string): MetaDescriptor[] => [
  { title },
  { name: 'robots', content: 'noindex, nofollow' },
];

/** An admin page beside the inbox: 'Account · Lead inbox'. */
export const adminPageMeta = (page: string) => adminMeta(`${page} · ${inboxTitle(0)}`);
