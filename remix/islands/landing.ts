/**
 * The landing page's script in the browser: small, without React. It runs the counters and the
 * reveal on the server's HTML and turns 'Contact Us' into a button; the modal's React code comes on
 * the first click (prefetched once the page has shown). See docs/decisions/0009-landing-island.md.
 */
import { fillSourceFields, rememberFirstTouch } from '~/contact/first-touch';

import { enhanceContactOpeners } from './contact-opener';
import { enhanceCounters } from './counters';
import { enhanceReveals } from './reveal';

fillSourceFields(
  document,
  rememberFirstTouch(
    () => window.sessionStorage,
    new URL(window.location.href),
    document.referrer,
    new Date(),
  ),
);
enhanceCounters(document);
enhanceReveals(document);
enhanceContactOpeners(document, () =>
  import.meta.env.DEV
    ? import('./dev-refresh-preamble').then(() => import('./contact-modal'))
    : import('./contact-modal'),
);
