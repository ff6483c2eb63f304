import { leafHash, nodeHash } from '../../server/src/evidence/merkle.js';
import type { Db } from '../../server/src/db/index.js';

/**
 * What an insider with the database owner's rights does to the evidence log: switch a table's
 * append-only trigger off, change rows, switch it back on. Works on PGlite and PostgreSQL.
 */
export async function behindTrigger(
  db: Db,
  table: 'evidence_log_leaves' | 'evidence_log_nodes' | 'evidence_checkpoints',
  sql: string,
  params: unknown[] = [],
) {
  const trigger = {
    evidence_log_leaves: 'evidence_log_leaves_no_change',
    evidence_log_nodes: 'evidence_log_nodes_no_change',
    evidence_checkpoints: 'evidence_checkpoints_no_change',
  }[table];
  await db.exec(`ALTER TABLE ${table} DISABLE TRIGGER ${trigger}`);
  try {
    await db.query(sql, params);
  } finally {
    await db.exec(`ALTER TABLE ${table} ENABLE TRIGGER ${trigger}`);
  }
}

/** After changing leaves: recompute every stored subtree so the tree is self-consistent again. */
export async function rebuildNodes(db: Db) {
  await behindTrigger(db, 'evidence_log_nodes', 'DELETE FROM evidence_log_nodes');
  let level = (await db.query('SELECT leaf FROM evidence_log_leaves ORDER BY idx')).rows.map((r) => leafHash(r.leaf));
  for (let l = 0; level.length; l++) {
    for (let i = 0; i < level.length; i++)
      await db.query('INSERT INTO evidence_log_nodes(level, idx, hash) VALUES ($1,$2,$3)', [l, i, level[i]]);
    level = Array.from({ length: Math.floor(level.length / 2) }, (_, i) => nodeHash(level[2 * i], level[2 * i + 1]));
  }
}
