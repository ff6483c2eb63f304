import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp } from '../helpers/app.js';
import { buildApp } from '../../server/src/app.js';

/** An app on the test database that logs at `level` into `lines`, serving a small client build. */
describe('request log and route labels', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let app: FastifyInstance;
  const lines: Array<Record<string, unknown>> = [];
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-client-'));

  beforeAll(async () => {
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>流明素材</title><div id="root"></div>');
    for (const name of ['index-a1.js', 'vendor-b2.js'])
      fs.writeFileSync(path.join(clientDir, 'assets', name), `console.log('${name}')`);
    t = await makeTestApp({ CLIENT_DIR: clientDir, SERVER_RENDER: '0' });
    const stream = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    app = await buildApp({ config: t.app.config, db: t.db, logger: { level: 'warn', stream } });
    // A route that answers past the slow-request threshold (5 s).
    app.get('/api/test-only/slow', async () => {
      await new Promise((r) => setTimeout(r, 5200));
      return { ok: true };
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await t?.close();
    fs.rmSync(clientDir, { recursive: true, force: true });
  });

  it('writes one info line per answered request, with route and status; health checks and built files stay below info', async () => {
    app.log.level = 'info';
    lines.length = 0;
    expect((await app.inject('/api/items/detail/987654')).statusCode).toBe(404);
    expect((await app.inject('/api/health')).statusCode).toBe(200);
    expect((await app.inject('/api/health/ready')).statusCode).toBe(200);
    expect((await app.inject('/assets/index-a1.js')).statusCode).toBe(200);
    expect((await app.inject('/account/home')).statusCode).toBe(200);
    const requests = lines.filter((l) => l.msg === 'request answered');
    expect(requests.map((l) => [l.url, l.route, l.status])).toEqual([
      ['/api/items/detail/987654', '/api/items/detail/:id', 404],
      ['/account/home', '/*', 200],
    ]);
    expect(requests.every((l) => typeof l.ms === 'number' && l.level === 30 && typeof l.reqId === 'string')).toBe(true);
    // Fastify's own two lines per request are off.
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('logs a request slower than 5 s at warn, so a warn-level log still names it', async () => {
    app.log.level = 'warn';
    lines.length = 0;
    await app.inject('/api/items/detail/987654');
    expect((await app.inject('/api/test-only/slow')).statusCode).toBe(200);
    expect(lines.map((l) => [l.level, l.msg, l.route])).toEqual([[40, 'slow request', '/api/test-only/slow']]);
    expect(lines[0].ms).toBeGreaterThanOrEqual(5200);
  });

  it('counts the files of a client build folder as one route in /metrics', async () => {
    await app.inject('/assets/index-a1.js');
    await app.inject('/assets/vendor-b2.js');
    const text = (await app.inject({ url: '/metrics', remoteAddress: '127.0.0.1' })).body;
    const assets = text.split('\n').filter((l) => l.startsWith('lumen_http_requests_total') && l.includes('/assets/'));
    expect(assets).toEqual([
      expect.stringMatching(/^lumen_http_requests_total\{method="GET",route="\/assets\/\*",status="200"\} [2-9]$/),
    ]);
  });
});
