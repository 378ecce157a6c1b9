import { type ReactNode } from 'react';

import { DataIcon, PriceIcon, VerifyIcon } from './icons';
import { Reveal } from './reveal';

/**
 * Spec section 2 states two figures for the reference library: the flip cards (md and wider) say
 * 'over 30,000 makes and models', the stacked variant (smaller screens) 'over 15,000 makes and
 * models'. Both are carried, in the Specification Verification card.
 */
export const FLIP_MAKES_AND_MODELS = 'over 30,000 makes and models';
export const STACKED_MAKES_AND_MODELS = 'over 15,000 makes and models';

interface Service {
  id: string;
  title: string;
  icon: ReactNode;
  text: (makesAndModels: string) => string;
}

export const SERVICES: readonly Service[] = [
  {
    id: 'data-extrication',
    title: 'Data Extrication',
    icon: <DataIcon />,
    text: () =>
      'Import and export boat data from public sources. Our AI extracts listings, prices and specifications from 100s of sites into one clean, structured data feed.',
  },
  {
    id: 'price-modelling',
    title: 'Price Modelling',
    icon: <PriceIcon />,
    text: () =>
      'Pricing guidance and prediction built on millions of historic and current listings, so you can value any boat and see where the market is heading.',
  },
  {
    id: 'specification-verification',
    title: 'Specification Verification',
    icon: <VerifyIcon />,
    text: (makesAndModels) =>
      `Our AI verifies boat specifications and checks the make and model from images, against a reference library of ${makesAndModels}.`,
  },
];

/** md and wider: cards that turn over on hover and on keyboard focus. */
function FlipCards() {
  return (
    <ul className="service-cards service-cards-flip row g-4 list-unstyled d-none d-md-flex">
      {SERVICES.map((service) => {
        const titleId = `${service.id}-flip-title`;
        return (
          <li key={service.id} className="col-md-4">
            {/* Focusable so keyboard users can turn the card over too; a group named by its title. */}
            {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
            <div className="flip-card" role="group" aria-labelledby={titleId} tabIndex={0}>
              <div className="flip-card-inner">
                <div className="flip-card-face flip-card-front">
                  <span className="service-icon">{service.icon}</span>
                  <h3 id={titleId} className="service-title">
                    {service.title}
                  </h3>
                  <span className="flip-card-hint" aria-hidden="true">
                    Hover or focus to learn more
                  </span>
                </div>
                <div className="flip-card-face flip-card-back">
                  {/* The title again for sighted readers of the back; the group already says it. */}
                  <p className="flip-card-back-title" aria-hidden="true">
                    {service.title}
                  </p>
                  <p className="service-text">{service.text(FLIP_MAKES_AND_MODELS)}</p>
                </div>
              </div>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** Smaller screens: the same cards, stacked, with their text always shown. */
function StackedCards() {
  return (
    <ul className="service-cards service-cards-stacked list-unstyled d-md-none">
      {SERVICES.map((service) => (
        <li key={service.id} className="stacked-card">
          <span className="service-icon">{service.icon}</span>
          <div>
            <h3 id={`${service.id}-stacked-title`} className="service-title">
              {service.title}
            </h3>
            <p className="service-text">{service.text(STACKED_MAKES_AND_MODELS)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

export function KnowledgeEngine() {
  return (
    <section
      id="knowledge-engine"
      className="knowledge-engine"
      aria-labelledby="knowledge-engine-title"
    >
      <Reveal className="container">
        <h2 id="knowledge-engine-title" className="section-title">
          Knowledge Engine
        </h2>
        <p className="section-lead">
          Three services that turn the world&apos;s boat listings into data you can act on.
        </p>
        {/* Both variants are in the HTML; CSS shows one (display: none hides the other from
            assistive technology too), so the server render is right at every width. */}
        <FlipCards />
        <StackedCards />
      </Reveal>
    </section>
  );
}
