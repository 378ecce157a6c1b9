/**
 * The landing page's only script in production: it hydrates the page's React tree with React alone,
 * without Remix's router and data runtime, which the page does not use (no client navigation, one
 * form posted with fetch). See docs/decisions/0009-landing-island.md.
 */
import { startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';

import {
  LANDING_PROPS_ID,
  LANDING_ROOT_ID,
  LandingPage,
  type LandingProps,
} from '~/components/landing/landing-page';

const root = document.getElementById(LANDING_ROOT_ID);
const json = document.getElementById(LANDING_PROPS_ID)?.textContent;
// As a transition, hydration yields to the browser between components instead of holding the main
// thread for the whole page at once (one long task on a slow phone).
if (root && json)
  startTransition(() => {
    hydrateRoot(root, <LandingPage {...(JSON.parse(json) as LandingProps)} />);
  });
