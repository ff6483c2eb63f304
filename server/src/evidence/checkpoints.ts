import type { Db, Queryable } from '../db/index.js';
import {
  insertCheckpoint,
  latestCheckpointRow,
  logSize,
  checkpointAt,
  setCheckpointTimestamp,
  type CheckpointRow,
} from '../repositories/evidence-log.js';
import { rootAt } from './proofs.js';
import type { EvidenceKeys } from './context.js';
import { LogIntegrityError } from './proofs.js';
import { AppError } from '../http/envelope.js';
import { lastSigned, readLastCheckpoint, requireExtends, writeLastCheckpoint } from './last-checkpoint.js';

/** C2SP tlog-checkpoint body: origin, tree size, base64 root hash, each on its own line. */
export const checkpointText = (origin: string, treeSize: number, root: Buffer) =>
  `${origin}\n${treeSize}\n${root.toString('base64')}\n`;

export const latestCheckpoint = (q: Queryable) => latestCheckpointRow(q);

/**
 * The newest checkpoint, signing a new one first when the log has grown past the last one.
 * Each tree size is signed once (a racing request's insert is a no-op and both return the stored
 * row), so the history is one row per published size and never rewritten. Nothing is signed
 * unless the tree extends the last checkpoint this signer signed, kept outside the database
 * (last-checkpoint.ts): a database rolled back or rewritten behind the triggers' back gets a
 * LogRollbackError (503), never a checkpoint that hides it.
 */
export async function ensureCheckpoint(db: Db | Queryable, keys: EvidenceKeys): Promise<CheckpointRow> {
  // Read in the reverse of the order they are written (leaves, then checkpoint row, then file), so
  // a request racing another's signature sees the database at least as far as the file: no false alarm.
  const inFile = await readLastCheckpoint(keys.lastCheckpointFile, keys.signer);
  const latest = await latestCheckpointRow(db);
  const size = await logSize(db);
  if (latest && latest.tree_size > size)
    throw new LogIntegrityError(`the log has ${size} leaves but checkpoint ${latest.tree_size} was published`);
  if (latest && !signedBy(latest.note, keys.signer)) throw new SignerMismatchError();
  const held = await lastSigned(keys.lastCheckpointFile, keys.signer, inFile, latest);
  if (latest && latest.tree_size === size) {
    // Signed by another app server since: check it extends ours before serving it and keeping it.
    if (held && held.size < latest.tree_size) {
      await requireExtends(db, held, latest.tree_size, latest.root_hash);
      await writeLastCheckpoint(keys.lastCheckpointFile, keys.signer, latest.note);
    } else if (held && !held.root.equals(latest.root_hash)) {
      await requireExtends(db, held, latest.tree_size, latest.root_hash);
    }
    return latest.tsa_token || !keys.tsa ? latest : timestamped(db, keys, latest);
  }
  const root = await rootAt(db, size);
  if (held) await requireExtends(db, held, size, root);
  await insertCheckpoint(db, {
    treeSize: size,
    rootHash: root,
    note: keys.signer.sign(checkpointText(keys.signer.name, size, root)),
  });
  const row = (await checkpointAt(db, size))!;
  await writeLastCheckpoint(keys.lastCheckpointFile, keys.signer, row.note);
  return keys.tsa && !row.tsa_token ? timestamped(db, keys, row) : row;
}

let tsaRestingUntil = 0;

/** True when the note carries a signature line of this signer (same name and key id). */
function signedBy(note: string, signer: EvidenceKeys['signer']): boolean {
  const prefix = `\n\u2014 ${signer.name} `;
  return note
    .split(prefix)
    .slice(1)
    .some((rest) => Buffer.from(rest.split('\n')[0], 'base64').subarray(0, 4).equals(signer.keyId));
}

/**
 * This server would sign with another key than the published checkpoints: app servers that do
 * not share DATA_DIR each made their own. Refuse, loudly, rather than publish a second log key.
 */
export class SignerMismatchError extends AppError {
  constructor() {
    super(503, '存证日志签名密钥与已发布的检查点不一致，请为所有应用服务器配置相同的 EVIDENCE_LOG_KEY');
  }
}

/**
 * Gets the checkpoint note an RFC 3161 token (the sandbox answers in about a millisecond; a
 * remote TSA that is down leaves the checkpoint untimestamped and the next request tries again).
 */
async function timestamped(db: Db | Queryable, keys: EvidenceKeys, row: CheckpointRow): Promise<CheckpointRow> {
  // The log does not stop for its timestamp authority (receipts then say "未附时间戳"), and a
  // TSA that failed is left alone for a minute rather than slowing every public request.
  if (Date.now() < tsaRestingUntil) return row;
  let token: Buffer;
  try {
    token = await keys.tsa!.timestamp(Buffer.from(row.note, 'utf8'));
  } catch {
    tsaRestingUntil = Date.now() + 60_000;
    return row;
  }
  await setCheckpointTimestamp(db, row.tree_size, token);
  return (await checkpointAt(db, row.tree_size))!;
}
