/**
 * Query parameters that carry a person's data (a privacy look-up's `email`, a search `q` that is
 * often a name or an address): kept out of the logs, which outlive that person's erasure.
 */
const PERSONAL_PARAMS = new Set(['email', 'q', 'name', 'phone', 'phone_number', 'token']);

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

/** The request URL as logged: path and parameters kept, personal parameters' values replaced. */
export function loggedUrl(url: string): string {
  const queryAt = url.indexOf('?');
  if (queryAt < 0) return url;
  const query = url
    .slice(queryAt + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return PERSONAL_PARAMS.has(decodedName(name)) ? `${name}=[redacted]` : pair;
    })
    .join('&');
  return `${url.slice(0, queryAt)}?${query}`;
}
