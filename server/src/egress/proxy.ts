/**
 * A checking HTTP proxy on loopback that a capture's Chromium is launched with, so the policy
 * applies to every request of the page (sub-resources, scripts, redirects hop by hop, WebSockets),
 * not only to the first URL: absolute-form requests for http, CONNECT tunnels for https and
 * WebSockets. Each target is resolved, checked and connected to by address (policy.ts). A refused
 * or unreachable target gets the same answer whether or not anything listens there.
 */
import http from 'node:http';
import type net from 'node:net';
import type { AddressInfo } from 'node:net';
import { connectChecked, EGRESS_UNREACHABLE, EgressRefused, egressTarget, type EgressPolicy } from './policy.js';

/** Marks the proxy's own refusal (stripped from upstream responses, so a site cannot fake it). */
export const REFUSED_HEADER = 'x-lumen-egress';

/** A response the proxy serves itself, e.g. the demo's sandbox web in development. */
export interface LocalSite {
  handles(url: URL): boolean;
  serve(url: URL): Promise<{ status: number; contentType: string; body: Buffer }>;
}

export interface EgressEvent {
  at: string;
  kind: 'connected' | 'refused' | 'limit';
  host: string;
  port: number;
  address?: string;
  /** Raw cause, for the server log only. */
  reason?: string;
}

export interface EgressProxyOptions {
  /** Bytes received from upstream after which every tunnel is cut and new requests are refused. */
  maxBytes?: number;
  log?: (e: EgressEvent) => void;
  local?: LocalSite;
}

export interface EgressProxy {
  /** For Chromium's --proxy-server. */
  url: string;
  /** Targets connected to, with the checked address (evidence: which server answered). */
  connections: Array<{ host: string; port: number; address: string; at: string }>;
  bytes: () => number;
  close: () => Promise<void>;
}

const HOP_BY_HOP = [
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

function forwardable(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  const out: http.OutgoingHttpHeaders = {};
  for (const [k, v] of Object.entries(headers))
    if (v !== undefined && !HOP_BY_HOP.includes(k) && k !== REFUSED_HEADER) out[k] = v;
  return out;
}

const REFUSED_PAGE = Buffer.from(
  `<!doctype html><meta charset="utf-8"><title>无法访问</title><p>${EGRESS_UNREACHABLE}</p>`,
  'utf8',
);

export async function startEgressProxy(policy: EgressPolicy, opts: EgressProxyOptions = {}): Promise<EgressProxy> {
  const connections: EgressProxy['connections'] = [];
  const open = new Set<net.Socket>();
  let received = 0;
  const now = () => new Date().toISOString();
  const overLimit = () => opts.maxBytes !== undefined && received > opts.maxBytes;

  const track = (s: net.Socket) => {
    open.add(s);
    s.on('close', () => open.delete(s));
    s.on('data', (d: Buffer) => {
      received += d.length;
      if (overLimit()) {
        opts.log?.({ at: now(), kind: 'limit', host: '', port: 0, reason: `capture exceeded ${opts.maxBytes} bytes` });
        for (const o of open) o.destroy();
      }
    });
  };

  /** Resolves, checks and connects; null (logged) when refused or unreachable. */
  const dial = async (host: string, port: number): Promise<net.Socket | null> => {
    if (overLimit()) {
      opts.log?.({ at: now(), kind: 'refused', host, port, reason: 'byte limit reached' });
      return null;
    }
    try {
      const { socket, address } = await connectChecked(policy, host, port);
      connections.push({ host, port, address, at: now() });
      opts.log?.({ at: now(), kind: 'connected', host, port, address });
      track(socket);
      return socket;
    } catch (err) {
      opts.log?.({
        at: now(),
        kind: 'refused',
        host,
        port,
        reason: err instanceof EgressRefused ? err.reason : (err as Error).message,
      });
      return null;
    }
  };

  const refuse = (res: http.ServerResponse) => {
    if (res.headersSent) return void res.destroy();
    res.writeHead(502, {
      'content-type': 'text/html; charset=utf-8',
      'content-length': REFUSED_PAGE.length,
      [REFUSED_HEADER]: 'refused',
      'cache-control': 'no-store',
    });
    res.end(REFUSED_PAGE);
  };

  const server = http.createServer(async (req, res) => {
    let target: ReturnType<typeof egressTarget>;
    try {
      target = egressTarget(req.url ?? '');
      if (target.url.protocol !== 'http:') throw new EgressRefused('plain request for a non-http URL');
    } catch (err) {
      opts.log?.({ at: now(), kind: 'refused', host: '', port: 0, reason: (err as Error).message });
      return refuse(res);
    }
    if (opts.local?.handles(target.url)) {
      const r = await opts.local.serve(target.url).catch(() => null);
      if (!r) return refuse(res);
      res.writeHead(r.status, { 'content-type': r.contentType, 'content-length': r.body.length });
      return void res.end(r.body);
    }
    const socket = await dial(target.host, target.port);
    if (!socket) return refuse(res);
    const up = http.request({
      createConnection: () => socket,
      method: req.method,
      path: `${target.url.pathname}${target.url.search}`,
      headers: { ...forwardable(req.headers), connection: 'close' },
    });
    up.on('response', (r) => {
      res.writeHead(r.statusCode ?? 502, r.statusMessage, forwardable(r.headers));
      r.pipe(res);
      r.on('error', () => res.destroy());
    });
    up.on('error', (err) => {
      opts.log?.({
        at: now(),
        kind: 'refused',
        host: target.host,
        port: target.port,
        reason: `upstream: ${err.message}`,
      });
      refuse(res);
    });
    res.on('close', () => socket.destroy());
    req.pipe(up);
  });

  server.on('connect', async (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    client.on('error', () => {});
    let socket: net.Socket | null = null;
    try {
      const { host, port } = egressTarget(`https://${req.url ?? ''}`);
      if (!opts.local?.handles(new URL(`https://${req.url}`))) socket = await dial(host, port);
      else opts.log?.({ at: now(), kind: 'refused', host, port, reason: 'local site over https' });
    } catch (err) {
      opts.log?.({ at: now(), kind: 'refused', host: '', port: 0, reason: (err as Error).message });
    }
    if (!socket)
      return void client.end(`HTTP/1.1 502 Bad Gateway\r\n${REFUSED_HEADER}: refused\r\ncontent-length: 0\r\n\r\n`);
    const up = socket;
    open.add(client);
    client.on('close', () => {
      open.delete(client);
      up.destroy();
    });
    up.on('error', () => client.destroy());
    up.on('close', () => client.destroy());
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    if (head.length) up.write(head);
    up.pipe(client);
    client.pipe(up);
  });

  // Upgrades only reach a proxy in absolute form from odd clients; Chromium tunnels WebSockets with CONNECT.
  server.on('upgrade', (_req, socket: net.Socket) => socket.destroy());
  server.on('clientError', (_err, socket: net.Socket) => socket.destroy());

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    bytes: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of open) s.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
