/**
 * Trace certificates (溯源证书): the owner of a work exports its timeline as a PDF for one unit of
 * a paid "trace" service order; the PDF's SHA-256 goes into the evidence log (type 'trace-cert')
 * under the certificate number, so the public check (/copyright/trace/cert) can tell the issued
 * file from any changed copy. The PDF is drawn before the transaction (PGlite runs one at a time),
 * the transaction only spends the unit, appends the leaf and records the certificate. Drawing takes
 * seconds (CJK font subsetting), so it runs on the job queue (task trace.certificate) with progress.
 */
import crypto from 'node:crypto';
import type { Db } from '../db/index.js';
import type { ObjectStore } from '../storage/types.js';
import { AppError } from '../http/envelope.js';
import { traceCertificatePdf } from '../documents/trace-certificate.js';
import { appendBlock } from '../evidence/ledger.js';
import { quotaLeft } from '../repositories/service-orders.js';
import { checkRecord } from '../evidence/receipts.js';
import type { EvidenceKeys } from '../evidence/context.js';
import * as repo from '../repositories/trace.js';
import { consumeQuota, noQuota } from './service-orders-quota.js';
import { notify } from './notifications.js';
import { workTimeline } from './trace-timeline.js';
import { defineTask, enqueue } from '../jobs/index.js';
import type { TraceCertCheck, TraceEvent } from '../../../src/schemas/api/trace.js';

const CHECK_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const sha256Hex = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');

/** TR + yyyymmdd + 8-digit id + "-" + 6 random characters (30 bits: numbers cannot be guessed). */
export const traceCertNoOf = (id: number, at = new Date()) =>
  `TR${at.toISOString().slice(0, 10).replace(/-/g, '')}${String(id).padStart(8, '0')}-${Array.from(crypto.randomBytes(6), (b) => CHECK_ALPHABET[b & 31]).join('')}`;

/** The public check page of a certificate (printed on it and in its QR code). */
export const traceCertPath = (certNo: string) => `/copyright/trace/cert?no=${encodeURIComponent(certNo)}`;

export interface IssueDeps {
  db: Db;
  storage: ObjectStore;
  publicUrl: string;
}

export const TRACE_CERT_TASK = 'trace.certificate';
export interface TraceCertJob {
  userId: number;
  workId: number;
}

/** Refuses early what the job would refuse (not the owner: 404; no unit left: 402), then queues the drawing. */
export async function requestTraceCertificate(db: Db, userId: number, workId: number): Promise<{ jobId: number }> {
  if (!(await repo.ownedWork(db, userId, workId))) throw new AppError(404, '作品不存在');
  if (!(await quotaLeft(db, userId, 'trace')).some((q) => q.left > 0)) throw noQuota('trace');
  // One export of a work at a time: a second click while it runs answers the same job.
  const { id } = await enqueue(db, TRACE_CERT_TASK, { userId, workId } satisfies TraceCertJob, {
    ownerId: userId,
    dedupeKey: `trace-cert:${workId}`,
  });
  return { jobId: id };
}

type Progress = (percent: number, message: string) => Promise<void>;

/**
 * Draws, stores and logs one certificate. With a jobId it is safe to run again: a certificate that
 * job already committed is answered, and the unit is spent under a ref naming the job.
 */
