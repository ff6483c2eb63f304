import fs from 'node:fs';
import path from 'node:path';
import {
  fromBase64,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyConsistency,
  verifyNoteSignature,
} from '../../../verify-receipt.mjs';
import type { Cosigner } from './cosigner.js';
import type { WitnessState } from './state.js';

type LogKey = NonNullable<Awaited<ReturnType<typeof parseVerifierKey>>>;

export interface Witness {
  cosigner: Cosigner;
  /** The logs this witness follows: origin → the log's verifier keys. */
  logs: Map<string, LogKey[]>;
  state: WitnessState;
  /** Where refused submissions by a known log are kept as possible proof of misbehaviour. */
  dir: string;
  now?: () => number;
}

export interface WitnessAnswer {
  status: number;
  contentType: string;
  body: string;
}

const text = (status: number, body: string): WitnessAnswer => ({
  status,
  contentType: 'text/plain; charset=utf-8',
  body,
});

/** Parses the trusted log keys ("vkey,vkey,…") into the origin → keys map a Witness needs. */
export async function logKeysOf(list: string[]): Promise<Map<string, LogKey[]>> {
  const logs = new Map<string, LogKey[]>();
  for (const vkey of list) {
    const key = await parseVerifierKey(vkey);
    if (!key) throw new Error(`not a log verifier key: ${vkey}`);
    logs.set(key.name, [...(logs.get(key.name) ?? []), key]);
  }
  return logs;
}

/** The request body of c2sp.org/tlog-witness add-checkpoint: old size, proof lines, blank line, checkpoint. */
function parseSubmission(body: string): { old: number; proof: Uint8Array[]; note: string } | null {
  const lines = body.split('\n');
  const m = /^old (0|[1-9][0-9]{0,15})$/.exec(lines[0] ?? '');
  if (!m) return null;
  const blank = lines.indexOf('', 1);
  if (blank < 0 || blank - 1 > 63) return null;
  const proof: Uint8Array[] = [];
  for (const line of lines.slice(1, blank)) {
    if (!/^[A-Za-z0-9+/]{43}=$/.test(line)) return null;
    proof.push(fromBase64(line));
  }
  return { old: Number(m[1]), proof, note: lines.slice(blank + 1).join('\n') };
}

// Checking the old size and storing the new checkpoint happen under one lock per origin, or two
// racing submissions could store a smaller tree after a larger one (the spec's rollback race).
const locks = new Map<string, Promise<unknown>>();
function serialized<T>(origin: string, run: () => Promise<T>): Promise<T> {
  const next = (locks.get(origin) ?? Promise.resolve()).then(run, run);
  locks.set(
    origin,
    next.catch(() => undefined),
  );
  return next;
}

/** Handles one add-checkpoint request: the status codes and bodies of c2sp.org/tlog-witness. */
export async function addCheckpoint(w: Witness, body: string): Promise<WitnessAnswer> {
  const sub = parseSubmission(body);
  const parsedNote = sub ? parseNote(sub.note) : null;
  const cp = parsedNote ? parseCheckpoint(parsedNote.text) : null;
  if (!sub || !parsedNote || !cp) return text(400, 'malformed add-checkpoint request\n');
  const keys = w.logs.get(cp.origin);
  if (!keys) return text(404, 'unknown log origin\n');
  let signed = false;
  for (const key of keys) signed ||= await verifyNoteSignature(sub.note, key);
  if (!signed) return text(403, 'no signature by a known key of this log\n');
  if (sub.old > cp.size) return text(400, 'old size is larger than the checkpoint size\n');

  return serialized(cp.origin, async () => {
    const held = w.state.read(cp.origin);
    const latest = held?.size ?? 0;
    if (sub.old !== latest) return { status: 409, contentType: 'text/x.tlog.size', body: `${latest}\n` };
    const root = Buffer.from(cp.root).toString('base64');
    if (held && sub.old === cp.size && held.root !== root) {
      refused(w, 'fork: same size, another root', body);
      return text(409, 'a different root hash for the size already cosigned\n');
    }
    const consistent =
      sub.old === 0
        ? sub.proof.length === 0
        : sub.old === cp.size
          ? sub.proof.length === 0
          : await verifyConsistency(sub.old, cp.size, fromBase64(held!.root), cp.root, sub.proof);
    if (!consistent) {
      refused(w, 'consistency proof does not verify', body);
      return text(422, 'the consistency proof does not verify\n');
    }
    w.state.write({ origin: cp.origin, size: cp.size, root, note: sub.note });
    const time = Math.floor((w.now?.() ?? Date.now()) / 1000);
    return text(200, w.cosigner.cosign(parsedNote.text, time));
  });
}

/** Keeps a refused but validly signed submission: it may prove the log forked or rolled back. */
function refused(w: Witness, reason: string, body: string) {
  fs.appendFileSync(
    path.join(w.dir, 'refused.log'),
    `${JSON.stringify({ time: new Date().toISOString(), reason, body })}\n`,
  );
}
