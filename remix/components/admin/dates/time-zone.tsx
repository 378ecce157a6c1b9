import { useRevalidator } from '@remix-run/react';
import { createContext, type ReactNode, useContext, useEffect } from 'react';

import { DEFAULT_TIME_ZONE } from '@contract';

/** The cookie that carries the browser's IANA zone to the server with every request. */
export const BROWSER_ZONE_COOKIE = 'bmd_tz';

const TimeZoneContext = createContext<string>(DEFAULT_TIME_ZONE);

/**
 * The zone every date below is written in, as the server's loader decided it: the browser renders
 * with the same zone as the server did, so the text hydrates unchanged.
 */
export function TimeZoneProvider({ zone, children }: { zone: string; children: ReactNode }) {
  return <TimeZoneContext.Provider value={zone}>{children}</TimeZoneContext.Provider>;
}

export const useTimeZone = () => useContext(TimeZoneContext);

/**
 * Tells the server the browser's zone (a cookie, read by the next request). When it changed (a
 * first visit, a journey) and the page follows the browser's zone, the page is read again, so its
 * dates move to the new zone without waiting for the next navigation.
 */
export function useBrowserZoneCookie(followsBrowser: boolean) {
  const revalidator = useRevalidator();
  useEffect(() => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const sent = document.cookie
      .split('; ')
      .find((pair) => pair.startsWith(`${BROWSER_ZONE_COOKIE}=`))
      ?.slice(BROWSER_ZONE_COOKIE.length + 1);
    if (!zone || sent === encodeURIComponent(zone)) return;
    document.cookie = `${BROWSER_ZONE_COOKIE}=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax`;
    if (followsBrowser) revalidator.revalidate();
    // Once per page load: the zone does not change while a page is open.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
