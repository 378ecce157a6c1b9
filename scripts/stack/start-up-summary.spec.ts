import { localUrl, summaryLines } from './start-up-summary';

const demo = { email: 'admin@example.com', password: 'demo-password-1', demo: true };

describe('the start-up summary', () => {
  it('names localhost for the web, the admin area and the API, whose cookie is per host', () => {
    const lines = summaryLines({
      webUrl: 'http://127.0.0.1:3000',
      apiUrl: 'http://127.0.0.1:3001',
      admin: demo,
      email: {},
    });
    expect(lines).toContain('  web       http://localhost:3000');
    expect(lines).toContain('  admin     http://localhost:3000/super-secret-admin');
    expect(lines).toContain('  sign in   admin@example.com / demo-password-1');
    expect(lines).toContain(
      '  API       http://localhost:3001  (OpenAPI: http://localhost:3001/docs)',
    );
    expect(lines.join('\n')).not.toContain('127.0.0.1');
  });

  it.each([
    ['http://127.0.0.1:3000', 'http://localhost:3000'],
    ['http://0.0.0.0:8080', 'http://localhost:8080'],
    ['http://[::1]:3000', 'http://localhost:3000'],
    ['http://[::]:3000', 'http://localhost:3000'],
    ['http://localhost:3000', 'http://localhost:3000'],
    ['http://10.0.0.5:3000', 'http://10.0.0.5:3000'],
    ['http://boats.example.com:3000', 'http://boats.example.com:3000'],
  ])('writes %s as %s', (url, expected) => {
    expect(localUrl(url)).toBe(expected);
  });

  const emailOf = (email: { smtpUrl?: string; notifyEmail?: string }) =>
    summaryLines({ webUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3001', email }).find(
      (line) => line.startsWith('  email'),
    );

  it('says email is off without SMTP_URL, and what a newcomer then misses', () => {
    expect(emailOf({})).toBe(
      "  email     off (SMTP_URL unset): nothing is emailed; a lead's page cannot send replies",
    );
  });

  it("says email is on, naming the server but never the URL's user or password", () => {
    const line = emailOf({
      smtpUrl: 'smtps://mailer:s3cret-pass@smtp.example.com:465',
      notifyEmail: 'sales@example.com',
    });
    expect(line).toBe(
      '  email     on (smtp.example.com:465): replies are sent, owners told when a lead writes again, new leads emailed to sales@example.com',
    );
    expect(line).not.toMatch(/mailer|s3cret/);
    expect(emailOf({ smtpUrl: 'smtp://localhost:2525' })).toBe(
      '  email     on (localhost:2525): replies are sent, owners told when a lead writes again; no email for new leads (NOTIFY_EMAIL unset)',
    );
  });

  it('tells how to add an admin when there is none', () => {
    expect(
      summaryLines({ webUrl: 'http://127.0.0.1:3000', apiUrl: 'http://127.0.0.1:3001', email: {} }),
    ).toContain('  sign in   add an admin: npm run admin -- --email you@example.com');
  });
});
