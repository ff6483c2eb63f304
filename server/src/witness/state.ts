import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** What a witness remembers of one log: the latest checkpoint it cosigned. */
export interface LogState {
  origin: string;
  size: number;
  /** base64 root hash */
  root: string;
  /** the checkpoint note as submitted (text and the log's signature) */
  note: string;
}

/**
 * The witness's memory, one JSON file per log origin in its state folder. A write goes to a
 * temporary file, is flushed and renamed over the old one, so a crash leaves the old or the new
 * state, never half of one; and the folder is locked to one process (lockStateDir), so no other
 * writer can roll it back underneath.
 */
export class WitnessState {
  constructor(private readonly dir: string) {
    fs.mkdirSync(path.join(dir, 'logs'), { recursive: true });
  }

  private fileOf(origin: string) {
    return path.join(this.dir, 'logs', `${crypto.createHash('sha256').update(origin).digest('hex')}.json`);
  }

  read(origin: string): LogState | null {
    try {
      return JSON.parse(fs.readFileSync(this.fileOf(origin), 'utf8')) as LogState;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  write(state: LogState): void {
    const file = this.fileOf(state.origin);
    const tmp = `${file}.${process.pid}.tmp`;
    const fd = fs.openSync(tmp, 'w', 0o600);
    try {
      fs.writeSync(fd, JSON.stringify(state));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, file);
  }
}

/**
 * Holds the state folder for this process: a lock file created exclusively, naming the pid. A
 * lock left by a process that is gone is taken over; one held by a live process stops the start.
 */
export function lockStateDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const lock = path.join(dir, 'witness.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' });
      return () => fs.rmSync(lock, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const pid = Number(fs.readFileSync(lock, 'utf8'));
      if (pid && isAlive(pid)) throw new Error(`witness state folder ${dir} is in use by process ${pid}`, { cause: e });
      fs.rmSync(lock, { force: true });
    }
  }
  throw new Error(`cannot lock witness state folder ${dir}`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
