import { PUBLIC_PAGES } from '~/config/public-pages';
import { getSiteConfig } from '~/config/site.server';

/** sitemaps.org 0.9: absolute URLs on the canonical origin (SITE_URL). */
export function loader() {
  const { siteUrl } = getSiteConfig();
  const urls = PUBLIC_PAGES.map(
    (path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`,
  ).join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${urls}
</urlset>
`;
  return new Response(xml, {
    headers: {
      'Content-Type': 'application/xml; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
