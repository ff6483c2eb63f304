import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';

/** Hash-chained append-only ledger: each block commits to its payload and to the block before it. */
export const GENESIS_PREV = '0'.repeat(64);

export interface LedgerBlock {
  height: number;
  prev_hash: string;
  payload_hash: string;
  hash: string;
  payload: Record<string, unknown>;
  created_at: Date | string;
}

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** JSON with sorted keys, so jsonb's key reordering does not change the hash. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((v as any)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v);
}

export function blockHash(height: number, prevHash: string, payloadHash: string, createdAt: Date | string): string {
  return sha256(`${height}|${prevHash}|${payloadHash}|${new Date(createdAt).toISOString()}`);
}

/**
 * Appends one block. Call inside a transaction: the table lock serialises appends so two
 * requests never take the same height (PGlite is single-connection anyway).
 */
export async function appendBlock(q: Queryable, payload: Record<string, unknown>): Promise<LedgerBlock> {
  await q.query('LOCK TABLE ledger_blocks IN EXCLUSIVE MODE');
  const last = (await q.query<{ height: number; hash: string }>('SELECT height, hash FROM ledger_blocks ORDER BY height DESC LIMIT 1')).rows[0];
  const height = last ? Number(last.height) + 1 : 0;
  const prev = last?.hash ?? GENESIS_PREV;
  const payloadHash = sha256(canonicalJson(payload));
  const createdAt = new Date();
  const hash = blockHash(height, prev, payloadHash, createdAt);
  await q.query('INSERT INTO ledger_blocks(height, prev_hash, payload_hash, hash, payload, created_at) VALUES ($1,$2,$3,$4,$5,$6)', [
    height, prev, payloadHash, hash, JSON.stringify(payload), createdAt,
  ]);
  return { height, prev_hash: prev, payload_hash: payloadHash, hash, payload, created_at: createdAt };
}

export interface VerifyResult {
  ok: boolean;
  /** Blocks checked. */
  height: number;
  /** First height whose payload, hash or link does not match. */
  brokenAt: number | null;
  reason?: string;
}

/** Re-derives every hash up to `upTo` (default: the whole chain) and checks every link. */
export async function verifyChain(q: Queryable, upTo?: number): Promise<VerifyResult> {
  const rows = (
    await q.query<LedgerBlock>(
      'SELECT height, prev_hash, payload_hash, hash, payload, created_at FROM ledger_blocks WHERE ($1::bigint IS NULL OR height <= $1) ORDER BY height',
      [upTo ?? null],
    )
  ).rows;
  let prev = GENESIS_PREV;
  for (let i = 0; i < rows.length; i++) {
    const b = rows[i];
    const h = Number(b.height);
    const fail = (reason: string): VerifyResult => ({ ok: false, height: rows.length, brokenAt: h, reason });
    if (h !== i) return fail('区块高度不连续');
    if (b.prev_hash !== prev) return fail('区块链接被篡改');
    if (sha256(canonicalJson(b.payload)) !== b.payload_hash) return fail('存证内容被篡改');
    if (blockHash(h, b.prev_hash, b.payload_hash, b.created_at) !== b.hash) return fail('区块哈希不匹配');
    prev = b.hash;
  }
  return { ok: true, height: rows.length, brokenAt: null };
}

export async function getBlock(q: Queryable, height: number): Promise<LedgerBlock | undefined> {
  return (await q.query<LedgerBlock>('SELECT * FROM ledger_blocks WHERE height = $1', [height])).rows[0];
}
