import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError, ok } from '../http/envelope.js';
import { contentDisposition } from '../http/content-disposition.js';
import { idParams, mustGetOwned, registerResourceRoutes, toApi } from './resource-routes.js';
import {
  formUploadBody,
  MULTIPART_LIMITS,
  readFormUpload,
  storeUploaded,
  type FormUploadFields,
} from './form-upload.js';
import { depositCertificatePdf } from '../documents/deposit-certificate.js';
import { schemaStore, getUploadRule } from '../schemas/store.js';
import { enumLabel, ruleRefFor } from '../../../src/schemas/registry.js';
import { checkRecord, receiptFor } from '../evidence/receipts.js';
import { evidenceKeysOf } from '../evidence/context.js';
import { leafHash } from '../evidence/merkle.js';
import {
  DEPOSIT,
  depositTable,
  findByCertNo,
  insertDeposit,
  markFailed,
  ownsMaterial,
} from '../repositories/deposits.js';
import { certificatePath, recordDeposit } from '../services/deposit-ledger.js';
import { CERT_NO_PATTERN } from '../../../src/schemas/api/ledger.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import {
  depositCheckSchema,
  depositRecordSchema,
  depositVerifySchema,
} from '../../../src/schemas/api/protection-responses.js';

const SCHEMA_ID = 'lumen:forms/deposit';
const UPLOAD: FormUploadFields = { schemaId: SCHEMA_ID, fileField: 'files' };

/**
 * /api/protection/deposit — evidence deposits. POST / takes the deposit form and one file
 * (multipart), checks the file by content against the current deposit rule of the work category,
 * stores it, and appends its SHA-256 to the hash-chained ledger (status 2 depositing -> 1 deposited).
 */
export default async function deposits(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  await app.register(multipart, { limits: MULTIPART_LIMITS });
  registerResourceRoutes(app, { table: depositTable, schemaId: SCHEMA_ID, record: depositRecordSchema });

  const create = {
    config: { requestBody: formUploadBody(UPLOAD) },
    schema: { response: envelopeOf(depositRecordSchema) },
  };
  app.post('/', create, async (req) => {
    const user = await req.requireUser();
    const upload = await readDepositUpload(app, req, Number(user.id));
    try {
      const id = await recordDepositUpload(app, req, upload, Number(user.id));
      return ok(toApi(await mustGetOwned(app.db, depositTable, Number(user.id), id)), '存证成功');
    } finally {
      await upload.cleanup();
    }
  });

  app.post('/:id/verify', { schema: { params: idParams, response: envelopeOf(depositCheckSchema) } }, async (req) => {
    const user = await req.requireUser();
    const d = await mustGetOwned(app.db, depositTable, Number(user.id), req.params.id);
    const r = await verifyDeposit(app, d);
    if (!r.valid) throw new AppError(409, r.reason);
    return ok(r, r.reason);
  });

  /** Public certificate check by number (the /certifiy/copyright/deposit/:id page). */
  // Public and re-derives the chain up to the block: rate-limited per client.
  app.get(
    '/verify/:certNo',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        params: {
          type: 'object',
          required: ['certNo'],
          properties: { certNo: { type: 'string', pattern: CERT_NO_PATTERN } },
        },
        response: envelopeOf(depositVerifySchema),
      },
    },
    async (req) => ok(await certificateCheck(app, req.params.certNo)),
  );

  app.get(
    '/:id/certificate',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '存证证书 PDF') } },
    async (req, reply) => {
      const user = await req.requireUser();
      const d = await mustGetOwned(app.db, depositTable, Number(user.id), req.params.id);
      if (Number(d.status) !== DEPOSIT.DEPOSITED) throw new AppError(409, '存证完成后才能下载证书');
      const verifyUrl = `${app.config.publicUrl}${certificatePath(d.cert_no)}`;
      const receipt = await receiptFor(app.db, evidenceKeysOf(app.config), d.cert_no, verifyUrl);
      const store = schemaStore(app);
      await store.all();
      const pdf = await depositCertificatePdf({
        certNo: d.cert_no,
        workName: d.work_name,
        workCategoryLabel: enumLabel('lumen:enums/work-category', d.work_category, store.lookup),
        owner: user.company_name || user.nickname || user.username || '',
        fileName: d.file_name,
        sha256: d.sha256,
        height: Number(d.ledger_height),
        blockHash: receipt ? leafHash(Buffer.from(receipt.leaf, 'base64')).toString('hex') : '',
        depositedAt: d.deposited_at,
        verifyUrl,
        receipt: receipt ?? undefined,
      });
      const name = `存证证书-${d.cert_no}.pdf`;
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', contentDisposition(name))
        .send(Buffer.from(pdf));
    },
  );

  /** The receipt file beside the certificate PDF (docs/evidence-log.md documents it). */
  app.get(
    '/:id/receipt',
    { schema: { params: idParams, response: fileAnswer('application/json', '存证回执文件（JSON）') } },
    async (req, reply) => {
      const user = await req.requireUser();
      const { certNo, receipt } = await ownReceipt(app, Number(user.id), req.params.id);
      return reply
        .header('Content-Type', 'application/json; charset=utf-8')
        .header('Content-Disposition', contentDisposition(`存证回执-${certNo}.json`))
        .send(JSON.stringify(receipt, null, 2));
    },
  );
}

