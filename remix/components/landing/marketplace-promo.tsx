import { type ReactNode } from 'react';

import { InventoryIcon, SearchIcon, TrustIcon } from './icons';
import { Reveal } from './reveal';

export const MARKETPLACE_FEATURES: readonly { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Advanced Search',
    text: 'Our AI-powered search engine understands boats: search by photo, make, model or the features that matter to you.',
    icon: <SearchIcon />,
  },
  {
    title: 'Extensive Inventory',
    text: 'Browse thousands of boats from verified sellers worldwide, from day boats to blue-water yachts.',
    icon: <InventoryIcon />,
  },
  {
    title: 'Trusted Marketplace',
    text: 'Connect directly with owners and dealers securely, with no middlemen between you and your next boat.',
    icon: <TrustIcon />,
  },
];

export interface MarketplacePromoProps {
  marketplaceName: string;
  marketplaceUrl: string;
  /** Public URL path of the marketplace's mark (the icon; the name beside it is text). */
  marketplaceMark: string;
}

export function MarketplacePromo({
  marketplaceName,
  marketplaceUrl,
  marketplaceMark,
}: MarketplacePromoProps) {
  return (
    <section id="marketplace" className="marketplace" aria-labelledby="marketplace-title">
      <Reveal className="container">
        <div className="marketplace-intro">
          <p className="marketplace-discover">
            <span>Discover</span>
            {/* The name is text, not part of the SVG: an SVG in an <img> cannot use the page's web
                fonts, and with a visitor's fallback font its text ran past the viewBox. */}
            <span className="marketplace-logo">
              <img
                src={marketplaceMark}
                alt=""
                width={44}
                height={48}
                loading="lazy"
                decoding="async"
              />
              <Wordmark name={marketplaceName} />
            </span>
          </p>
          <h2 id="marketplace-title" className="section-title">
            Your Ultimate Boat Marketplace
          </h2>
          <p className="marketplace-text">
            Seen a boat you love? Upload a photo and our image-powered visual search finds similar
            boats for sale in seconds, matching hull shape, style and size, so you can compare
            listings without knowing the make or model.
          </p>
          <a
            className="btn btn-cta btn-lg marketplace-visit"
            href={marketplaceUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Visit {marketplaceName}
            <span className="visually-hidden"> (opens in a new tab)</span>
            <svg
              className="marketplace-visit-icon"
              width="18"
              height="18"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth={2}
              strokeLinecap="round"
              strokeLinejoin="round"
              aria-hidden="true"
              focusable="false"
            >
              <path d="M14 4h6v6" />
              <path d="M20 4 11 13" />
              <path d="M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
            </svg>
          </a>
        </div>
        <ul className="row g-4 list-unstyled feature-cards">
          {MARKETPLACE_FEATURES.map((feature) => (
            <li key={feature.title} className="col-12 col-md-4">
              <div className="feature-card h-100">
                <span className="feature-icon">{feature.icon}</span>
                <h3 className="feature-title">{feature.title}</h3>
                <p className="feature-text">{feature.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Reveal>
    </section>
  );
}

/** The marketplace's name as its logo sets it: the first word heavy, the rest lighter and blue. */
function Wordmark({ name }: { name: string }) {
  const [first = '', ...rest] = name.split(' ');
  return (
    <span className="marketplace-wordmark">
      {first}
      {rest.length > 0 && <span> {rest.join(' ')}</span>}
    </span>
  );
}
