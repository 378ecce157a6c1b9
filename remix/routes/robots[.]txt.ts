import { PRIVATE_PREFIXES } from '~/config/public-pages';
import { getSiteConfig } from '~/config/site.server';

/** A route, not a file in public/: the Sitemap line must be absolute, on the canonical origin. */
export function loader() {
  const { siteUrl } = getSiteConfig();
  const body = [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    '',
    `Sitemap: ${siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
