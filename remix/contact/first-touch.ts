/**
 * The first touch of a visit (issue 23): the landing address's `utm_*` tags, the referring site's
 * host, the landing path and when the visit began. The landing page's script keeps it in the tab's
 * session storage (no cookie, nobody else's): it survives scrolling, the modal and a reload, and
 * ends with the tab. Without JavaScript the server reads the same from the request
 * (request-source.server.ts). Both go to the contact form as hidden fields of these names.
 */
import { LEAD_SOURCE_FIELDS, LEAD_SOURCE_LIMITS, type LeadSource, referrerHost } from '@contract';

export const UTM_FIELDS = [
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
] as const;

/** The session storage entry. */
export const FIRST_TOUCH_KEY = 'first-touch';

const MAX: Record<keyof LeadSource, number> = {
  utm_source: LEAD_SOURCE_LIMITS.utm,
  utm_medium: LEAD_SOURCE_LIMITS.utm,
  utm_campaign: LEAD_SOURCE_LIMITS.utm,
  utm_term: LEAD_SOURCE_LIMITS.utm,
  utm_content: LEAD_SOURCE_LIMITS.utm,
  referrer: LEAD_SOURCE_LIMITS.referrer,
  landingPath: LEAD_SOURCE_LIMITS.landingPath,
  startedAt: 24,
};

/**
 * What the intake will take of raw values: each field a non-empty string without control
 * characters and within its limit (a longer tag is cut, not lost), the referrer cut to its host.
 * A lead never fails for its source: what does not fit is left out.
 */
export function cleanSource(raw: Partial<Record<keyof LeadSource, unknown>>): LeadSource {
  const source: LeadSource = {};
  for (const field of LEAD_SOURCE_FIELDS) {
    const value = raw[field];
    if (typeof value !== 'string') continue;
    const cut = field === 'referrer' ? referrerHost(value.trim()) : value.trim();
    const text = [...cut].filter(isPrintable).slice(0, MAX[field]).join('');
    if (text && isAccepted(field, text)) source[field] = text;
  }
  return source;
}

/** Not a control character (C0 or DEL): tags and paths are one line of text. */
const isPrintable = (character: string) => character >= ' ' && character !== '\u007f';

function isAccepted(field: keyof LeadSource, text: string): boolean {
  if (field === 'referrer') return /^[a-z0-9.-]+$/.test(text);
  if (field === 'landingPath') return /^\/[!-~]*$/.test(text);
  if (field === 'startedAt') return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,3})?Z$/.test(text);
  return true;
}

/** The first touch of a visit that begins at `url`, from `referrer` (ignored when it is this site). */
export function firstTouchOf(url: URL, referrer: string, now: Date): LeadSource {
  let from = '';
  try {
    const host = new URL(referrer).host;
    if (host !== url.host) from = referrer;
  } catch {
    // No referrer, or not a URL: none.
  }
  return cleanSource({
    ...Object.fromEntries(UTM_FIELDS.map((field) => [field, url.searchParams.get(field)])),
    referrer: from,
    landingPath: url.pathname,
    startedAt: now.toISOString(),
  });
}

/** The visit's first touch as kept in `storage`, or null (none kept, or storage unavailable). */
export function readFirstTouch(storage: () => Storage): LeadSource | null {
  try {
    const kept: unknown = JSON.parse(storage().getItem(FIRST_TOUCH_KEY) ?? 'null');
    return kept && typeof kept === 'object' ? cleanSource(kept) : null;
  } catch {
    return null;
  }
}

/** The kept first touch; on the visit's first page, this page's, kept from now on. */
export function rememberFirstTouch(
  storage: () => Storage,
  url: URL,
  referrer: string,
  now: Date,
): LeadSource {
  const kept = readFirstTouch(storage);
  if (kept) return kept;
  const touch = firstTouchOf(url, referrer, now);
  try {
    storage().setItem(FIRST_TOUCH_KEY, JSON.stringify(touch));
  } catch {
    // Storage refused (private mode, quota): the touch still goes with this page's form.
  }
  return touch;
}

/** Puts the first touch into the hidden source fields of the forms under `root`. */
export function fillSourceFields(root: ParentNode, source: LeadSource): void {
  for (const input of root.querySelectorAll<HTMLInputElement>('input[data-source]')) {
    const value = source[input.name as keyof LeadSource];
    if (value) input.value = value;
    else input.remove();
  }
}
