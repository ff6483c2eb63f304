import crypto from 'node:crypto';
import type { Queryable } from '../db/index.js';
import { appendBlock, type LedgerBlock } from '../evidence/ledger.js';
import { insertDeposit, linkMaterialEvidence, markDeposited, type NewDeposit } from '../repositories/deposits.js';
import { depositCertifiedEvent } from './webhooks/events.js';

const dayStamp = (at: Date) => at.toISOString().slice(0, 10).replace(/-/g, '');

const CHECK_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/**
 * Certificate numbers: LM + yyyymmdd + 8-digit deposit id + "-" + 6 random characters (30 bits),
 * so numbers cannot be enumerated from the public check (src/schemas/api/ledger.ts CERT_NO_PATTERN;
 * numbers issued before the check part existed stay valid without it).
 */
export const certNoOf = (id: number, at = new Date()) =>
  `LM${dayStamp(at)}${String(id).padStart(8, '0')}-${Array.from(crypto.randomBytes(6), (b) => CHECK_ALPHABET[b & 31]).join('')}`;

/** The public certificate page of a deposit (the detail page's evidence badge links here). */
export const certificatePath = (certNo: string) => `/certifiy/copyright/deposit/${certNo}`;

export interface DepositToCommit {
  id: number;
  userId: number;
  materialId: number | null;
  sha256: string;
  workName: string;
  fileName: string;
}

/**
 * Puts an inserted deposit on the hash-chained ledger, marks it deposited and, for a catalogue
 * material, points the material's evidence badge at its certificate. Call inside a transaction.
 * Used by the deposit route and by the demo seed, so seeded certificates verify like real ones.
 */
export async function commitDeposit(q: Queryable, d: DepositToCommit): Promise<{ certNo: string; block: LedgerBlock }> {
  const certNo = certNoOf(d.id);
  const block = await appendBlock(q, {
    type: 'evidence-deposit',
    depositId: d.id,
    certNo,
    userId: d.userId,
    sha256: d.sha256,
    workName: d.workName,
    fileName: d.fileName,
  });
  await markDeposited(q, d.id, block.height, certNo);
  await depositCertifiedEvent(q, { ...d, certNo, blockHeight: block.height, certificateUrl: certificatePath(certNo) });
  if (d.materialId) {
    await linkMaterialEvidence(q, {
      materialId: d.materialId,
      certNo,
      sha256: d.sha256,
      blockHash: block.hash,
      certificateUrl: certificatePath(certNo),
    });
  }
  return { certNo, block };
}

/**
 * A deposit's record and its ledger entry, in the caller's transaction: how the deposit route,
 * works from uploads and the demo seeds all make one, so none of them can leave a record unsigned.
 */
export async function recordDeposit(
  q: Queryable,
  row: NewDeposit,
): Promise<{ id: number; certNo: string; block: LedgerBlock }> {
  const id = await insertDeposit(q, row);
  const { userId, materialId, sha256, workName, fileName } = row;
  return { id, ...(await commitDeposit(q, { id, userId, materialId, sha256, workName, fileName })) };
}
