import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Queryable } from '../db/index.js';
import { latestCheckpointRow, logSize, type CheckpointRow } from '../repositories/evidence-log.js';
import { LogIntegrityError, consistencyProof, rootAt } from './proofs.js';
import type { NoteSigner } from './note-signer.js';
import {
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyConsistency,
  verifyNoteSignature,
} from '../../../verify-receipt.mjs';

/**
 * The largest checkpoint this signer has signed (or served after checking it), kept OUTSIDE the
 * database in DATA_DIR/evidence/last-checkpoint.txt beside the signing key. Someone who can switch
 * the append-only triggers off can rewrite every row, checkpoints included; they cannot make this
 * server sign a tree that does not extend the note in this file.
 */
export const lastCheckpointFileOf = (dataDir: string) => path.join(dataDir, 'evidence', 'last-checkpoint.txt');

export interface HeldCheckpoint {
  size: number;
  root: Buffer;
  note: string;
}

/**
 * The database no longer extends the last signed checkpoint (leaves deleted, reordered or
 * rewritten, checkpoints removed, or a restore from an older backup): no new signatures.
 */
export class LogRollbackError extends LogIntegrityError {
  constructor(detail: string) {
    super(detail);
    this.message = '存证日志与已签发的检查点不一致（疑似被回滚或改写），已停止签发检查点，请联系平台';
  }
}

/** Size and root of a checkpoint note signed by `signer`, or null when it is not one. */
async function heldOf(note: string, signer: NoteSigner): Promise<HeldCheckpoint | null> {
  const cp = parseCheckpoint(parseNote(note)?.text ?? '');
  const key = await parseVerifierKey(signer.verifierKey);
  if (!cp || !key || cp.origin !== signer.name || !(await verifyNoteSignature(note, key))) return null;
  return { size: cp.size, root: Buffer.from(cp.root), note };
}

/** The checkpoint in the file, null when there is no file; a file this key did not sign is a break. */
export async function readLastCheckpoint(file: string, signer: NoteSigner): Promise<HeldCheckpoint | null> {
  let note: string;
  try {
    note = fs.readFileSync(file, 'utf8');
  } catch (e: any) {
    if (e.code === 'ENOENT') return null;
    throw e;
  }
  const held = await heldOf(note, signer);
  if (!held) throw new LogRollbackError(`${file} does not hold a checkpoint signed by ${signer.verifierKey}`);
  return held;
}

/**
 * Replaces the file with `note` when it names a larger tree: written whole under a temporary
 * name, fsynced, renamed over the old file, directory fsynced, so a crash leaves the old or the
 * new note and never half of one.
 */
export async function writeLastCheckpoint(file: string, signer: NoteSigner, note: string): Promise<void> {
  const next = await heldOf(note, signer);
  if (!next)
    throw new LogRollbackError(
      `refusing to keep a checkpoint this key did not sign: ${JSON.stringify(note.slice(0, 200))}`,
    );
  const current = await readLastCheckpoint(file, signer).catch(() => null);
  if (current && current.size >= next.size) return;
  const dir = path.dirname(file);
  fs.mkdirSync(dir, { recursive: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  const fd = fs.openSync(tmp, 'w', 0o644);
  try {
    fs.writeSync(fd, note);
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  fs.renameSync(tmp, file);
  const dfd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(dfd);
  } finally {
    fs.closeSync(dfd);
  }
}

/**
 * Throws LogRollbackError unless the stored tree of `size` leaves with root `root` extends `held`:
 * the RFC 9162 consistency proof the database gives is checked with verify-receipt.mjs, the same
 * code users and the verify page run.
 */
export async function requireExtends(q: Queryable, held: HeldCheckpoint, size: number, root: Buffer): Promise<void> {
  if (size < held.size) throw new LogRollbackError(`the log has ${size} leaves but checkpoint ${held.size} was signed`);
  if (held.size === 0) return;
  let path: Buffer[];
  try {
    path = await consistencyProof(q, held.size, size);
  } catch (e) {
    if (e instanceof LogIntegrityError)
      throw new LogRollbackError(`no consistency proof from ${held.size} to ${size}: ${String(e.cause)}`);
    throw e;
  }
  if (!(await verifyConsistency(held.size, size, held.root, root, path))) {
    throw new LogRollbackError(
      `the tree of ${size} leaves does not extend the signed checkpoint of ${held.size} (consistency proof fails)`,
    );
  }
}

/**
 * The checkpoint the next signature must extend: `inFile` (read before `latest`), or on first use
 * after an upgrade the database's newest (written to the file once). A file naming more than the
 * database's newest checkpoint means the database was rolled back.
 */
export async function lastSigned(
  file: string,
  signer: NoteSigner,
  inFile: HeldCheckpoint | null,
  latest: CheckpointRow | undefined,
): Promise<HeldCheckpoint | null> {
  if (!inFile) {
    if (!latest) return null;
    await writeLastCheckpoint(file, signer, latest.note);
    return heldOf(latest.note, signer);
  }
  if (!latest || latest.tree_size < inFile.size) {
    throw new LogRollbackError(
      `checkpoint ${inFile.size} was signed but the database's newest checkpoint is ${latest?.tree_size ?? 'none'}`,
    );
  }
  return inFile;
}

export interface EvidenceLogHealth {
  state: 'ok' | 'inconsistent';
  detail?: string;
}

/**
 * What GET /api/health reports: whether the stored tree still extends the last signed checkpoint
 * (file, else the database's newest). Reads only; signs and writes nothing.
 */
export async function evidenceLogHealth(
  q: Queryable,
  file: string,
  signer: () => NoteSigner,
): Promise<EvidenceLogHealth> {
  try {
    // Same order as ensureCheckpoint: file, newest checkpoint row, log size.
    const inFile = fs.existsSync(file) ? await readLastCheckpoint(file, signer()) : null;
    const latest = await latestCheckpointRow(q);
    const size = await logSize(q);
    const held = inFile ?? (latest ? await heldOf(latest.note, signer()) : null);
    if (!held) return { state: 'ok' };
    if (!latest || latest.tree_size < held.size)
      throw new LogRollbackError(
        `checkpoint ${held.size} was signed but the database's newest is ${latest?.tree_size ?? 'none'}`,
      );
    await requireExtends(q, held, size, size >= held.size && size > 0 ? await rootAt(q, size) : Buffer.alloc(0));
    return { state: 'ok' };
  } catch (e) {
    if (e instanceof LogIntegrityError) return { state: 'inconsistent', detail: String(e.cause) };
    throw e;
  }
}
