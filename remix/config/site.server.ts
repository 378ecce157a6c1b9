import { getWebEnv } from './env.server';
import { type SiteConfig } from './site';

export function getSiteConfig(): SiteConfig {
  const env = getWebEnv();
  return {
    productName: env.PRODUCT_NAME,
    marketplaceName: env.MARKETPLACE_NAME,
    marketplaceUrl: env.MARKETPLACE_URL,
    marketplaceMark: '/images/marketplace-mark.svg',
    siteUrl: env.SITE_URL,
  };
}
