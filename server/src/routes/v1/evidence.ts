import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ContractTypes } from '../../http/type-provider.js';
import { ok } from '../../http/envelope.js';
import { envelopeOf } from '../../http/envelope-schema.js';
import { idParams } from '../../http/route-schemas.js';
import { depositTable } from '../../repositories/deposits.js';
import { formUploadBody, MULTIPART_LIMITS } from '../form-upload.js';
import { mustGetOwned, toApi } from '../resource-routes.js';
import { certificateCheck, ownReceipt, readDepositUpload, recordDepositUpload } from '../deposits.js';
import { CERT_NO_PATTERN } from '../../../../src/schemas/api/ledger.js';
import { depositRecordSchema, depositVerifySchema } from '../../../../src/schemas/api/protection-responses.js';
import { callerOf, v1Schema } from './key-auth.js';
import { idempotencyHeader, idempotent } from './idempotency.js';

const receiptSchema = {
  title: '存证回执',
  type: 'object',
  required: ['certNo', 'receipt'],
  properties: {
    certNo: { type: 'string', title: '证书编号' },
    receipt: {
      type: 'object',
      additionalProperties: true,
      title: '离线回执',
      description: '与网站下载的回执文件相同，可用 verify-receipt.mjs 离线核验（docs/evidence-log.md）',
    },
  },
} as const;

/** /api/v1/evidence: deposit a file (the site's deposit form and rules), its receipt, certificate checks. */
export async function evidenceV1(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.post(
    '/evidence',
    {
      config: {
        scope: 'evidence:deposit',
        requestBody: formUploadBody({ schemaId: 'lumen:forms/deposit', fileField: 'files' }),
      },
      schema: v1Schema('evidence:deposit', '提交存证（表单与一个文件）', {
        headers: idempotencyHeader,
        response: envelopeOf(depositRecordSchema),
      }),
    },
    async (req, reply) => {
      const { user } = callerOf(req);
      const upload = await readDepositUpload(app, req, user.id);
      try {
        // The same request: the same form and the same file bytes.
        const same = { form: upload.form, sha256: upload.files.map((f) => f.sha256) };
        return await idempotent(
          app.db,
          req,
          reply,
          async () => {
            const id = await recordDepositUpload(app, req, upload, user.id);
            return ok(toApi(await mustGetOwned(app.db, depositTable, user.id, id)), '存证成功');
          },
          same,
        );
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.get(
    '/evidence/:id/receipt',
    {
      config: { scope: 'evidence:verify' },
      schema: v1Schema('evidence:verify', '存证回执', { params: idParams, response: envelopeOf(receiptSchema) }),
    },
    async (req) => ok(await ownReceipt(app, callerOf(req).user.id, req.params.id)),
  );

  app.get(
    '/evidence/verify/:certNo',
    {
      config: { scope: 'evidence:verify' },
      schema: v1Schema('evidence:verify', '核验存证证书', {
        params: {
          type: 'object',
          required: ['certNo'],
          properties: { certNo: { type: 'string', pattern: CERT_NO_PATTERN } },
        },
        response: envelopeOf(depositVerifySchema),
      }),
    },
    async (req) => ok(await certificateCheck(app, req.params.certNo)),
  );
}
