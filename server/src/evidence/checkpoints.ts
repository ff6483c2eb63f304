import type { Db, Queryable } from '../db/index.js';
import { insertCheckpoint, latestCheckpointRow, logSize, checkpointAt, type CheckpointRow } from '../repositories/evidence-log.js';
import { rootAt } from './proofs.js';
import type { NoteSigner } from './note-signer.js';
import { LogIntegrityError } from './proofs.js';

/** C2SP tlog-checkpoint body: origin, tree size, base64 root hash, each on its own line. */
export const checkpointText = (origin: string, treeSize: number, root: Buffer) => `${origin}\n${treeSize}\n${root.toString('base64')}\n`;

export const latestCheckpoint = (q: Queryable) => latestCheckpointRow(q);

/**
 * The newest checkpoint, signing a new one first when the log has grown past the last one.
 * Each tree size is signed once (a racing request's insert is a no-op and both return the stored
 * row), so the history is one row per published size and never rewritten.
 */
export async function ensureCheckpoint(db: Db | Queryable, signer: NoteSigner): Promise<CheckpointRow> {
  const size = await logSize(db);
  const latest = await latestCheckpointRow(db);
  if (latest && latest.tree_size > size) throw new LogIntegrityError(`the log has ${size} leaves but checkpoint ${latest.tree_size} was published`);
  if (latest && latest.tree_size === size) return latest;
  const root = await rootAt(db, size);
  await insertCheckpoint(db, { treeSize: size, rootHash: root, note: signer.sign(checkpointText(signer.name, size, root)) });
  return (await checkpointAt(db, size))!;
}
