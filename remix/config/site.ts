/**
 * What the spec leaves open ({product} and the marketplace), as the page receives it from the
 * loader. Browser-safe: only names and public URLs.
 */
export interface SiteConfig {
  productName: string;
  marketplaceName: string;
  marketplaceUrl: string;
  /** Public URL path of the marketplace's mark (its logo's icon). */
  marketplaceMark: string;
  /** Canonical origin of the site, without a trailing slash. */
  siteUrl: string;
}
