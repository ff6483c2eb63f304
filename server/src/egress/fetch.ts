/**
 * A GET through the egress policy for server-side fetches (the monitoring crawler): each hop is
 * resolved, checked and connected to by address; redirects are followed by hand, every location
 * checked again. Refusals and network errors become EgressRefused (reason for the log).
 */
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import { connectChecked, EgressRefused, egressTarget, type EgressPolicy } from './policy.js';

export interface EgressResponse {
  status: number;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Every hop: the URL asked for and the address connected to. */
  hops: Array<{ url: string; address: string; status: number }>;
}

export interface EgressFetchOptions {
  /** GET (default) or POST (webhook deliveries) with this body. */
  method?: 'GET' | 'POST';
  body?: string | Buffer;
  /** 'manual': a redirect is answered as it is, not followed (a webhook receiver's 3xx is not a delivery). */
  redirect?: 'follow' | 'manual';
  headers?: Record<string, string>;
  maxBytes?: number;
  maxRedirects?: number;
  signal?: AbortSignal;
}

async function once(policy: EgressPolicy, url: URL, host: string, port: number, opts: EgressFetchOptions) {
  const { socket, address } = await connectChecked(policy, host, port);
  const stream: net.Socket =
    url.protocol === 'https:'
      ? tls.connect({ socket, servername: net.isIP(host) ? undefined : host, ALPNProtocols: ['http/1.1'] })
      : socket;
  const max = opts.maxBytes ?? 50 * 1024 * 1024;
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; address: string }>(
    (resolve, reject) => {
      const lib = url.protocol === 'https:' ? https : http;
      const req = lib.request({
        createConnection: () => stream,
        method: opts.method ?? 'GET',
        host,
        port,
        path: `${url.pathname}${url.search}`,
        headers: {
          ...opts.headers,
          ...(opts.body !== undefined && { 'content-length': String(Buffer.byteLength(opts.body)) }),
          connection: 'close',
        },
        signal: opts.signal,
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let n = 0;
        res.on('data', (d: Buffer) => {
          if (n >= max) return;
          chunks.push(d.subarray(0, max - n));
          n += d.length;
          if (n >= max) {
            res.destroy();
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), address });
          }
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks), address }),
        );
        res.on('error', reject);
      });
      req.on('error', (err) => reject(new EgressRefused(`${url.href}: ${err.message}`)));
      req.end(opts.body);
    },
  );
}

/** GET (or POST) a URL under the policy, following up to maxRedirects (default 5) redirects, each hop checked. */
export async function egressFetch(
  policy: EgressPolicy,
  input: string,
  opts: EgressFetchOptions = {},
): Promise<EgressResponse> {
  const hops: EgressResponse['hops'] = [];
  let current = input;
  for (let i = 0; i <= (opts.maxRedirects ?? 5); i++) {
    const { url, host, port } = egressTarget(current);
    const r = await once(policy, url, host, port, opts);
    hops.push({ url: url.href, address: r.address, status: r.status });
    const location = r.headers.location;
    if (r.status >= 300 && r.status < 400 && location && opts.redirect !== 'manual') {
      current = new URL(location, url).href;
      continue;
    }
    return { status: r.status, url: url.href, headers: r.headers, body: r.body, hops };
  }
  throw new EgressRefused(`too many redirects from ${input}`);
}
