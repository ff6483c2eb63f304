import { afterAll, describe, expect, it } from 'vitest';
import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cliBundle, exited, freePort, serverBundle, spawnServer, waitUntilUp } from '../helpers/server-process.js';

/**
 * The real server process on one PGlite DATA_DIR: a second server (or `npm run seed`) is refused
 * while the first runs; after kill -9 the next start takes the stale lock over, finds the confirmed
 * writes and removes the half-written temp files the killed process left.
 */
describe('server processes on one PGlite data folder', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-datadir-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    SEED: '0',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    CLIENT_DIR: path.join(dataDir, 'no-client'),
  };
  const lockFile = path.join(dataDir, 'pglite.lock');
  const lockPid = () => JSON.parse(fs.readFileSync(lockFile, 'utf8')).pid as number;
  const started: ChildProcess[] = [];
  const start = async () => {
    const port = await freePort();
    const p = spawnServer(port, env, ['ignore', 'ignore', 'inherit']);
    started.push(p);
    const base = `http://127.0.0.1:${port}`;
    await waitUntilUp(base, p);
    return { p, base };
  };
  afterAll(async () => {
    for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process, survives kill -9 of the first and cleans its temp files', async () => {
    const first = await start();
    expect(lockPid()).toBe(first.p.pid);
    const stat = await fetch(`${first.base}/api/operation/stat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://127.0.0.1/', pvi: 'before-kill' }),
    });
    expect((await stat.json()).code).toBe(200);

    const second = spawnSync(process.execPath, [serverBundle()], {
      env: { ...process.env, ...env, PORT: String(await freePort()), HOST: '127.0.0.1' },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `流明素材 failed to start: The data folder ${path.join(dataDir, 'pglite')} is in use by process ${first.p.pid}`,
    );
    const seed = spawnSync(process.execPath, [cliBundle('seed')], {
      env: { ...process.env, ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(seed.status).toBe(1);
    expect(seed.stderr).toContain(`is in use by process ${first.p.pid}`);
    expect((await fetch(`${first.base}/api/health`)).ok).toBe(true);

    // What a kill -9 in the middle of a deposit leaves behind, next to a finished file.
    const stored = path.join(dataDir, 'files', 'deposits', '202611');
    fs.mkdirSync(stored, { recursive: true });
    fs.mkdirSync(path.join(dataDir, 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'tmp', '0f3a9c'), 'half an upload');
    fs.writeFileSync(path.join(stored, 'a1b2.pdf.4242.c0ffee00.part'), 'half a file');
    fs.writeFileSync(path.join(stored, 'a1b2.pdf'), 'a finished file');

    first.p.kill('SIGKILL');
    await exited(first.p);
    expect(lockPid()).toBe(first.p.pid);

    const third = await start();
    expect(lockPid()).toBe(third.p.pid);
    const recent = await (await fetch(`${third.base}/api/operation/recent?pvi=before-kill`)).json();
    expect(recent.data.list).toHaveLength(1);
    expect(fs.readdirSync(path.join(dataDir, 'tmp'))).toEqual([]);
    expect(fs.readdirSync(stored)).toEqual(['a1b2.pdf']);

    third.p.kill('SIGTERM');
    expect(await exited(third.p)).toBe(0);
    expect(fs.existsSync(lockFile)).toBe(false);
  }, 480_000);
});
