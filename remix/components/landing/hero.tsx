import { CONTACT_OPENER_ATTRIBUTE } from '~/islands/contact-opener';

import { SentToastRegion } from './contact-section';

/** The hero picture's widths (files public/images/hero-<w>.avif|webp, drawn by scripts/assets). */
export const HERO_WIDTHS = [640, 1280, 1920] as const;
/**
 * The picture covers the hero (object-fit: cover), whose height is min(88svh, 46rem): on tall
 * narrow screens it is drawn wider than the viewport (16:9 at the hero's height), so ask for that.
 */
export const HERO_SIZES = 'max(100vw, min(156vh, 82rem))';
export const heroSrcSet = (format: 'avif' | 'webp') =>
  HERO_WIDTHS.map((w) => `/images/hero-${w}.${format} ${w}w`).join(', ');

/**
 * Narrow portrait screens (phones) get a 9:16 crop of the picture (files
 * public/images/hero-portrait-<w>.avif|webp): what the 16:9 one shows there, at a third of its bytes.
 * Landscape phones keep the 16:9 picture, which fits their wide hero.
 */
export const HERO_PORTRAIT_MEDIA = '(max-width: 767.98px) and (max-aspect-ratio: 3/4)';
/** The other screens: exactly those HERO_PORTRAIT_MEDIA does not match (for the preload's media). */
export const HERO_LANDSCAPE_MEDIA = `not all and ${HERO_PORTRAIT_MEDIA}`;
export const HERO_PORTRAIT_WIDTHS = [480, 960] as const;
/** Covering a hero taller than 16:9 (up to min(88svh, 46rem) high), the crop is drawn at least that high. */
export const HERO_PORTRAIT_SIZES = 'max(100vw, min(49.5vh, 25.875rem))';
export const heroPortraitSrcSet = (format: 'avif' | 'webp') =>
  HERO_PORTRAIT_WIDTHS.map((w) => `/images/hero-portrait-${w}.${format} ${w}w`).join(', ');

/** The largest paint: the page's script waits until it is painted (routes/_index/route.tsx). */
export const HERO_IMAGE_SELECTOR = 'img.hero-image';

export const TAGLINE = 'Artificial Intelligence Driven Boat Market Data Solutions';

/** Where the 'Contact Us' control leads without JavaScript: the inline form (see routes/_index/route.tsx). */
export const CONTACT_HREF = '?contact=1#contact';

/** The same, carrying the visit's first touch (`sourceQuery()`) on to the form. */
export const contactHref = (sourceQuery = '') =>
  sourceQuery ? `?contact=1&${sourceQuery}#contact` : CONTACT_HREF;

// React 18 does not know `fetchPriority` yet and warns about the camelCase prop; the lowercase
// attribute is what the browser reads.
const highPriority = { fetchpriority: 'high' } as Record<string, string>;

export interface HeroProps {
  productName: string;
  /** The visit's first touch as a query, for the contact link (without JavaScript). */
  sourceQuery?: string;
}

export function Hero({ productName, sourceQuery }: HeroProps) {
  const opener = { [CONTACT_OPENER_ATTRIBUTE]: '' };
  return (
    <header className="hero">
      <picture>
        {(['avif', 'webp'] as const).map((format) => (
          <source
            key={format}
            media={HERO_PORTRAIT_MEDIA}
            type={`image/${format}`}
            srcSet={heroPortraitSrcSet(format)}
            sizes={HERO_PORTRAIT_SIZES}
          />
        ))}
        <source type="image/avif" srcSet={heroSrcSet('avif')} sizes={HERO_SIZES} />
        <source type="image/webp" srcSet={heroSrcSet('webp')} sizes={HERO_SIZES} />
        <img
          className="hero-image"
          src="/images/hero-1280.webp"
          alt=""
          width={1920}
          height={1080}
          decoding="async"
          {...highPriority}
        />
      </picture>
      <div className="container hero-content">
        <h1 className="hero-title">{productName}</h1>
        <p className="hero-tagline">{TAGLINE}</p>
        {/* A link to the page's inline contact form; the page's script turns it into a button that
            opens the modal (remix/islands/contact-opener.ts). */}
        <a className="btn btn-cta btn-lg hero-cta" href={contactHref(sourceQuery)} {...opener}>
          Contact Us
        </a>
        {/* The modal's "Thank you!" appears here, under the button that opened it: in the page's
            flow, it covers nothing (issue 32: floating at the bottom, it hid a heading). */}
        <SentToastRegion />
      </div>
    </header>
  );
}
