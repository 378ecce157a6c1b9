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

import {
  HERO_IMAGE_SELECTOR,
  HERO_LANDSCAPE_MEDIA,
  HERO_PORTRAIT_MEDIA,
  HERO_PORTRAIT_SIZES,
  HERO_SIZES,
  heroPortraitSrcSet,
  heroSrcSet,
  TAGLINE,
} from '~/components/landing/hero';
import { LandingPage } from '~/components/landing/landing-page';
import { getSiteConfig } from '~/config/site.server';
import { type ContactActionResult } from '~/contact/contact-fields';
import { namesAnOrigin, requestSource, sourceQuery } from '~/contact/request-source.server';
import { submitContact } from '~/contact/submit-contact.server';
import { type IslandScripts, landingIslandScripts } from '~/islands/island-src.server';
import { useNonce } from '~/utils/nonce-provider';
import { type PageScriptsHandle } from '~/utils/page-scripts';
import { scriptJson } from '~/utils/script-json';

/** The page brings its own small script instead of Remix's (decision 0009). */
export const handle: PageScriptsHandle = { scripts: 'island' };

export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // Without JavaScript: the inline form's hidden source fields, and the contact link's query when
  // the visit names an origin (a plain `/` stays the one cached document: landing-cache.ts).
  const source = requestSource(request);
  return {
    source,
    sourceQuery: namesAnOrigin(source) ? sourceQuery(source) : '',
    ...getSiteConfig(),
    /** `?contact`: the no-JavaScript way to the contact form (rendered inline). */
    contact: params.has('contact'),
    /** `?sent=1`: where a successful no-JavaScript submission lands. */
    sent: params.get('sent') === '1',
    island: landingIslandScripts(),
  };
}

/**
 * The contact form posted without JavaScript (the page's script posts to `/contact` instead):
 * success redirects to `/?sent=1#contact` (post/redirect/get); a failure renders the page with the
 * inline form, its values and its messages.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { status, result } = await submitContact(await request.formData(), context.clientIp);
  return result.ok ? redirect('/?sent=1#contact') : data<ContactActionResult>(result, { status });
}

/**
 * The page's script is fetched once the page has loaded and the hero picture is decoded and painted
 * (the frame after), so on a slow connection it never takes bandwidth or main-thread time from what
 * the visitor sees first; the contact modal's code is then prefetched for the first click. Until
 * the script runs the page works as plain HTML: 'Contact Us' is a link to the inline form.
 */
const loadAfterFirstView = ({ src, prefetch }: IslandScripts) =>
  `(function(){function load(){var s=document.createElement('script');s.type='module';s.src=${scriptJson(src)};document.body.appendChild(s);` +
  `${scriptJson(prefetch)}.forEach(function(href){var l=document.createElement('link');l.rel='prefetch';l.as='script';l.href=href;document.head.appendChild(l)})}` +
  `function afterHero(){var hero=document.querySelector(${scriptJson(HERO_IMAGE_SELECTOR)});` +
  `var decoded=hero&&hero.decode?hero.decode().catch(function(){}):Promise.resolve();` +
  `decoded.then(function(){requestAnimationFrame(function(){setTimeout(load,0)})})}` +
  `if(document.readyState==='complete')afterHero();else addEventListener('load',afterHero,{once:true})})()`;

export default function Index() {
  const { contact, sent, island, source, sourceQuery, ...site } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ContactActionResult | undefined;
  const nonce = useNonce();
  return (
    <>
      <LandingPage
        site={site}
        contact={contact}
        sent={sent}
        failed={actionData && !actionData.ok ? actionData : undefined}
        source={source}
        sourceQuery={sourceQuery}
      />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: loadAfterFirstView(island) }} />
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