type DepositUpload = Awaited<ReturnType<typeof readFormUpload>>;

/**
 * Reads a deposit request (the deposit form and one file, multipart), the file checked by content
 * against the current deposit rule of the work category, and the work's ownership. Shared with
 * POST /api/v1/evidence; the caller cleans the upload up.
 */
export async function readDepositUpload(app: FastifyInstance, req: FastifyRequest, userId: number) {
  const upload = await readFormUpload(app, req, {
    ...UPLOAD,
    noRule: '该作品类别暂不支持存证',
    ruleFor: async (form) => {
      const ref = ruleRefFor('deposit', form.workCategory, schemaStore(app).lookup);
      return ref ? getUploadRule(app, ref) : undefined;
    },
  });
  const { form } = upload;
  if (form.materialId && !(await ownsMaterial(app.db, userId, form.materialId))) {
    await upload.cleanup();
    throw new AppError(400, '只能为自己的作品存证', { fieldErrors: { '/materialId': '只能为自己的作品存证' } });
  }
  return upload;
}

/** Stores a read deposit upload and appends it to the ledger; the new deposit's id. */
export async function recordDepositUpload(
  app: FastifyInstance,
  req: FastifyRequest,
  upload: DepositUpload,
  userId: number,
): Promise<number> {
  const { form } = upload;
  const file = upload.files[0];
  const fileKey = await storeUploaded(app, 'deposit', file);
  const row = {
    userId,
    materialId: form.materialId ?? null,
    workName: form.workName,
    workCategory: form.workCategory,
    form,
    fileName: file.name,
    fileKey,
    fileSize: file.size,
    mime: file.mime,
    sha256: file.sha256,
  };
  // The record and its ledger leaf are one transaction: a process killed in between leaves
  // neither (the client got no answer and sends again), never a record stuck at 存证中.
  try {
    return (await app.db.tx((q) => recordDeposit(q, row))).id;
  } catch (e) {
    req.log.error({ err: e }, 'ledger append failed');
    await markFailed(app.db, await insertDeposit(app.db, row));
    throw new AppError(500, '存证上链失败，请稍后重试');
  }
}

/** Verifies one deposit against the signed Merkle log (evidence/receipts.ts checkRecord). */
async function verifyDeposit(app: FastifyInstance, d: Record<string, any>) {
  if (Number(d.status) !== DEPOSIT.DEPOSITED || d.ledger_height == null)
    return { valid: false, reason: '该记录尚未完成存证' };
  const r = await checkRecord(app.db, evidenceKeysOf(app.config), { certNo: d.cert_no, sha256: d.sha256 });
  // height/blockHash: the names the certificate page has always shown (now leaf index and leaf hash).
  return { valid: r.valid, reason: r.reason, height: r.leafIndex, blockHash: r.leafHash, treeSize: r.treeSize };
}

/** The public check of a certificate number (this group's /verify/:certNo and /api/v1/evidence/verify). */
export async function certificateCheck(app: FastifyInstance, certNo: string) {
  const d = await findByCertNo(app.db, certNo);
  if (!d) throw new AppError(404, '证书不存在');
  const r = await verifyDeposit(app, d);
  return {
    certNo: d.cert_no,
    workName: d.work_name,
    workCategory: d.work_category,
    owner: d.nickname,
    fileName: d.file_name,
    sha256: d.sha256,
    depositedAt: d.deposited_at,
    ...r,
  };
}

/** The offline receipt of one's own deposited record (docs/evidence-log.md), or the refusal why none. */
export async function ownReceipt(app: FastifyInstance, userId: number, id: number) {
  const d = await mustGetOwned(app.db, depositTable, userId, id);
  if (Number(d.status) !== DEPOSIT.DEPOSITED) throw new AppError(409, '存证完成后才能下载回执');
  const receipt = await receiptFor(
    app.db,
    evidenceKeysOf(app.config),
    d.cert_no,
    `${app.config.publicUrl}${certificatePath(d.cert_no)}`,
  );
  if (!receipt) throw new AppError(409, '存证日志中没有该记录');
  return { certNo: String(d.cert_no), receipt };
}
