/**
 * The special-purpose address ranges no user-named fetch may reach (IANA IPv4/IPv6
 * Special-Purpose Address Registries, plus multicast and the cloud metadata addresses).
 * Whole IPv4-mapped, IPv4-compatible, NAT64, 6to4 and Teredo prefixes are refused rather than
 * unpacked: each can carry a private IPv4 address.
 */
import net from 'node:net';

const V4: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local (cloud metadata 169.254.169.254)'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.31.196.0', 24, 'AS112'],
  ['192.52.193.0', 24, 'AMT'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['192.175.48.0', 24, 'AS112'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved, broadcast'],
];

const V6: Array<[string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible'],
  ['::ffff:0:0', 96, 'IPv4-mapped'],
  ['::ffff:0:0:0', 96, 'IPv4-translated'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'local NAT64'],
  ['100::', 64, 'discard-only'],
  ['2001::', 23, 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::', 32, 'documentation'],
  ['2002::', 16, '6to4'],
  ['3fff::', 20, 'documentation'],
  ['5f00::', 16, 'segment routing'],
  ['fc00::', 7, 'unique local (cloud metadata fd00:ec2::254)'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local'],
  ['ff00::', 8, 'multicast'],
];

// One list per family: a BlockList matches IPv4 addresses against IPv4-mapped IPv6 rules, and
// ::ffff:0:0/96 would then refuse every IPv4 address.
const special = { ipv4: new net.BlockList(), ipv6: new net.BlockList() };
for (const [a, p] of V4) special.ipv4.addSubnet(a, p, 'ipv4');
for (const [a, p] of V6) special.ipv6.addSubnet(a, p, 'ipv6');

/** The family of an IP literal ('ipv4' | 'ipv6'), or null when it is not one. */
export function ipFamily(ip: string): 'ipv4' | 'ipv6' | null {
  const v = net.isIP(ip);
  return v === 4 ? 'ipv4' : v === 6 ? 'ipv6' : null;
}

/** True when an address lies in none of the special-purpose ranges (anything that is not an IP is not public). */
export function isPublicAddress(ip: string): boolean {
  const family = ipFamily(ip);
  if (!family) return false;
  return !special[family].check(ip, family);
}
