import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { matchRoute, titleFor } from './match';
import { sendPageView } from '../lib/stats';
import { whenIdle } from '../lib/idle';
import { clearPrefetched } from '../dataProvider/prefetched';
import { isMobileUA, mobileUrlFor } from '../lib/mobile';

/**
 * What happens on every navigation (spec §2, §7): scroll to top, set the title, send the page
 * view (except on VideoDetail, which spec §7 leaves out of the statistics), and send phones to
 * the mobile site.
 */
export function useNavigationEffects(): void {
  const location = useLocation();
  // document is absent when the server renders the page.
  const previousUrl = useRef(typeof document === 'undefined' ? '' : document.referrer);
  const handled = useRef<typeof location | null>(null);

  useEffect(() => {
    // StrictMode runs effects twice in development; one page view per navigation. The location
    // object, not its key: entries pushed outside the router all share the key 'default'.
    if (handled.current === location) return;
    // The answers a server-rendered page came with are for that page only.
    if (handled.current) clearPrefetched();
    handled.current = location;

    const match = matchRoute(location.pathname);
    // Redirect sources and unknown paths are about to be replaced; their target gets the effects.
    if (!match) return;
    window.scrollTo(0, 0);
    document.title = titleFor(match.route);

    const referrer = previousUrl.current;
    const url = window.location.href;
    previousUrl.current = url;
    // Sent when the browser is idle: on a first load it cost the render 45 ms (Intl, ip lookup).
    if (match.route.name !== 'VideoDetail') whenIdle(() => void sendPageView(referrer, url));

    if (isMobileUA(navigator.userAgent)) {
      const target = mobileUrlFor(match.route.name, match.params, location.search);
      if (target) window.location.replace(target);
    }
  }, [location]);
}
