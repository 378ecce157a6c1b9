import catamaran700 from '@fontsource/catamaran/files/catamaran-latin-700-normal.woff2?url';
import catamaran800 from '@fontsource/catamaran/files/catamaran-latin-800-normal.woff2?url';
import {
  type ActionFunctionArgs,
  data,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
  redirect,
} from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { useCallback, useState } from 'react';

import { type CreateLeadRequest } from '@contract';
import { createLead } from '~/api/leads.server';
import { postedWithJs } from '~/components/forms/js-flag';
import { ContactModal } from '~/components/landing/contact-modal';
import { ContactSection, SentToast } from '~/components/landing/contact-section';
import {
  HERO_LANDSCAPE_MEDIA,
  HERO_PORTRAIT_MEDIA,
  HERO_PORTRAIT_SIZES,
  HERO_SIZES,
  heroPortraitSrcSet,
  heroSrcSet,
  Hero,
  TAGLINE,
} from '~/components/landing/hero';
import { KnowledgeEngine } from '~/components/landing/knowledge-engine';
import { MarketInsights } from '~/components/landing/market-insights';
import { MarketplacePromo } from '~/components/landing/marketplace-promo';
import { SiteFooter } from '~/components/landing/site-footer';
import { getSiteConfig } from '~/config/site.server';
import { useHydrated } from '~/hooks/use-hydrated';
import { waitText } from '~/utils/wait-text';

import {
  type ContactActionResult,
  type ContactErrors,
  CONTACT_FIELDS,
  readContact,
  validateContact,
} from './contact';

export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  return {
    ...getSiteConfig(),
    /** `?contact`: the no-JavaScript way to the contact form (rendered inline). */
    contact: params.has('contact'),
    /** `?sent=1`: where a successful no-JavaScript submission lands. */
    sent: params.get('sent') === '1',
  };
}

const FAILED_MESSAGE = 'We could not send your message. Please try again in a moment.';
const CHECK_FIELDS_MESSAGE = 'Please check the highlighted fields.';

/**
 * The contact form's submission. With JavaScript the form posts through a fetcher and sends
 * `js=1`: the answer is data (`{ ok: true }` or the messages). Without JavaScript (`js` empty)
 * success redirects to `/?sent=1#contact` (post/redirect/get) and a failure renders the page with
 * the inline form, its values and its messages.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const values = readContact(form);
  const withJs = postedWithJs(form);
  const website = form.get('website');
  const fail = (status: number, fieldErrors: ContactErrors, formError: string | null) =>
    data<ContactActionResult>({ ok: false, fieldErrors, formError, values }, { status });

  const required = validateContact(values);
  if (Object.keys(required).length > 0) return fail(400, required, null);

  const body: CreateLeadRequest<'contactUs'> = {
    name: values.name.trim(),
    email: values.email.trim(),
    subject: values.subject.trim(),
    message: values.message.trim(),
    // The honeypot goes to the API, which drops what bots send.
    ...(typeof website === 'string' && website ? { website } : {}),
  };
  const outcome = await createLead('contactUs', body, { clientIp: context.clientIp });
  if (outcome.ok) {
    return withJs ? data<ContactActionResult>({ ok: true }) : redirect('/?sent=1#contact');
  }
  if (outcome.status === 400) {
    const fieldErrors: ContactErrors = {};
    for (const field of CONTACT_FIELDS) {
      const message = outcome.errors?.[field]?.[0];
      if (message) fieldErrors[field] = message;
    }
    const known = Object.keys(fieldErrors).length > 0;
    return fail(400, fieldErrors, known ? CHECK_FIELDS_MESSAGE : FAILED_MESSAGE);
  }
  if (outcome.status === 429)
    return fail(
      429,
      {},
      `Too many messages from your network. Please try again in ${waitText(outcome.retryAfter)}.`,
    );
  return fail(outcome.status >= 500 ? outcome.status : 503, {}, FAILED_MESSAGE);
}

export default function Index() {
  const site = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ContactActionResult | undefined;
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
  const failedWithoutJs = actionData && !actionData.ok ? actionData : undefined;

  return (
    <>
      <Hero productName={site.productName} interactive={hydrated} onContact={openModal} />
      <main id="main">
        {site.contact || site.sent || failedWithoutJs ? (
          <ContactSection sent={site.sent} initialResult={failedWithoutJs} />
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
      <ContactModal show={modalOpen} onHide={closeModal} onSent={onSent} />
      <SentToast show={toast} onDone={hideToast} />
    </>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: site }) => {
  if (!site) return [{ title: 'Unexpected Application Error!' }];
  const title = `${site.productName} — ${TAGLINE}`;
  const description = `${site.productName} turns the world's boat listings into data: AI extraction from 100s of sites, price modelling on millions of listings and specification verification from images.`;
  const url = `${site.siteUrl}/`;
  const image = `${site.siteUrl}/images/og-image.jpg`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: site.productName },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: '1200' },
    { property: 'og:image:height', content: '630' },
    { property: 'og:image:alt', content: 'A motor yacht at sea under a clear sky' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
};

export const links: LinksFunction = () => [
  // The hero picture is the largest paint: fetch it with the document, the file the <picture> will
  // choose (same media, srcset and sizes as its AVIF sources: one preload per crop, by media).
  {
    rel: 'preload',
    as: 'image',
    href: '/images/hero-portrait-960.avif',
    imageSrcSet: heroPortraitSrcSet('avif'),
    imageSizes: HERO_PORTRAIT_SIZES,
    media: HERO_PORTRAIT_MEDIA,
    type: 'image/avif',
    // React 18 renders the lowercase attribute as it is (camelCase fetchPriority would warn).
    ...({ fetchpriority: 'high' } as object),
  },
  {
    rel: 'preload',
    as: 'image',
    href: '/images/hero-1280.avif',
    imageSrcSet: heroSrcSet('avif'),
    imageSizes: HERO_SIZES,
    media: HERO_LANDSCAPE_MEDIA,
    type: 'image/avif',
    ...({ fetchpriority: 'high' } as object),
  },
  // The hero's headline (800) and tagline and button (700): loaded with the first paint, so the
  // swap from the fallback font does not move the hero's text (root preloads the 400 weight).
  { rel: 'preload', href: catamaran800, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
  { rel: 'preload', href: catamaran700, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];
