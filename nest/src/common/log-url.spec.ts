import { loggedUrl } from './log-url';

describe('loggedUrl', () => {
  it.each([
    ['/privacy/leads?email=jane%40example.com', '/privacy/leads?email=[redacted]'],
    [
      '/contact-us-request/contact-us-requests?limit=20&q=Jane+Doe',
      '/contact-us-request/contact-us-requests?limit=20&q=[redacted]',
    ],
    [
      '/x?%45mail=jane@example.com&Q=x&state=active',
      '/x?%45mail=[redacted]&Q=[redacted]&state=active',
    ],
    ['/x?q', '/x?q=[redacted]'],
    ['/health', '/health'],
  ])('%s -> %s', (url, expected) => expect(loggedUrl(url)).toBe(expected));
});
