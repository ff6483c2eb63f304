import { matchRoute } from '../routes/match';
import { mobileMap } from '../routes/mobile-map';
import { mobileUrlFor } from '../lib/mobile';

/**
 * The mobile-site path (under /m) of a desktop address, or null when the desktop route has no
 * mobile page (a phone opening it would land on the mobile home). Shared catalogues such as
 * service-catalogue.ts name desktop paths; the mobile site links through this one table.
 */
export function mobilePathFor(desktopPath: string): string | null {
  const url = new URL(desktopPath, 'http://x');
  const match = matchRoute(url.pathname);
  if (!match || !mobileMap[match.route.name]) return null;
  return mobileUrlFor(match.route.name, match.params, url.search, '');
}
