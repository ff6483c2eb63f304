import { config } from '../config';
import { MOBILE_EXCLUDED, MOBILE_HOME, mobileMap, type MobileRow } from '../routes/mobile-map';

// Phones and small tablets; iPads that report a desktop UA are left on the desktop site.
const MOBILE_UA =
  /Android.+Mobile|iPhone|iPod|Windows Phone|IEMobile|BlackBerry|BB10|Opera Mini|MicroMessenger.+Mobile|Mobile.+Firefox|HarmonyOS.+Mobile/i;

/** True for phone user agents. */
export function isMobileUA(ua: string): boolean {
  return MOBILE_UA.test(ua);
}

function fillPath(template: string, params: Record<string, string | undefined>): string {
  const filled = template.replace(/\/:(\w+)(\?)?/g, (_m, key: string) => {
    const v = params[key];
    return v === undefined || v === '' ? '' : `/${encodeURIComponent(v)}`;
  });
  return filled || '/';
}

function buildUrl(
  row: MobileRow,
  params: Record<string, string | undefined>,
  search: URLSearchParams,
  base: string,
): string {
  const qs = new URLSearchParams();
  for (const key of row.query ?? []) {
    const v = search.get(key);
    if (v !== null && v !== '') qs.set(key, v);
  }
  for (const [key, param] of Object.entries(row.paramQuery ?? {})) {
    const v = params[param];
    if (v !== undefined && v !== '') qs.set(key, v);
  }
  const q = qs.toString();
  return base.replace(/\/+$/, '') + fillPath(row.path, params) + (q ? `?${q}` : '');
}

/** True for the WeChat in-app browser, where login and payment take the WeChat paths. */
export function isWeChatUA(ua: string): boolean {
  return /MicroMessenger/i.test(ua);
}

/**
 * The mobile-site URL for a desktop route, or null when the route stays on the desktop site (the
 * excluded names). Unknown names and routes without a row go to the mobile home.
 */
export function mobileUrlFor(
  routeName: string | null | undefined,
  params: Record<string, string | undefined>,
  search: string | URLSearchParams,
  base: string = config.mobileBase,
): string | null {
  if (routeName && MOBILE_EXCLUDED.has(routeName)) return null;
  const row = (routeName && mobileMap[routeName]) || MOBILE_HOME;
  return buildUrl(row, params, new URLSearchParams(search), base);
}