export async function issueTraceCertificate(
  d: IssueDeps,
  userId: number,
  workId: number,
  opts: { jobId?: number; progress?: Progress } = {},
) {
  const progress: Progress = opts.progress ?? (async () => undefined);
  if (opts.jobId) {
    const earlier = await repo.certificateOfJob(d.db, opts.jobId);
    if (earlier)
      return {
        id: earlier.id,
        certNo: earlier.cert_no,
        sha256: earlier.sha256,
        leafIndex: earlier.ledger_height,
        events: earlier.events.length,
      };
  }
  const owner = await repo.ownerName(d.db, userId);
  const work = await repo.ownedWork(d.db, userId, workId);
  if (!work) throw new AppError(404, '作品不存在');
  if (!(await quotaLeft(d.db, userId, 'trace')).some((q) => q.left > 0)) throw noQuota('trace');
  await progress(10, '正在汇总作品记录');
  const events = await workTimeline(d.db, work);
  const id = await repo.nextCertificateId(d.db);
  const issuedAt = new Date();
  const certNo = traceCertNoOf(id, issuedAt);
  await progress(30, `正在绘制证书（${events.length} 条记录）`);
  const pdf = await traceCertificatePdf({
    certNo,
    workId: work.id,
    workTitle: work.title,
    owner,
    issuedAt,
    events,
    verifyUrl: `${d.publicUrl.replace(/\/$/, '')}${traceCertPath(certNo)}`,
  });
  const sha256 = sha256Hex(pdf);
  await progress(80, '正在写入存证日志');
  const fileKey = await d.storage.put(`trace-certificates/${id}/certificate.pdf`, pdf, {
    contentType: 'application/pdf',
    sha256,
  });
  try {
    const block = await d.db.tx(async (t) => {
      await consumeQuota(t, {
        userId,
        service: 'trace',
        ref: opts.jobId ? `trace-cert-job:${opts.jobId}` : `trace-cert:${id}`,
      });
      const b = await appendBlock(t, {
        type: 'trace-cert',
        certNo,
        sha256,
        userId,
        workId: work.id,
        events: events.length,
      });
      await repo.insertCertificate(t, {
        id,
        user_id: userId,
        material_id: work.id,
        cert_no: certNo,
        sha256,
        file_key: fileKey,
        events,
        ledger_height: b.height,
        job_id: opts.jobId ?? null,
      });
      // Drawn in the background: the inbox tells the owner it is ready, whether or not the page stayed open.
      await notify(t, userId, {
        kind: 'trace',
        title: `「${work.title}」溯源证书已出具`,
        body: `证书编号 ${certNo}，证书指纹已写入存证日志，可下载或公开核验。`,
        link: `/cyprotect/mytrace?work=${work.id}`,
        dedupeKey: `trace-cert:${id}`,
      });
      return b;
    });
    return { id, certNo, sha256, leafIndex: block.height, events: events.length };
  } catch (e) {
    await d.storage.delete(fileKey).catch(() => undefined); // nothing refers to it: the record was not written
    throw e;
  }
}

defineTask<TraceCertJob>(
  TRACE_CERT_TASK,
  (p, ctx) =>
    issueTraceCertificate({ db: ctx.db, storage: ctx.storage, publicUrl: ctx.config.publicUrl }, p.userId, p.workId, {
      jobId: ctx.jobId,
      progress: (n, m) => ctx.progress(n, m),
    }),
  { maxAttempts: 2, timeoutMs: 3 * 60_000 },
);

/**
 * The public check of a certificate number: the log leaf must name this certificate and its file
 * hash (checkRecord, against the signed tree), the stored PDF must still have that hash, and, when
 * the caller hashed a file they hold, that hash must be the logged one.
 */
export async function checkTraceCertificate(
  db: Db,
  storage: ObjectStore,
  keys: EvidenceKeys,
  certNo: string,
  fileSha256?: string,
): Promise<TraceCertCheck> {
  const c = await repo.certificateByNo(db, certNo);
  if (!c) throw new AppError(404, '溯源证书不存在，请核对证书编号');
  const log = await checkRecord(db, keys, { certNo, sha256: c.sha256 });
  let { valid, reason } = log;
  if (valid) {
    const stored = await storage.get(c.file_key).catch(() => null);
    if (!stored || sha256Hex(stored) !== c.sha256) {
      valid = false;
      reason = '平台保存的证书文件与存证日志记录不一致，证书可能已被篡改';
    } else {
      reason = '校验通过：证书文件指纹包含在已签名的默克尔存证日志中';
    }
  }
  const fileMatches = fileSha256 ? valid && fileSha256.toLowerCase() === c.sha256 : null;
  if (fileSha256 && valid)
    reason = fileMatches
      ? '文件核验通过：您持有的文件正是该证书，未被改动'
      : '文件核验未通过：您持有的文件与登记的证书不一致，可能已被改动';
  return {
    certNo: c.cert_no,
    workTitle: c.work_title,
    owner: c.owner,
    issuedAt: c.created_at.toISOString(),
    sha256: c.sha256,
    events: c.events as TraceEvent[],
    valid,
    reason,
    leafIndex: log.leafIndex,
    treeSize: log.treeSize,
    fileMatches,
  };
}
