import { config } from '../config';

/** Minimal cookie helpers (document.cookie), shared by the token and visitor-id code. */
export function getCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp('(?:^|; )' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '=([^;]*)'));
  return m ? decodeURIComponent(m[1]) : null;
}

/**
 * Public suffixes of two labels under which sites register (a small list for the markets we
 * serve, not the full Public Suffix List): the parent domain of www.x.com.cn is .x.com.cn,
 * because browsers refuse a cookie for .com.cn.
 */
const TWO_LABEL_SUFFIXES = new Set([
  'com.cn',
  'net.cn',
  'org.cn',
  'gov.cn',
  'edu.cn',
  'ac.cn',
  'mil.cn',
  'com.hk',
  'net.hk',
  'org.hk',
  'edu.hk',
  'gov.hk',
  'com.tw',
  'net.tw',
  'org.tw',
  'edu.tw',
  'gov.tw',
  'com.mo',
  'com.sg',
  'com.my',
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'me.uk',
  'ltd.uk',
  'plc.uk',
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'go.jp',
  'co.kr',
  'or.kr',
  'ac.kr',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'co.nz',
  'co.in',
  'co.za',
  'com.br',
]);

const isIpAddress = (host: string) =>
  /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':') || host.startsWith('[');

/**
 * The cookie domain shared by sibling subdomains ("a.b.example.com" -> ".example.com",
 * "www.x.com.cn" -> ".x.com.cn"). No domain attribute (host-only cookie) for IP addresses,
 * localhost and *.localhost, single-label hosts and bare public suffixes. VITE_COOKIE_DOMAIN
 * overrides the derivation (for suffixes missing from the list above) on hosts inside it; on any
 * other host the browser would drop the cookie, so the derivation applies there.
 */
export function parentDomain(host = location.hostname, override = config.cookieDomain): string | undefined {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (override) {
    const domain = override.toLowerCase().replace(/^\./, '');
    if (h === domain || h.endsWith(`.${domain}`)) return `.${domain}`;
  }
  if (!h || isIpAddress(h) || !h.includes('.') || h === 'localhost' || h.endsWith('.localhost')) return undefined;
  const labels = h.split('.');
  const take = TWO_LABEL_SUFFIXES.has(labels.slice(-2).join('.')) ? 3 : 2;
  if (labels.length < take) return undefined;
  return '.' + labels.slice(-take).join('.');
}

/**
 * On an HTTPS page every cookie is Secure, so the token never travels over plain HTTP (a sibling
 * subdomain or a downgraded link would otherwise send it in clear). An HTTP page (local
 * development) cannot set Secure cookies at all, so there it is left off.
 */
const secureAttr = () => (location.protocol === 'https:' ? '; Secure' : '');

export function setCookie(name: string, value: string, maxAgeSeconds: number, domain = parentDomain()): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${Math.floor(maxAgeSeconds)}${domain ? `; domain=${domain}` : ''}; SameSite=Lax${secureAttr()}`;
}

export function deleteCookie(name: string, domain = parentDomain()): void {
  document.cookie = `${name}=; path=/; max-age=0${domain ? `; domain=${domain}` : ''}${secureAttr()}`;
  document.cookie = `${name}=; path=/; max-age=0${secureAttr()}`;
}
