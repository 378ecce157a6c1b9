import { zoneOrDefault } from '@contract';
import { me } from '~/api-client/auth.server';
import { BROWSER_ZONE_COOKIE } from '~/components/admin/dates/time-zone';

/** The zone the browser says it is in (its cookie), or UTC before it has said or when not a zone. */
export function browserZone(request: Request): string {
  const header = request.headers.get('cookie') ?? '';
  for (const pair of header.split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name !== BROWSER_ZONE_COOKIE) continue;
    try {
      return zoneOrDefault(decodeURIComponent(value.join('=')));
    } catch {
      return zoneOrDefault(null);
    }
  }
  return zoneOrDefault(null);
}

/** The zone an admin chose on the Account page, else their browser's. */
export function zoneOfViewer(request: Request, chosen: string | null): string {
  return chosen ? zoneOrDefault(chosen) : browserZone(request);
}

/**
 * The zone a signed-in admin's dates are shown in (GET /auth/me tells the one they chose). When
 * the API cannot say, the browser's: a date in the wrong zone still names it.
 */
export async function viewerZone(request: Request, token: string): Promise<string> {
  const who = await me(token);
  return zoneOfViewer(request, who.ok ? who.data.timeZone : null);
}
