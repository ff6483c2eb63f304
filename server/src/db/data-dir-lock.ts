import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';

/**
 * One process at a time on a PGlite data folder. PGlite has no lock of its own: a second server
 * (or `npm run seed`) on the same folder starts happily, each process keeps its own copy of the
 * database pages, and confirmed writes are lost or the folder is left unreadable.
 *
 * The lock is a file beside the folder (`<folder>.lock`) holding the owner's PID, host and process
 * start time. It is created atomically (written under a private name, then hard-linked into place,
 * which fails if it exists). A lock whose process is gone (kill -9, power loss) is stale and taken
 * over; the start time tells a live owner from an unrelated process that reused its PID (a restarted
 * container often gets the same small PID).
 */
export class DataDirLockedError extends Error {}

export interface DataDirLock {
  readonly file: string;
  /** Removes the lock file if it is still ours. Safe to call twice. */
  release(): void;
}

interface LockOwner {
  pid: number;
  host: string;
  /** Kernel start time of the owner (/proc/<pid>/stat field 22), when the platform has /proc. */
  start?: string;
  at: string;
}

/** Lock files this process holds, with their content (a second open in one process is refused too). */
const heldHere = new Map<string, string>();
let exitHookInstalled = false;

/** Start time of a process from /proc (Linux), or undefined where there is none. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): state is field 3, starttime field 22.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(owner: LockOwner, file: string): boolean {
  // Another machine's process cannot be checked from here: assume it is alive.
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return heldHere.has(file);
  try {
    process.kill(owner.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const start = startTimeOf(owner.pid);
  return !(owner.start && start && start !== owner.start);
}

function parseOwner(text: string): LockOwner | null {
  try {
    const o = JSON.parse(text);
    return Number.isInteger(o?.pid) && typeof o.host === 'string' ? (o as LockOwner) : null;
  } catch {
    return null;
  }
}

/** Creates the lock file with its whole content in one step; false when it already exists. */
function tryCreate(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, content);
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Removes a stale lock, unless another process took it over since we read it: the file is moved
 * aside first (atomic), and put back if what was moved is no longer the stale content.
 */
function removeStale(file: string, staleContent: string): void {
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.stale`;
  try {
    fs.renameSync(file, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== staleContent) fs.linkSync(aside, file);
  } catch {
    /* a third process created a lock meanwhile: the next attempt reads it */
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

function lockedMessage(dir: string, owner: LockOwner): string {
  const who = owner.host === os.hostname() ? `process ${owner.pid}` : `process ${owner.pid} on host ${owner.host}`;
  return (
    `The data folder ${dir} is in use by ${who} since ${owner.at}: only one server or script may open a PGlite data folder at a time. ` +
    `Stop that process first, or use another DATA_DIR (several processes can share a PostgreSQL DATABASE_URL).`
  );
}

/** Takes the exclusive lock on a data folder, or throws DataDirLockedError naming the live owner. */
export function lockDataDir(dir: string): DataDirLock {
  const file = `${dir}.lock`;
  const mine = JSON.stringify({
    pid: process.pid,
    host: os.hostname(),
    start: startTimeOf(process.pid),
    at: new Date().toISOString(),
  } satisfies LockOwner);
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file, mine)) return hold(file, mine);
    let content: string;
    try {
      content = fs.readFileSync(file, 'utf8');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    const owner = parseOwner(content);
    if (owner && isAlive(owner, file)) throw new DataDirLockedError(lockedMessage(dir, owner));
    removeStale(file, content);
  }
  throw new DataDirLockedError(`The data folder ${dir} could not be locked: its lock file ${file} keeps changing.`);
}

function hold(file: string, mine: string): DataDirLock {
  heldHere.set(file, mine);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    // process.exit() skips the async close paths; a lock left behind would only be stale, but tidy up.
    process.on('exit', () => [...heldHere.keys()].forEach(releaseFile));
  }
  return { file, release: () => releaseFile(file) };
}

function releaseFile(file: string): void {
  const mine = heldHere.get(file);
  if (mine === undefined) return;
  heldHere.delete(file);
  try {
    if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file, { force: true });
  } catch {
    /* already gone */
  }
}
