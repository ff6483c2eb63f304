/** Minimal cookie helpers (document.cookie), shared by the token and visitor-id code. */
export function getCookie(name: string): string | null {
  const m = document.cookie.match(new RegExp('(?:^|; )' + name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') + '=([^;]*)'));
  return m ? decodeURIComponent(m[1]) : null;
}

/** The parent domain ("a.b.example.com" -> ".example.com") so sibling subdomains share it. */
export function parentDomain(host = location.hostname): string | undefined {
  if (/^[\d.]+$/.test(host) || !host.includes('.')) return undefined; // IPs and localhost
  return '.' + host.split('.').slice(-2).join('.');
}

export function setCookie(name: string, value: string, maxAgeSeconds: number, domain = parentDomain()): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${Math.floor(maxAgeSeconds)}${domain ? `; domain=${domain}` : ''}; SameSite=Lax`;
}

export function deleteCookie(name: string, domain = parentDomain()): void {
  document.cookie = `${name}=; path=/; max-age=0${domain ? `; domain=${domain}` : ''}`;
  document.cookie = `${name}=; path=/; max-age=0`;
}
