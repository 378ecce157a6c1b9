import { type LeadSource } from '@contract';
import { type SiteConfig } from '~/config/site';
import { type ContactActionResult } from '~/contact/contact-fields';

import { ContactSection } from './contact-section';
import { Hero } from './hero';
import { KnowledgeEngine } from './knowledge-engine';
import { MarketInsights } from './market-insights';
import { MarketplacePromo } from './marketplace-promo';
import { SiteFooter } from './site-footer';

export interface LandingProps {
  site: Pick<SiteConfig, 'productName' | 'marketplaceName' | 'marketplaceUrl' | 'marketplaceMark'>;
  /** `?contact`: the no-JavaScript way to the contact form (rendered inline). */
  contact: boolean;
  /** `?sent=1`: where a successful no-JavaScript submission lands. */
  sent: boolean;
  /** A failed no-JavaScript submission, shown in the inline form with its values. */
  failed?: Extract<ContactActionResult, { ok: false }>;
  /** The visit's first touch as the server saw it: the inline form's hidden fields. */
  source?: LeadSource;
  /** The same as a query, carried by the contact link when it names an origin. */
  sourceQuery?: string;
}

/**
 * Everything the landing page shows, rendered on the server only: the browser gets HTML and a small
 * script that brings the counters, the reveal and the contact modal to it (decision 0009).
 */
export function LandingPage({ site, contact, sent, failed, source, sourceQuery }: LandingProps) {
  return (
    <>
      <Hero productName={site.productName} sourceQuery={sourceQuery} />
      <main id="main">
        {contact || sent || failed ? (
          <ContactSection sent={sent} initialResult={failed} source={source} />
        ) : null}
        <MarketInsights />
        <MarketplacePromo
          marketplaceName={site.marketplaceName}
          marketplaceUrl={site.marketplaceUrl}
          marketplaceMark={site.marketplaceMark}
        />
        <KnowledgeEngine />
      </main>
      <SiteFooter productName={site.productName} />
    </>
  );
}
