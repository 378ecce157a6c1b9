import { zoneOrDefault } from '@contract';
import { checkToken } from '~/api-client/auth.server';
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

/**
 * The zone a signed-in admin's dates are shown in: the one they chose on the Account page, else
 * their browser's. When the API cannot say, the browser's: a date in the wrong zone still names it.
 */
export async function viewerZone(request: Request, token: string): Promise<string> {
  const check = await checkToken(token);
  const chosen = check.ok && check.data.success ? check.data.timeZone : undefined;
  return chosen ? zoneOrDefault(chosen) : browserZone(request);
}
