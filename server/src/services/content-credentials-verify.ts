/**
 * Checking a file someone holds (/certifiy, /tool): its Content Credentials when it has them (the
 * signature and bindings, that the platform signed it, the licence still standing, the deposit's
 * receipt in a witnessed checkpoint), and otherwise where it matches the catalogue: the same bytes
 * as a deposit, or a perceptually similar work (PDQ, the monitoring index).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '../db/index.js';
import type { Config } from '../config.js';
import { readCredentials, type ReadCredentials } from '../evidence/credentials/read.js';
import { sniffCredentialFormat } from '../evidence/credentials/manifest.js';
import { credentialsSignerOf } from '../evidence/credentials/signer.js';
import { evidenceKeysOf } from '../evidence/index.js';
import { DEPOSIT } from '../repositories/deposits.js';
import { depositsBySha256 } from '../repositories/evidence-lookup.js';
import { verifyLicence } from '../repositories/licences.js';
import { materialTitles } from '../repositories/materials.js';
import { fingerprintImage } from './fingerprint/image.js';
import { fingerprintVideo } from './fingerprint/video.js';
import { matchImage, matchVideo } from './monitor/match.js';
import { verifyReceipt, type EvidenceReceipt } from '../../../verify-receipt.mjs';
import type { CredentialsVerify } from '../../../src/schemas/api/content-credentials.js';

type Deps = { db: Db; config: Config };
const str = (v: unknown) => (typeof v === 'string' ? v : '');

export async function verifyFile(deps: Deps, bytes: Buffer): Promise<CredentialsVerify> {
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const creds = await readCredentials(bytes, credentialsSignerOf(deps.config).certificate);
  const credentials = creds ? await credentialsView(deps, creds) : null;
  const originalSha = credentials?.deposit?.originalSha256;
  const hashMatches = [
    ...(await depositsBySha256(deps.db, sha256, DEPOSIT.DEPOSITED)),
    ...(originalSha && originalSha !== sha256 ? await depositsBySha256(deps.db, originalSha, DEPOSIT.DEPOSITED) : []),
  ].map((d) => ({ certNo: String(d.certNo), workName: String(d.workName) }));
  // A file with platform credentials says which work it is; the fingerprint search is for the others.
  const similar = credentials?.signedByPlatform ? [] : await similarWorks(deps.db, bytes);
  return { sha256, credentials, hashMatches, similar };
}

async function credentialsView(deps: Deps, c: ReadCredentials): Promise<NonNullable<CredentialsVerify['credentials']>> {
  const work = c.assertions['stds.schema-org.CreativeWork'] as
    { name?: string; url?: string; author?: Array<{ name?: string }> } | undefined;
  const lic = c.assertions['cn.lumen.licence'] as Record<string, unknown> | undefined;
  const dep = c.assertions['cn.lumen.deposit'] as
    { certNo?: string; certificateUrl?: string; receipt?: EvidenceReceipt } | undefined;
  const originalSha256 = /^lumen:sha256:([0-9a-f]{64})$/.exec(c.ingredients[0]?.instanceID ?? '')?.[1] ?? '';
  const trusted = c.valid && c.signedByPlatform;
  let receiptSteps: Array<{ label: string; ok: boolean | null; detail: string }> = [];
  if (trusted && dep?.receipt && originalSha256) {
    const keys = evidenceKeysOf(deps.config);
    const r = await verifyReceipt(new Uint8Array(), dep.receipt, keys.signer.verifierKey, {
      fileSha256: originalSha256,
      witnesses: deps.config.evidenceLog.witnesses.map((w) => w.key),
      quorum: deps.config.evidenceLog.witnessQuorum,
    });
    receiptSteps = r.steps.map((s) => ({ label: s.label, ok: s.ok, detail: s.detail }));
  }
  const number = str(lic?.number);
  return {
    valid: c.valid,
    signedByPlatform: c.signedByPlatform,
    signer: c.signer,
    failures: c.failures,
    work: work?.name ? { title: work.name, creator: str(work.author?.[0]?.name), url: str(work.url) } : null,
    licence:
      trusted && lic && number
        ? {
            number,
            licensee: str(lic.licensee),
            scenarioName: str(lic.scenarioName),
            licensedAt: str(lic.licensedAt),
            verifyUrl: str(lic.verifyUrl),
            current: /^[0-9A-Fa-f]{12}$/.test(number) && !!(await verifyLicence(deps.db, number)),
          }
        : null,
    deposit:
      trusted && dep?.certNo && dep.receipt
        ? {
            certNo: dep.certNo,
            certificateUrl: str(dep.certificateUrl),
            leafIndex: Number(dep.receipt.leafIndex),
            treeSize: Number(dep.receipt.treeSize),
            originalSha256,
          }
        : null,
    receiptSteps,
  };
}

/** Catalogue works whose perceptual fingerprint is close (images: PDQ; video: aligned frames). */
async function similarWorks(db: Db, bytes: Buffer): Promise<CredentialsVerify['similar']> {
  let matches: Array<{ workId: number; similarity: number }>;
  try {
    if (sniffCredentialFormat(bytes) === 'video/mp4') {
      const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-verify-'));
      try {
        const file = path.join(dir, 'candidate.mp4');
        await fs.promises.writeFile(file, bytes);
        matches = await matchVideo(db, await fingerprintVideo(file));
      } finally {
        await fs.promises.rm(dir, { recursive: true, force: true });
      }
    } else {
      matches = await matchImage(db, await fingerprintImage(bytes));
    }
  } catch {
    // Not an image or video that decodes: nothing to compare perceptually.
    return [];
  }
  const titles = await materialTitles(
    db,
    matches.slice(0, 10).map((m) => m.workId),
  );
  return matches
    .slice(0, 10)
    .map((m) => ({ materialId: m.workId, title: titles.get(m.workId) ?? '', similarity: m.similarity }));
}
