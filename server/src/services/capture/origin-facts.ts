/**
 * Facts about each origin a capture reached, gathered by the server beside the browser: DNS
 * answers and the TLS certificate chain each HTTPS origin presents (Chromium's CDP exposes only a
 * summary of the certificate, so a second TLS handshake to the same address fetches the chain, as
 * Scoop does). Nothing here trusts or distrusts: Chromium already decided whether the page loaded.
 * Only hosts the egress proxy connected to are asked about, and the second handshake goes through
 * the same policy (a checked address), so neither leaks anything about inner names or addresses.
 */
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import { connectChecked, type EgressPolicy } from '../../egress/index.js';

export interface DnsFacts {
  host: string;
  lookup: Array<{ address: string; family: number }>;
  a?: string[];
  aaaa?: string[];
  cname?: string[];
  error?: string;
}

export interface TlsFacts {
  origin: string;
  /** Chain from the leaf up, PEM. */
  pem: string;
  chain: Array<{
    subject: string;
    issuer: string;
    validFrom: string;
    validTo: string;
    fingerprint256: string;
    serialNumber: string;
  }>;
  protocol: string | null;
  /** Whether Node's default trust store accepts the chain (Chromium's own verdict is in the page log). */
  authorized: boolean;
  authorizationError?: string;
  error?: string;
}

const withTimeout = <T>(p: Promise<T>, ms: number): Promise<T> =>
  Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`timeout after ${ms} ms`)), ms).unref()),
  ]);

export async function dnsFacts(host: string, policy: EgressPolicy): Promise<DnsFacts> {
  const out: DnsFacts = { host, lookup: [] };
  if (net.isIP(host)) return { ...out, lookup: [{ address: host, family: net.isIP(host) }] };
  try {
    out.lookup = (await withTimeout(policy.network.resolve(host), 5000)).map((address) => ({
      address,
      family: net.isIP(address),
    }));
  } catch (err) {
    out.error = (err as Error).message;
    return out;
  }
  if (host === 'localhost') return out; // answered by the hosts file; asking a resolver would leave the machine
  const resolver = new dns.promises.Resolver({ timeout: 3000, tries: 1 });
  const ask = async (fn: () => Promise<string[]>) => fn().catch(() => undefined);
  [out.a, out.aaaa, out.cname] = await Promise.all([
    ask(() => resolver.resolve4(host)),
    ask(() => resolver.resolve6(host)),
    ask(() => resolver.resolveCname(host)),
  ]);
  return out;
}

const pemOf = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
const name = (n: any) =>
  n
    ? Object.entries(n)
        .map(([k, v]) => `${k}=${Array.isArray(v) ? v.join('+') : v}`)
        .join(', ')
    : '';

export async function tlsFacts(origin: string, policy: EgressPolicy): Promise<TlsFacts> {
  const u = new URL(origin);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  const port = Number(u.port || 443);
  let raw: net.Socket;
  try {
    raw = (await connectChecked(policy, host, port)).socket;
  } catch {
    return { origin, pem: '', chain: [], protocol: null, authorized: false, error: 'unreachable' };
  }
  return new Promise((resolve) => {
    const fail = (err: Error) =>
      resolve({ origin, pem: '', chain: [], protocol: null, authorized: false, error: err.message });
    const socket = tls.connect(
      { socket: raw, servername: net.isIP(host) ? undefined : host, rejectUnauthorized: false, timeout: 8000 },
      () => {
        const chain: TlsFacts['chain'] = [];
        let pem = '';
        const seen = new Set<string>();
        let cert: any = socket.getPeerCertificate(true);
        while (cert && cert.raw && !seen.has(cert.fingerprint256)) {
          seen.add(cert.fingerprint256);
          pem += pemOf(cert.raw);
          chain.push({
            subject: name(cert.subject),
            issuer: name(cert.issuer),
            validFrom: cert.valid_from,
            validTo: cert.valid_to,
            fingerprint256: cert.fingerprint256,
            serialNumber: cert.serialNumber,
          });
          cert = cert.issuerCertificate;
        }
        const facts: TlsFacts = { origin, pem, chain, protocol: socket.getProtocol(), authorized: socket.authorized };
        if (!socket.authorized && socket.authorizationError)
          facts.authorizationError = String(socket.authorizationError);
        socket.end();
        resolve(facts);
      },
    );
    socket.on('timeout', () => {
      socket.destroy();
      fail(new Error('TLS handshake timeout'));
    });
    socket.on('error', fail);
  });
}
