import { type ApiOutcome, UNAVAILABLE_MESSAGE } from '~/api-client/http.server';

/** The headers of the API's answer an attachment keeps on its way through the web server. */
const PASSED = [
  'content-type',
  'content-length',
  'content-disposition',
  'x-content-type-options',
  'content-security-policy',
  'cache-control',
];

/**
 * The API's answer for an attachment, passed on as a stream: its body never held whole here, its
 * headers (download, no sniffing, sandbox) kept. A failure becomes a short text answer.
 */
export function passAttachment(answer: Response | ApiOutcome<never>): Response {
  if (!(answer instanceof Response))
    return new Response(UNAVAILABLE_MESSAGE, {
      status: 503,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  if (
    !answer.ok ||
    !answer.body ||
    !/^attachment/.test(answer.headers.get('content-disposition') ?? '')
  )
    return new Response(answer.status === 404 ? 'Not Found' : 'The attachment could not be read.', {
      status: answer.status === 404 ? 404 : 502,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    });
  const headers = new Headers();
  for (const name of PASSED) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: 200, headers });
}
