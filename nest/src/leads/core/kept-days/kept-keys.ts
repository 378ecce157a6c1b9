import { type InsightsSourceVia } from '../../../contract';
import { type LeadFact } from '../list-view/lead-arrivals';

/** A lead's source: its `utm_source`, else its referrer's host, else `direct`. */
export function sourceOf(source: LeadFact['source']): { name: string; via: InsightsSourceVia } {
  const utm = source?.utm_source?.trim();
  if (utm) return { name: utm, via: 'utm_source' };
  const referrer = source?.referrer?.trim().toLowerCase();
  if (referrer) return { name: referrer, via: 'referrer' };
  return { name: 'direct', via: 'direct' };
}

/**
 * A source as a field name of a kept day: `k` and the UTF-16 of `via:name` in base64url. A name
 * holds what a visitor sent (dots, `$`, a lone surrogate), none of which a field path may carry.
 */
export function sourceKeyOf(source: LeadFact['source']): string {
  const { name, via } = sourceOf(source);
  return `k${Buffer.from(`${via}:${name}`, 'utf16le').toString('base64url')}`;
}

/** The source a kept field name stands for. */
export function sourceOfKey(key: string): { name: string; via: InsightsSourceVia } {
  const text = Buffer.from(key.slice(1), 'base64url').toString('utf16le');
  const colon = text.indexOf(':');
  return { via: text.slice(0, colon) as InsightsSourceVia, name: text.slice(colon + 1) };
}
