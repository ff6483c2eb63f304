/**
 * Licensed copies with Content Credentials (issue #34 part 1): the original with a C2PA manifest
 * signed by the platform. Signed once per licence and kept in the object store beside the original
 * (credentials/licence-N/...), so a repeated download, or a bucket's presigned URL, serves the same
 * copy without signing again.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Db } from '../db/index.js';
import type { Config } from '../config.js';
import type { ObjectStore } from '../storage/index.js';
import { licenceCredentialFacts } from '../repositories/licences.js';
import { evidenceKeysOf, receiptFor } from '../evidence/index.js';
import { credentialsSignerOf } from '../evidence/credentials/signer.js';
import { signDelivery, sniffCredentialFormat, type DeliveryFacts } from '../evidence/credentials/manifest.js';
import { currentUseCases } from './checkout.js';

/**
 * Above this size the original is delivered without credentials: c2pa-ts signs in memory, and a
 * copy of several gigabytes would hold that much per concurrent first download.
 */
export const MAX_SIGNED_BYTES = 1024 * 1024 * 1024;

type Deps = { db: Db; storage: ObjectStore; config: Config };
interface MaterialFile {
  id: number;
  title: string;
  originalPath: string;
  format: string | null;
}

const readAll = async (s: Readable) => {
  const parts: Buffer[] = [];
  for await (const c of s) parts.push(Buffer.from(c));
  return Buffer.concat(parts);
};

/** Where the licensed copy of one licence is kept. */
export const licensedCopyKey = (licenceId: number, m: MaterialFile) =>
  `credentials/licence-${licenceId}/${m.id}${path.extname(m.originalPath).toLowerCase() || '.bin'}`;

/**
 * The storage key to deliver for a licence: its signed copy (made on first request), or the original
 * itself when its format carries no credentials (anything but JPEG, PNG, MP4) or it is too large.
 */
export async function licensedCopy(deps: Deps, licenceId: number, m: MaterialFile): Promise<string> {
  const key = licensedCopyKey(licenceId, m);
  if (await deps.storage.exists(key)) return key;
  const stat = await deps.storage.stat(m.originalPath);
  if (!stat || stat.size > MAX_SIGNED_BYTES) return m.originalPath;
  const head = await readAll(await deps.storage.stream(m.originalPath, { start: 0, end: Math.min(63, stat.size - 1) }));
  if (!sniffCredentialFormat(head)) return m.originalPath;
  const original = await deps.storage.get(m.originalPath);
  const facts = await deliveryFacts(deps, licenceId, m, original);
  if (!facts) return m.originalPath;
  const signed = await signDelivery(original, facts, credentialsSignerOf(deps.config).signer);
  if (!signed) return m.originalPath;
  await deps.storage.put(key, signed, { contentType: stat.contentType });
  return key;
}

async function deliveryFacts(
  deps: Deps,
  licenceId: number,
  m: MaterialFile,
  original: Buffer,
): Promise<DeliveryFacts | null> {
  const f = await licenceCredentialFacts(deps.db, licenceId);
  if (!f) return null;
  const base = deps.config.publicUrl.replace(/\/$/, '');
  const scenarioName = (await currentUseCases(deps.db)).find(f.scenario)?.name ?? f.scenario;
  const receipt = f.certNo
    ? await receiptFor(deps.db, evidenceKeysOf(deps.config), f.certNo, `${base}${f.certificateUrl ?? ''}`)
    : null;
  return {
    work: {
      id: Number(f.materialId),
      title: f.workTitle,
      url: `${base}/video/detail/${f.materialId}`,
      creator: f.creator || '流明素材创作者',
    },
    licence: {
      number: f.verifyCode,
      orderNo: f.orderNo,
      scenario: f.scenario,
      scenarioName,
      licensee: f.licenseeName,
      licensedAt: new Date(f.paidAt ?? f.createdAt).toISOString(),
      verifyUrl: `${base}/certifiy/${f.verifyCode}`,
    },
    original: {
      sha256: crypto.createHash('sha256').update(original).digest('hex'),
      format: sniffCredentialFormat(original)!,
      fileName: `${m.title}${path.extname(m.originalPath)}`,
    },
    deposit:
      f.certNo && receipt ? { certNo: f.certNo, certificateUrl: `${base}${f.certificateUrl ?? ''}`, receipt } : null,
  };
}
