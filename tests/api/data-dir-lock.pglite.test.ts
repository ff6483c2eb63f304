import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from '../../server/src/db/data-dir-lock.js';
import { openDb } from '../../server/src/db/index.js';
import { migratedTemplate } from '../helpers/pglite-template.js';

/** Start time of a process as the lock records it (/proc/<pid>/stat field 22). */
const startOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const writeLock = (dir: string, owner: object) =>
  fs.writeFileSync(`${dir}.lock`, JSON.stringify({ host: os.hostname(), at: '2026-01-01T00:00:00.000Z', ...owner }));

describe('data-folder lock', () => {
  let root: string;
  let other: ChildProcess;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-lock-'));
    // A live process that is not this one, standing in for a second server.
    other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  });
  afterAll(() => {
    other.kill('SIGKILL');
    fs.rmSync(root, { recursive: true, force: true });
  });
  let n = 0;
  const freshDir = () => path.join(root, `d${++n}`, 'pglite');

  it('creates <folder>.lock with this process and removes it on release', () => {
    const dir = freshDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const lock = lockDataDir(dir);
    expect(lock.file).toBe(`${dir}.lock`);
    expect(JSON.parse(fs.readFileSync(lock.file, 'utf8'))).toMatchObject({
      pid: process.pid,
      host: os.hostname(),
      start: startOf(process.pid),
    });
    // A second open inside the same process is as harmful as one from another process.
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    lock.release();
    expect(fs.existsSync(lock.file)).toBe(false);
    lock.release();
    lockDataDir(dir).release();
  });

  it('refuses while another live process holds it, naming that process', () => {
    const dir = freshDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    writeLock(dir, { pid: other.pid, start: startOf(other.pid!) });
    expect(() => lockDataDir(dir)).toThrow(
      new RegExp(
        `^The data folder ${dir} is in use by process ${other.pid} since 2026-01-01T00:00:00.000Z: only one server`,
      ),
    );
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(other.pid);
  });

  it('takes over a stale lock: a dead PID, a reused PID (other start time), unreadable content', () => {
    const dead = spawn(process.execPath, ['-e', '0']);
    const deadPid = dead.pid!;
    return new Promise<void>((resolve) => dead.on('exit', () => resolve())).then(() => {
      for (const owner of [{ pid: deadPid, start: '1' }, { pid: other.pid, start: '1' }, { pid: process.pid }]) {
        const dir = freshDir();
        fs.mkdirSync(path.dirname(dir), { recursive: true });
        writeLock(dir, owner);
        const lock = lockDataDir(dir);
        expect(JSON.parse(fs.readFileSync(lock.file, 'utf8')).pid, JSON.stringify(owner)).toBe(process.pid);
        lock.release();
      }
      const dir = freshDir();
      fs.mkdirSync(path.dirname(dir), { recursive: true });
      fs.writeFileSync(`${dir}.lock`, '');
      lockDataDir(dir).release();
      expect(fs.readdirSync(path.dirname(dir))).toEqual([]);
    });
  });

  it('a lock held on another host is never taken over (its process cannot be checked from here)', () => {
    const dir = freshDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    writeLock(dir, { pid: 999999, host: 'elsewhere' });
    expect(() => lockDataDir(dir)).toThrow('in use by process 999999 on host elsewhere');
  });

  it('release leaves a lock alone that is no longer ours', () => {
    const dir = freshDir();
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const lock = lockDataDir(dir);
    writeLock(dir, { pid: other.pid, start: startOf(other.pid!) });
    lock.release();
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8')).pid).toBe(other.pid);
  });

  it('openDb locks a PGlite folder until close; memory:// is never locked', async () => {
    const dir = freshDir();
    // Opened from the migrated template (tests/helpers/pglite-template.ts), not by initdb: the lock
    // is the subject here, and each initdb cost about 2 CPU-s.
    const template = await migratedTemplate();
    const db = await openDb({ pgliteDir: dir, loadDataDir: template });
    try {
      expect(fs.existsSync(`${dir}.lock`)).toBe(true);
      await expect(openDb({ pgliteDir: dir })).rejects.toThrow(DataDirLockedError);
      // memory:// databases are private to their instance: any number may be open.
      const mem = await Promise.all([
        openDb({ pgliteDir: 'memory://', loadDataDir: template }),
        openDb({ pgliteDir: 'memory://', loadDataDir: template }),
      ]);
      await Promise.all(mem.map((m) => m.close()));
    } finally {
      await db.close();
    }
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    const again = await openDb({ pgliteDir: dir });
    expect((await again.query<{ n: number }>('SELECT 1 AS n')).rows[0].n).toBe(1);
    await again.close();
  });
});
