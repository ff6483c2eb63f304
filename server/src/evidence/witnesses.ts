import type { Db, Queryable } from '../db/index.js';
import type { CheckpointRow } from '../repositories/evidence-log.js';
import { cosignaturesAt, insertCosignature, lastCosignedSize } from '../repositories/evidence-log.js';
import { consistencyProof } from './proofs.js';
import { ensureCheckpoint } from './checkpoints.js';
import type { EvidenceKeys, WitnessPeer } from './context.js';
import { parseCosignerKey, verifyCosignature } from '../../../verify-receipt.mjs';

const TIMEOUT_MS = 5_000;
/** A witness that failed is not asked again for this long, so public requests do not queue behind it. */
const REST_MS = 30_000;
const restingUntil = new Map<string, number>();

/**
 * Asks every configured witness that has not cosigned this checkpoint yet (c2sp.org/tlog-witness
 * add-checkpoint), with a consistency proof from the size it last cosigned. A 409 names the size
 * the witness holds: the request is made once more from there. Only cosignature lines that verify
 * against the pinned witness key are stored. Returns the checkpoint's cosignature lines.
 */
export async function requestCosignatures(db: Db | Queryable, peers: WitnessPeer[], row: CheckpointRow) {
  const have = await cosignaturesAt(db, row.tree_size);
  const ask = peers.filter((p) => !have.has(p.key) && (restingUntil.get(p.key) ?? 0) <= Date.now());
  // The usual case on a public request: every witness has cosigned already, one query in all.
  if (!ask.length) return have;
  await Promise.all(
    ask.map(async (peer) => {
      try {
        const line = await cosignFrom(db, peer, row);
        if (line) await insertCosignature(db, row.tree_size, peer.key, line);
      } catch {
        restingUntil.set(peer.key, Date.now() + REST_MS);
      }
    }),
  );
  return cosignaturesAt(db, row.tree_size);
}

async function cosignFrom(db: Db | Queryable, peer: WitnessPeer, row: CheckpointRow): Promise<string | null> {
  let old = await lastCosignedSize(db, peer.key);
  for (let attempt = 0; attempt < 2; attempt++) {
    if (old > row.tree_size) throw new Error(`witness ${peer.url} holds ${old} leaves, more than this log has signed`);
    const proof = old > 0 && old < row.tree_size ? await consistencyProof(db, old, row.tree_size) : [];
    const body = `old ${old}\n${proof.map((h) => `${h.toString('base64')}\n`).join('')}\n${row.note}`;
    const res = await fetch(`${peer.url}/add-checkpoint`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status === 409 && res.headers.get('content-type')?.startsWith('text/x.tlog.size')) {
      old = Number(text.trim());
      continue;
    }
    if (res.status !== 200) throw new Error(`witness ${peer.url} answered ${res.status}: ${text.slice(0, 200)}`);
    const key = await parseCosignerKey(peer.key);
    if (!key) throw new Error(`not a witness verifier key: ${peer.key}`);
    // The witness may answer with several lines (several keys): keep the one of the pinned key.
    for (const line of text
      .split('\n')
      .filter(Boolean)
      .map((l) => `${l}\n`))
      if ((await verifyCosignature(`${row.note}${line}`, key)) !== null) return line;
    throw new Error(`witness ${peer.url} returned no valid cosignature`);
  }
  return null;
}

/**
 * The newest checkpoint with its witnesses' cosignature lines, asking the witnesses that have not
 * cosigned it yet (each is asked at most every 30 s after a failure).
 */
export async function witnessedCheckpoint(db: Db, keys: EvidenceKeys) {
  const row = await ensureCheckpoint(db, keys);
  const lines = keys.witnesses.length ? await requestCosignatures(db, keys.witnesses, row) : new Map<string, string>();
  return { row, cosignatures: [...lines.values()] };
}
