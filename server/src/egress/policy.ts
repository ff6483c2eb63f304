/**
 * The egress policy: which user-named addresses the server may fetch, and the one way to connect
 * to them. A URL is parsed with WHATWG URL (which turns decimal, octal, hex and short IPv4 forms
 * into dotted quads), its host resolved once, every answer checked, and the socket opened to the
 * checked address itself, so a DNS answer that changes after the check (rebinding) is never used.
 *
 * Allowed: http and https, ports 80 and 443, addresses outside every special-purpose range
 * (ranges.ts). EGRESS_ALLOW adds exceptions for deployments that need them: comma-separated
 * `host:port`, `ip:port` or `cidr:port` (IPv6 in brackets, port `*` for any).
 */
import dns from 'node:dns';
import net from 'node:net';
import { ipFamily, isPublicAddress } from './ranges.js';

/** What the user is told whenever an address is refused or cannot be reached (nothing about why). */
export const EGRESS_UNREACHABLE = '无法访问该网址，请确认网址可以从公网访问';

/** Name resolution and TCP connection, injectable so tests can map names and addresses. */
export interface EgressNetwork {
  /** Every address a host name resolves to. */
  resolve(host: string): Promise<string[]>;
  /** A TCP connection to an address that passed the policy. */
  connect(address: string, port: number): net.Socket;
}

export interface AllowRule {
  host?: string;
  subnet?: net.BlockList;
  port: number | '*';
}

export interface EgressPolicy {
  network: EgressNetwork;
  allow: AllowRule[];
  /** Ports open to public addresses without an allow rule. */
  ports: number[];
  connectTimeoutMs: number;
}

/** Refused by the policy, or unreachable: `reason` is for the server log only. */
export class EgressRefused extends Error {
  constructor(readonly reason: string) {
    super(EGRESS_UNREACHABLE);
    this.name = 'EgressRefused';
  }
}

const withTimeout = <T>(p: Promise<T>, ms: number, what: string): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what}: timeout after ${ms} ms`)), ms).unref()),
  ]);

export const systemNetwork: EgressNetwork = {
  resolve: async (host) =>
    (await withTimeout(dns.promises.lookup(host, { all: true, verbatim: true }), 5000, `lookup ${host}`)).map(
      (a) => a.address,
    ),
  connect: (address, port) => net.connect({ host: address, port }),
};

let networkOverride: Partial<EgressNetwork> | null = null;

/** Tests replace name resolution and/or connection for every policy made afterwards; null restores the system's. */
export function useEgressNetwork(n: Partial<EgressNetwork> | null): void {
  networkOverride = n;
}

/** Parses EGRESS_ALLOW (`host:port`, `ip:port`, `cidr:port`, `[ipv6/prefix]:port`; port `*` for any). */
export function parseAllowList(spec: string | undefined): AllowRule[] {
  const rules: AllowRule[] = [];
  for (const item of (spec ?? '').split(/[\s,]+/).filter(Boolean)) {
    const m = /^(?:\[([^\]]+)\]|([^:]+)):(\d{1,5}|\*)$/.exec(item);
    if (!m) throw new Error(`EGRESS_ALLOW: "${item}" is not host:port, ip:port or cidr:port`);
    const target = (m[1] ?? m[2]).toLowerCase();
    const port = m[3] === '*' ? '*' : Number(m[3]);
    const [ip, prefix] = target.split('/');
    const family = ipFamily(ip);
    if (family) {
      const subnet = new net.BlockList();
      subnet.addSubnet(ip, prefix === undefined ? (family === 'ipv4' ? 32 : 128) : Number(prefix), family);
      rules.push({ subnet, port });
    } else {
      rules.push({ host: target.replace(/\.$/, ''), port });
    }
  }
  return rules;
}

/** The policy from the environment (EGRESS_ALLOW) and the current network. */
export function egressPolicy(env: NodeJS.ProcessEnv = process.env): EgressPolicy {
  return {
    network: { ...systemNetwork, ...networkOverride },
    allow: parseAllowList(env.EGRESS_ALLOW),
    ports: [80, 443],
    connectTimeoutMs: 10_000,
  };
}

/** Host (brackets of IPv6 removed, trailing dot dropped) and port of an http(s) URL; refuses other schemes. */
export function egressTarget(input: string | URL): { url: URL; host: string; port: number } {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new EgressRefused(`not a URL: ${String(input).slice(0, 200)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EgressRefused(`scheme ${url.protocol}`);
  if (url.username || url.password) throw new EgressRefused('credentials in URL');
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '');
  const port = Number(url.port) || (url.protocol === 'https:' ? 443 : 80);
  return { url, host, port };
}

const portMatches = (rule: AllowRule, port: number) => rule.port === '*' || rule.port === port;

/** May this address be reached on this port (hostAllowed: the name itself is on the allow-list)? */
function addressAllowed(policy: EgressPolicy, address: string, port: number, hostAllowed: boolean): boolean {
  if (hostAllowed) return true;
  const family = ipFamily(address);
  if (!family) return false;
  if (policy.allow.some((r) => r.subnet && portMatches(r, port) && r.subnet.check(address, family))) return true;
  return isPublicAddress(address) && policy.ports.includes(port);
}

/**
 * Resolves a host once and checks every answer; returns the address to connect to. Any refused
 * answer refuses the host, so a name cannot mix a public address with an inner one.
 */
export async function checkedAddress(policy: EgressPolicy, host: string, port: number): Promise<string> {
  const name = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  const hostAllowed = policy.allow.some((r) => r.host === name && portMatches(r, port));
  if (!hostAllowed && !policy.ports.includes(port) && !policy.allow.some((r) => r.subnet && portMatches(r, port)))
    throw new EgressRefused(`port ${port} not allowed`);
  let addresses: string[];
  if (ipFamily(name)) addresses = [name];
  else {
    try {
      addresses = await policy.network.resolve(name);
    } catch (err) {
      throw new EgressRefused(`lookup ${name}: ${(err as Error).message}`);
    }
  }
  if (!addresses.length) throw new EgressRefused(`lookup ${name}: no address`);
  const bad = addresses.find((a) => !addressAllowed(policy, a, port, hostAllowed));
  if (bad) throw new EgressRefused(`${name}:${port} resolves to ${bad}, refused`);
  return addresses[0];
}

/** Resolves, checks and connects to the checked address (never to a second lookup's answer). */
export async function connectChecked(
  policy: EgressPolicy,
  host: string,
  port: number,
): Promise<{ socket: net.Socket; address: string }> {
  const address = await checkedAddress(policy, host, port);
  const socket = policy.network.connect(address, port);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => fail(new Error(`connect timeout after ${policy.connectTimeoutMs} ms`)),
      policy.connectTimeoutMs,
    );
    const fail = (err: Error) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new EgressRefused(`connect ${host} (${address}):${port}: ${err.message}`));
    };
    socket.once('error', fail);
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.off('error', fail);
      resolve();
    });
  });
  return { socket, address };
}
