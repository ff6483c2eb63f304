import net from 'node:net';

/** Loopback, private (RFC 1918), link-local and unique-local addresses: the visitor is "local". */
export function isLocalAddress(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(v4)) {
    const [a, b] = v4.split('.').map(Number);
    return (
      a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
    );
  }
  const lower = ip.toLowerCase();
  return lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80:');
}

/** City for ip/get: no external geo lookup is made, so public addresses are "未知". */
export function cityOf(ip: string): string {
  return isLocalAddress(ip) ? '本地' : '未知';
}
