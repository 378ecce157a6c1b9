import { type FetcherWithComponents } from '@remix-run/react';

import { type Lead, type LeadKindKey } from '@contract';

/** One list of a panel as the dashboard holds it: shown leads, where to go on, how many in all. */
export interface LeadPage {
  items: Lead[];
  nextCursor: string | null;
  total: number;
}

/** A list, or why it could not be read (shown as an alert; spec section 8 logs it too). */
export type PanelList = { ok: true; page: LeadPage } | { ok: false; message: string };

export interface PanelData {
  kind: LeadKindKey;
  /** The panel's search text. */
  q: string;
  active: PanelList;
  archived: PanelList;
}

/** What the archive and unarchive actions answer to a fetcher. */
export type MoveResult =
  | {
      intent: 'archive' | 'unarchive';
      kind: LeadKindKey;
      ok: true;
      active: LeadPage;
      archived: LeadPage;
    }
  | {
      intent: 'archive' | 'unarchive';
      kind: LeadKindKey;
      ok: false;
      status: number;
      message: string;
    };

/** The panel's one fetcher for archive and unarchive, shared by its items. */
export type MoveFetcher = FetcherWithComponents<MoveResult>;

/** Search parameter holding a panel's search text, e.g. `q-contactUs`. */
export const searchParam = (kind: LeadKindKey) => `q-${kind}`;
