import { useCallback, useState } from 'react';

import { type SiteConfig } from '~/config/site';
import { useHydrated } from '~/hooks/use-hydrated';
import { type ContactActionResult } from '~/routes/_index/contact';

import { ContactModal } from './contact-modal';
import { ContactSection, SentToast } from './contact-section';
import { Hero } from './hero';
import { KnowledgeEngine } from './knowledge-engine';
import { MarketInsights } from './market-insights';
import { MarketplacePromo } from './marketplace-promo';
import { SiteFooter } from './site-footer';

/**
 * Everything the landing page shows, as plain data: the server renders the page from it and writes
 * it into the page as JSON, and the page's script hydrates the same tree from that JSON.
 */
export interface LandingProps {
  site: Pick<SiteConfig, 'productName' | 'marketplaceName' | 'marketplaceUrl' | 'marketplaceMark'>;
  /** `?contact`: the no-JavaScript way to the contact form (rendered inline). */
  contact: boolean;
  /** `?sent=1`: where a successful no-JavaScript submission lands. */
  sent: boolean;
  /** A failed no-JavaScript submission, shown in the inline form with its values. */
  failed?: Extract<ContactActionResult, { ok: false }>;
}

/** The element the page's script hydrates, and the JSON it hydrates it from. */
export const LANDING_ROOT_ID = 'landing';
export const LANDING_PROPS_ID = 'landing-props';

export function LandingPage({ site, contact, sent, failed }: LandingProps) {
  const hydrated = useHydrated();
  const [modalOpen, setModalOpen] = useState(false);
  const [toast, setToast] = useState(false);
  const openModal = useCallback(() => setModalOpen(true), []);
  const closeModal = useCallback(() => setModalOpen(false), []);
  const onSent = useCallback(() => {
    setModalOpen(false);
    setToast(true);
  }, []);
  const hideToast = useCallback(() => setToast(false), []);

  return (
    <>
      <Hero productName={site.productName} interactive={hydrated} onContact={openModal} />
      <main id="main">
        {contact || sent || failed ? <ContactSection sent={sent} initialResult={failed} /> : null}
        <MarketInsights />
        <MarketplacePromo
          marketplaceName={site.marketplaceName}
          marketplaceUrl={site.marketplaceUrl}
          marketplaceMark={site.marketplaceMark}
        />
        <KnowledgeEngine />
      </main>
      <SiteFooter productName={site.productName} />
      <ContactModal show={modalOpen} onHide={closeModal} onSent={onSent} />
      <SentToast show={toast} onDone={hideToast} />
    </>
  );
}
