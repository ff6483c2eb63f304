import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cliBundle, exited, freePort } from './server-process.js';
import { leafHash, nodeHash, rootHash, consistencyPath, type NodeGetter } from '../../server/src/evidence/merkle.js';

/** A witness process (`npm run witness`'s bundle) on a free port, following the given logs. */
export interface WitnessProcess {
  url: string;
  verifierKey: string;
  dir: string;
  stop: () => Promise<void>;
}

export async function startWitness(dir: string, name: string, logKeys: string[]): Promise<WitnessProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [cliBundle('witness')], {
    env: {
      ...process.env,
      WITNESS_DIR: dir,
      WITNESS_NAME: name,
      WITNESS_LOGS: logKeys.join(','),
      WITNESS_PORT: String(port),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`witness exited with ${child.exitCode}: ${/Error: (.*)/.exec(stderr)?.[1] ?? stderr}`);
    try {
      const r = await fetch(`${url}/`);
      if (r.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('witness did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dir,
    verifierKey: fs.readFileSync(path.join(dir, 'witness.vkey'), 'utf8').trim(),
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** An in-memory RFC 9162 tree over the given leaves: root and consistency proofs, as a log would make them. */
export function memoryTree(leaves: Buffer[]) {
  const get: NodeGetter = (level, idx) =>
    level === 0 ? leafHash(leaves[idx]) : nodeHash(get(level - 1, 2 * idx), get(level - 1, 2 * idx + 1));
  return {
    root: (n = leaves.length) => rootHash(get, n),
    proof: (from: number, to = leaves.length) => consistencyPath(get, from, to),
  };
}

export const randomLeaves = (n: number) => Array.from({ length: n }, () => crypto.randomBytes(16));
