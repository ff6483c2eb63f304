import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on 127.0.0.1 (port 0: any free one): records every request and answers with
 * the next status queued for its path (200 when none is queued).
 */
export async function startReceiver(port = 0) {
  const received: Received[] = [];
  const plans = new Map<string, number[]>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = plans.get(path)?.shift() ?? 200;
      res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' });
      res.end(status < 300 ? '收到' : '暂时不可用');
    });
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  const bound = (server.address() as AddressInfo).port;
  return {
    port: bound,
    url: (path: string) => `http://127.0.0.1:${bound}${path}`,
    received,
    at: (path: string) => received.filter((r) => r.path === path),
    /** The next answers of a path, in order (then 200). */
    answer: (path: string, statuses: number[]) => plans.set(path, [...statuses]),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Checks a delivery as docs/webhooks.md tells receivers to, with node:crypto (not the contract's
 * own verifier): `t=<ts>,v1=<hex HMAC-SHA256 of "<ts>.<body>">` keyed with the whole secret.
 */
export function validSignature(secret: string, r: Received): boolean {
  const header = String(r.headers['lumen-webhook-signature'] ?? '');
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header);
  if (!m || m[1] !== r.headers['lumen-webhook-timestamp']) return false;
  const expected = crypto.createHmac('sha256', secret).update(`${m[1]}.${r.body}`).digest();
  return crypto.timingSafeEqual(expected, Buffer.from(m[2], 'hex'));
}
