// @one-engine: the time goes to Chromium or ffmpeg; the rows are plain (scripts/test-all.mjs).
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { buyServiceWithWallet } from '../../helpers/service-orders.js';
import { servicesOf } from '../../helpers/jobs.js';
import { listen, portOf, usePublicWeb } from '../../helpers/capture-sites.js';
import { runUntilIdle } from '../../../server/src/jobs/index.js';
import { CAPTURE_TASK } from '../../../server/src/services/capture/run-capture.js';
import {
  connectChecked,
  egressPolicy,
  EGRESS_UNREACHABLE,
  startEgressProxy,
  useEgressNetwork,
  type EgressPolicy,
} from '../../../server/src/egress/index.js';
import { liveFetcher } from '../../../server/src/adapters/web/index.js';

/**
 * Server-side request forgery: a user names an address, the server fetches it. An inner server on
 * loopback counts every request it sees; whatever form the address takes (decimal, octal, hex,
 * short IPv4, IPv6, IPv4-mapped, a name resolving inside, a public page redirecting or pointing
 * its sub-resources inside), it must see none, and the user must not learn whether anything answered.
 */
describe('egress policy: captures, screen recordings and the crawler never reach inside', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  const servers: Array<{ origin: string; close: () => Promise<void> }> = [];
  const innerHits: string[] = [];
  let inner: string, innerPort: number, closedPort: number;
  const marker = `X${crypto.randomBytes(5).toString('hex')}`;
  let restore = () => {};

  beforeAll(async () => {
    const innerSrv = await listen(
      http.createServer((req, res) => {
        innerHits.push(req.url ?? '');
        res.end('inner secret');
      }),
    );
    inner = innerSrv.origin;
    innerPort = portOf(inner);
    // A port nobody listens on: bind, read the port, close.
    const probe = await listen(http.createServer());
    closedPort = portOf(probe.origin);
    await probe.close();
    // The public test site: a page whose sub-resources, scripts, frames and sockets point inside, and a redirector.
    const page = `<!doctype html><title>公开页面 ${marker}</title><h1>${marker}</h1>
      <img src="${inner}/img.png"><img src="http://localhost:${innerPort}/img2.png"><script src="http://2130706433:${innerPort}/s.js"></script>
      <iframe src="http://0x7f.1:${innerPort}/frame"></iframe><link rel="stylesheet" href="http://[::ffff:127.0.0.1]:${innerPort}/c.css">
      <script>fetch('${inner}/fetch').catch(() => {}); try { new WebSocket('ws://127.0.0.1:${innerPort}/ws'); } catch {} navigator.sendBeacon?.('${inner}/beacon', 'x');</script>`;
    servers.push(
      innerSrv,
      await listen(
        http.createServer((req, res) => {
          if (req.url === '/redir') {
            res.writeHead(302, { location: `${inner}/after-redirect` });
            return res.end();
          }
          if (req.url === '/stall') {
            // Answers after any page wall time a test sets: loading alone runs past the limit.
            const answer = setTimeout(() => res.end('<title>slow</title>'), 8000);
            req.socket.on('close', () => clearTimeout(answer));
            return;
          }
          if (req.url === '/meta') {
            res.writeHead(200, { 'content-type': 'text/html' });
            return res.end(`<meta http-equiv="refresh" content="0;url=${inner}/meta-refresh">`);
          }
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
          res.end(page);
        }),
      ),
    );
    // A server that accepts and closes at once (Chromium: ERR_EMPTY_RESPONSE when reached directly).
    const empty = net.createServer((s) => s.destroy());
    await new Promise<void>((r) => empty.listen(0, '127.0.0.1', () => r()));
    servers.push({
      origin: `http://127.0.0.1:${(empty.address() as net.AddressInfo).port}`,
      close: () => new Promise((r) => empty.close(() => r())),
    });
    restore = usePublicWeb([
      { name: 'public-site.test', address: '93.184.216.34', port: 80, to: portOf(servers[1].origin) },
      { name: 'empty.test', address: '93.184.216.40', port: 80, to: portOf(servers[2].origin) },
      { name: 'closed.test', address: '93.184.216.41', port: 80, to: closedPort },
      { name: 'inner-name.test', address: '127.0.0.1', port: 80, to: innerPort },
      { name: 'metadata.test', address: '169.254.169.254', port: 80, to: innerPort },
      { name: 'v6-inner.test', address: '::ffff:7f00:1', port: 80, to: innerPort },
    ]);
    t = await makeTestApp();
    alice = await makeUser(t.db);
    await buyServiceWithWallet(t.app, t.db, alice, 'web_evidence_10');
    await buyServiceWithWallet(t.app, t.db, alice, 'screen_recording_5');
  });
  afterAll(async () => {
    restore();
    await t?.close();
    await Promise.all(servers.map((s) => s.close()));
  });

  const run = () => runUntilIdle(servicesOf(t.app), { tasks: [CAPTURE_TASK], pollMs: 50, timeoutMs: 120_000 });
  async function capture(urls: string[]) {
    const created = await call(t.app, 'POST', '/api/protection/captures', alice.auth, { urls });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await run();
    return (await call(t.app, 'GET', `/api/protection/captures/${created.body.data.id}`, alice.auth)).body.data;
  }
  const file = async (id: number, name: string) =>
    (
      await t.app.inject({ url: `/api/protection/captures/${id}/files/${name}`, headers: alice.auth })
    ).rawPayload.toString('utf8');

  it('refuses loopback in every notation, the host name, names resolving inside and the metadata address, with one message', async () => {
    const forms = [
      `${inner}/a`,
      `http://localhost:${innerPort}/b`,
      `http://[::1]:${innerPort}/c`,
      `http://2130706433:${innerPort}/d`,
      `http://0177.0.0.1:${innerPort}/e`,
      `http://0x7f.1:${innerPort}/f`,
      `http://127.1:${innerPort}/g`,
      `http://[::ffff:127.0.0.1]:${innerPort}/h`,
      `http://${os.hostname()}:${innerPort}/i`,
      `http://localhost:${innerPort}/dev/sms`,
    ];
    const more = [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://inner-name.test/j',
      'http://metadata.test/k',
      'http://v6-inner.test/l',
      `http://public-site.test:${innerPort}/m`,
    ];
    for (const urls of [forms, more]) {
      const c = await capture(urls);
      expect(c.status, JSON.stringify(c.pages)).toBe(3);
      for (const p of c.pages)
        expect(p, p.url).toMatchObject({ ok: false, failure: 'network', error: EGRESS_UNREACHABLE, status: null });
      const told = JSON.stringify(c) + (await file(c.id, 'network.json')) + (await file(c.id, 'provenance.json'));
      expect(told).not.toMatch(/ERR_|ECONNREFUSED|ENOTFOUND|socket hang up|resolves to/);
    }
    expect(innerHits).toEqual([]);
  });

  it('captures a public page but none of its inner sub-resources, scripts, frames or sockets; a redirect or refresh to inside is refused', async () => {
    const c = await capture([
      'http://public-site.test/page',
      'http://public-site.test/redir',
      'http://public-site.test/meta',
    ]);
    expect(c.pages[0]).toMatchObject({
      url: 'http://public-site.test/page',
      ok: true,
      status: 200,
      title: `公开页面 ${marker}`,
      remoteAddress: { ipAddress: '93.184.216.34', port: 80 },
    });
    expect(c.pages[1]).toMatchObject({ ok: false, failure: 'network', error: EGRESS_UNREACHABLE });
    expect(c.status).toBe(2);
    expect(await file(c.id, 'page-1/dom.html')).toContain(marker);
    const network = JSON.parse(await file(c.id, 'network.json'));
    expect(network.egress.map((e: any) => e.address)).toEqual(expect.arrayContaining(['93.184.216.34']));
    expect(network.egress.every((e: any) => e.address === '93.184.216.34')).toBe(true);
    expect(network.dns.map((d: any) => d.host)).toEqual(['public-site.test']);
    // The browser did ask for them (through the proxy, which refused): nothing bypassed the policy.
    expect(network.failures).toContainEqual(
      expect.objectContaining({ url: `${inner}/img.png`, error: EGRESS_UNREACHABLE }),
    );
    expect(network.failures).toContainEqual(expect.objectContaining({ url: `http://localhost:${innerPort}/img2.png` }));
    expect(innerHits).toEqual([]);
  });

  it('serves the demo sandbox web by name outside production, never over the network', async () => {
    await t.app.storage.put(
      'sandbox-web/egress-demo.sandbox.test/index.html',
      Buffer.from(`<title>沙箱 ${marker}</title><p>${marker}</p>`),
      {
        contentType: 'text/html',
      },
    );
    const c = await capture(['http://egress-demo.sandbox.test/', 'https://egress-demo.sandbox.test/']);
    expect(c.pages[0]).toMatchObject({ ok: true, status: 200, title: `沙箱 ${marker}` });
    expect(c.pages[1]).toMatchObject({ ok: false, failure: 'network', error: EGRESS_UNREACHABLE });
    expect(innerHits).toEqual([]);
  });

  it('stops a page at its wall time and a capture at its byte limit', async () => {
    const saved = { wall: process.env.CAPTURE_PAGE_WALL_MS, bytes: process.env.CAPTURE_MAX_BYTES };
    try {
      process.env.CAPTURE_PAGE_WALL_MS = '2500';
      const created = await call(t.app, 'POST', '/api/protection/captures', alice.auth, {
        urls: ['http://public-site.test/page'],
        steps: [{ action: 'wait', ms: 10_000 }],
      });
      await run();
      const slow = (await call(t.app, 'GET', `/api/protection/captures/${created.body.data.id}`, alice.auth)).body.data;
      expect(slow.pages[0]).toMatchObject({ ok: false, failure: 'timeout', error: '超过单页时限' });
      // A page still loading when its time is up is slow, not unreachable.
      const stalled = await capture(['http://public-site.test/stall']);
      expect(stalled.pages[0]).toMatchObject({ ok: false, failure: 'timeout', error: '超过单页时限' });
      process.env.CAPTURE_PAGE_WALL_MS = saved.wall ?? '';
      process.env.CAPTURE_MAX_BYTES = '200';
      // The limit is checked as bytes arrive: the chunk that crosses it may still land, nothing after it does.
      const big = await capture(['http://public-site.test/page', 'http://public-site.test/second']);
      expect(big.pages[1]).toMatchObject({ ok: false, failure: 'network', error: EGRESS_UNREACHABLE });
    } finally {
      process.env.CAPTURE_PAGE_WALL_MS = saved.wall ?? '';
      process.env.CAPTURE_MAX_BYTES = saved.bytes ?? '';
    }
  });

  it('tells the user the same thing whether a port is open, closed or answers with nothing', async () => {
    const c = await capture([
      `${inner}/open`,
      `http://127.0.0.1:${closedPort}/closed`,
      'http://empty.test/',
      'http://closed.test/',
    ]);
    const shape = (p: any) => ({
      ok: p.ok,
      failure: p.failure,
      error: p.error,
      status: p.status,
      finalUrl: p.finalUrl,
      redirects: p.redirects,
    });
    const shapes = c.pages.map(shape);
    for (const s of shapes) expect(s).toEqual(shapes[0]);
    expect(shapes[0].error).toBe(EGRESS_UNREACHABLE);
    const summary = c.error.split('；').map((part: string) => part.replace(/^[^：]+：/, ''));
    expect(new Set(summary).size).toBe(1);
    const bundleText = (await file(c.id, 'network.json')) + (await file(c.id, 'provenance.json'));
    expect(bundleText).not.toMatch(/ERR_EMPTY_RESPONSE|ERR_CONNECTION_REFUSED|ERR_TUNNEL|ECONNREFUSED|socket hang up/);
    expect(innerHits).toEqual([]);
  });

  it('screen recording: refuses an inner start page and inner goto inputs with the same message, unit given back', async () => {
    const left = async () =>
      (await call(t.app, 'GET', '/api/service-orders/quota?service=screen_recording', alice.auth)).body.data.list[0]
        .left;
    const refused = await call(t.app, 'POST', '/api/protection/captures/screen', alice.auth, {
      url: `http://0x7f.1:${innerPort}/`,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(EGRESS_UNREACHABLE);
    expect(await left()).toBe(5);
    const started = await call(t.app, 'POST', '/api/protection/captures/screen', alice.auth, {
      url: 'http://public-site.test/page',
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.id;
    const msgs: string[] = [];
    for (const url of [
      `http://localhost:${innerPort}/`,
      `http://127.0.0.1:${closedPort}/`,
      'http://empty.test/',
      'http://closed.test/',
      'http://public-site.test/redir',
    ]) {
      const r = await call(t.app, 'POST', `/api/protection/captures/screen/${id}/input`, alice.auth, {
        type: 'goto',
        url,
      });
      expect(r.status, url).toBe(422);
      msgs.push(r.body.msg);
    }
    expect(new Set(msgs)).toEqual(new Set([EGRESS_UNREACHABLE]));
    expect((await call(t.app, 'POST', `/api/protection/captures/screen/${id}/stop`, alice.auth)).status).toBe(200);
    expect(innerHits).toEqual([]);
  });

  it('the crawler follows redirects hop by hop under the same policy', async () => {
    const web = liveFetcher();
    const okPage = await web.get('http://public-site.test/page');
    expect(okPage.status).toBe(200);
    expect(okPage.body.toString('utf8')).toContain(marker);
    for (const url of [
      'http://public-site.test/redir',
      `${inner}/`,
      `http://localhost:${innerPort}/`,
      'http://inner-name.test/',
      'http://closed.test/',
      'http://empty.test/',
    ]) {
      expect((await web.get(url)).status, url).toBe(502);
    }
    expect(innerHits).toEqual([]);
  });
});

describe('egress policy: DNS rebinding', () => {
  it('connects to the address it checked, never to a second answer', async () => {
    const connected: string[] = [];
    let lookups = 0;
    const target = await listen(http.createServer((_req, res) => res.end('public answer')));
    const policy: EgressPolicy = {
      ...egressPolicy({}),
      network: {
        // First answer public, every later one loopback: a rebinding resolver.
        resolve: async () => (++lookups === 1 ? ['93.184.216.34'] : ['127.0.0.1']),
        connect: (address, port) => {
          connected.push(`${address}:${port}`);
          return net.connect(
            address === '93.184.216.34' ? { host: '127.0.0.1', port: portOf(target.origin) } : { host: address, port },
          );
        },
      },
    };
    const { socket, address } = await connectChecked(policy, 'rebind.test', 80);
    socket.destroy();
    expect(address).toBe('93.184.216.34');
    expect(lookups).toBe(1);
    expect(connected).toEqual(['93.184.216.34:80']);

    // Through the proxy: the first request is answered, the next (rebound to loopback) is refused before any connect.
    const proxy = await startEgressProxy(policy);
    const viaProxy = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const u = new URL(proxy.url);
        http
          .get(
            { host: u.hostname, port: u.port, path: `http://rebind.test${path}`, headers: { host: 'rebind.test' } },
            (res) => {
              let body = '';
              res.on('data', (d) => (body += d));
              res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
            },
          )
          .on('error', reject);
      });
    lookups = 0;
    expect(await viaProxy('/one')).toEqual({ status: 200, body: 'public answer' });
    expect((await viaProxy('/two')).status).toBe(502);
    expect(connected).toEqual(['93.184.216.34:80', '93.184.216.34:80']);
    expect(proxy.connections.map((c) => c.address)).toEqual(['93.184.216.34']);
    await proxy.close();
    await target.close();
    useEgressNetwork(null);
  });
});

describe('captures per user per hour', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const saved = process.env.CAPTURE_HOURLY_LIMIT;
  beforeAll(async () => {
    t = await makeTestApp();
    process.env.CAPTURE_HOURLY_LIMIT = '3';
  });
  afterAll(async () => {
    process.env.CAPTURE_HOURLY_LIMIT = saved;
    await t?.close();
  });

  it('counts every attempt, failed ones included, atomically under parallel requests', async () => {
    const bob = await makeUser(t.db);
    // Bob has no unit: each attempt fails (402) and still counts.
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(t.app, 'POST', '/api/protection/captures', bob.auth, { urls: ['http://public-site.test/'] }),
      ),
    );
    expect(results.filter((r) => r.status === 402)).toHaveLength(3);
    expect(results.filter((r) => r.status === 429)).toHaveLength(5);
    expect(results.find((r) => r.status === 429)!.body.msg).toContain('每小时最多 3 次');
    const screen = await call(t.app, 'POST', '/api/protection/captures/screen', bob.auth, {
      url: 'http://public-site.test/',
    });
    expect(screen.status).toBe(429);
    const carol = await makeUser(t.db);
    expect(
      (await call(t.app, 'POST', '/api/protection/captures', carol.auth, { urls: ['http://public-site.test/'] }))
        .status,
    ).toBe(402);
  });
});
