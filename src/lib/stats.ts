import { config } from '../config';
import { getCookie, setCookie } from './cookies';
import { isMobileUA } from './mobile';

/** Visitor id cookie and its lifetime (spec §9: 15768000 seconds). */
export const VISITOR_COOKIE = 'pvi';
export const VISITOR_COOKIE_SECONDS = 15_768_000;

/** The page-view payload of spec §3. All values are strings so the server schema stays simple. */
export interface PageViewPayload {
  url: string;
  rurl: string;
  src: string;
  scl: string;
  lg: string;
  tz: string;
  os: string;
  bs: string;
  ps: string;
  jv: string;
  sh: string;
  ip: string;
  addr: string;
  device: string;
  pvi: string;
}

export interface IpInfo {
  ip: string;
  city: string;
}

const opUrl = (path: string) => config.operationBase.replace(/\/+$/, '') + path;

/** The visitor id from its cookie, creating (and refreshing the lifetime of) it when missing. */
export function visitorId(): string {
  let id = getCookie(VISITOR_COOKIE);
  if (!id) {
    id =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID().replace(/-/g, '')
        : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
    setCookie(VISITOR_COOKIE, id, VISITOR_COOKIE_SECONDS);
  }
  return id;
}

export function osOf(ua: string): string {
  if (/Windows/i.test(ua)) return 'Windows';
  if (/iPhone|iPad|iPod/i.test(ua)) return 'iOS';
  if (/HarmonyOS/i.test(ua)) return 'HarmonyOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/Mac OS X|Macintosh/i.test(ua)) return 'macOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return 'Other';
}

export function browserOf(ua: string): string {
  if (/MicroMessenger/i.test(ua)) return 'WeChat';
  if (/Edg\//i.test(ua)) return 'Edge';
  if (/Firefox\//i.test(ua)) return 'Firefox';
  if (/Chrome\/|Chromium\//i.test(ua)) return 'Chrome';
  if (/Safari\//i.test(ua)) return 'Safari';
  return 'Other';
}

// One ip/get per page load: the address does not change between client-side navigations.
let ipInfo: Promise<IpInfo> | null = null;
export function fetchIpInfo(): Promise<IpInfo> {
  ipInfo ??= fetch(opUrl('/ip/get'), { credentials: 'include' })
    .then((r) => r.json())
    .then((body) => ({ ip: String(body?.data?.ip ?? ''), city: String(body?.data?.city ?? '') }))
    .catch((e) => {
      ipInfo = null; // a later navigation may try again
      console.warn('[stats] ip/get failed', e);
      return { ip: '', city: '' };
    });
  return ipInfo;
}

/** Test seam: forget the cached ip/get answer. */
export function resetIpCache(): void {
  ipInfo = null;
}

/** Builds the payload for the current page; `referrer` is the previous in-app URL if any. */
export function buildPayload(
  ip: IpInfo,
  referrer: string,
  win: Window = window,
  url = win.location.href,
): PageViewPayload {
  const nav = win.navigator;
  const ua = nav.userAgent;
  return {
    url,
    rurl: referrer,
    src: `${win.screen.width}x${win.screen.height}`,
    scl: `${win.screen.colorDepth}-bit`,
    lg: nav.language || '',
    tz: Intl.DateTimeFormat().resolvedOptions().timeZone || String(-new Date().getTimezoneOffset() / 60),
    os: osOf(ua),
    bs: browserOf(ua),
    ps: `${win.innerWidth}x${win.innerHeight}`,
    jv: typeof nav.javaEnabled === 'function' && nav.javaEnabled() ? '1' : '0',
    sh: win.location.host,
    ip: ip.ip,
    addr: ip.city,
    device: isMobileUA(ua) ? 'mobile' : 'pc',
    pvi: visitorId(),
  };
}

/**
 * Sends one page view (spec §7 Statistics) of `url` (the page shown when the view began, however
 * late this runs): JSON POST with Authorization from the token1 cookie. Never throws: statistics
 * failures are only logged.
 */
export async function sendPageView(referrer: string, url = window.location.href): Promise<void> {
  try {
    const payload = buildPayload(await fetchIpInfo(), referrer, window, url);
    const token = getCookie('token1');
    const res = await fetch(opUrl('/operation/stat'), {
      method: 'POST',
      credentials: 'include',
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: token } : {}) },
      body: JSON.stringify(payload),
    });
    if (!res.ok) console.warn('[stats] operation/stat answered', res.status);
  } catch (e) {
    console.warn('[stats] operation/stat failed', e);
  }
}
