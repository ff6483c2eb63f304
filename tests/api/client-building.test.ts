import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeTestApp } from '../helpers/app.js';
import { buildingMarker } from '../../server/src/http/client-build-state.js';

/** The client plugin looks at the build at most once a second. */
const afterRecheck = () => new Promise((r) => setTimeout(r, 1100));

/**
 * npm start runs the server beside the client's first build (scripts/start.mjs): the API answers at
 * once, pages get a 构建中 page until the build is complete, then the build, and a later build again.
 */
describe('the server started while its client is being built', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-building-'));
  const clientDir = path.join(root, 'dist');
  const write = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(clientDir, rel)), { recursive: true });
    fs.writeFileSync(path.join(clientDir, rel), text);
  };

  beforeAll(async () => {
    // As npm start leaves it: the folder emptied by the build, the marker naming a live process.
    fs.mkdirSync(clientDir);
    fs.writeFileSync(buildingMarker(clientDir), String(process.pid));
    t = await makeTestApp({ CLIENT_DIR: clientDir, SERVER_RENDER: '0' });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('answers the API and sends pages a 构建中 page that asks again', async () => {
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    for (const url of ['/', '/search?keyword=%E8%8A%B1%E6%9C%B5', '/m/', '/assets/index-1.js']) {
      const r = await t.app.inject(url);
      expect(r.statusCode).toBe(503);
      expect(r.headers['retry-after']).toBe('5');
      expect(r.headers['cache-control']).toBe('no-store');
      expect(r.body).toContain('<meta http-equiv="refresh" content="5">');
      expect(r.body).toContain('流明素材正在准备网页');
    }
    expect((await t.app.inject('/api/nope')).statusCode).toBe(404);
  });

  it('serves the build once it is complete, its files and its pages', async () => {
    write('assets/index-1.js', 'console.log(1)');
    write('m/index.html', '<!doctype html><div id="root" data-site="mobile"></div>');
    write('index.html', '<!doctype html><div id="root" data-build="1"></div>');
    fs.rmSync(buildingMarker(clientDir));
    await afterRecheck();
    const page = await t.app.inject('/account/welcome');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-build="1"');
    expect((await t.app.inject('/m/video/detail/3')).body).toContain('data-site="mobile"');
    const file = await t.app.inject('/assets/index-1.js');
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('console.log(1)');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Not a file of this build: the page, for the client router's 404.
    expect((await t.app.inject('/assets/gone.js')).body).toContain('data-build="1"');
    expect((await t.app.inject('/../package.json')).body).toContain('data-build="1"');
  });

  it('shows the 构建中 page during a later build, then the new build with its new files', async () => {
    fs.writeFileSync(buildingMarker(clientDir), String(process.pid));
    await afterRecheck();
    expect((await t.app.inject('/')).statusCode).toBe(503);
    fs.rmSync(path.join(clientDir, 'assets'), { recursive: true });
    write('assets/index-2.js', 'console.log(2)');
    write('index.html', '<!doctype html><div id="root" data-build="2"></div>');
    fs.rmSync(buildingMarker(clientDir));
    await afterRecheck();
    expect((await t.app.inject('/')).body).toContain('data-build="2"');
    expect((await t.app.inject('/assets/index-2.js')).body).toBe('console.log(2)');
    expect((await t.app.inject('/assets/index-1.js')).body).toContain('data-build="2"');
  });

  it('takes a marker whose process is gone (a killed build) for no build under way', async () => {
    // A pid above the kernel's default pid_max is never a running process.
    fs.writeFileSync(buildingMarker(clientDir), '4194305');
    await afterRecheck();
    expect((await t.app.inject('/')).statusCode).toBe(200);
    fs.rmSync(buildingMarker(clientDir));
  });
});
