import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import multipart from '@fastify/multipart';
import { ok } from '../http/envelope.js';
import { mustGetOwned, registerResourceRoutes, toApi } from './resource-routes.js';
import { formUploadBody, MULTIPART_LIMITS, readFormUpload, storeUploaded } from './form-upload.js';
import { getUploadRule, schemaStore } from '../schemas/store.js';
import { ruleRefFor } from '../../../src/schemas/registry.js';
import type { RuleScope } from '../../../src/schemas/types.js';
import {
  REG,
  insertRegistration,
  registrationColumns,
  registrationTable,
  type RegistrationKind,
  type StoredFile,
} from '../repositories/registrations.js';
import { AppError } from '../http/envelope.js';
import { contentDisposition } from '../http/content-disposition.js';
import { idParams } from '../http/params.js';
import { copyrightAuthority } from '../adapters/authority/index.js';
import { quotaLeft } from '../repositories/service-orders.js';
import { certificateKeyOf, filingOf, registrationEvents } from '../repositories/registration-progress.js';
import { consumeQuota, noQuota, releaseQuota } from '../services/service-orders-quota.js';
import { fileWithAuthority, refuseLateCorrection, resubmitToAuthority } from '../services/registration-progress.js';
import { withdrawAtOffice } from '../services/office-decisions.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import { registrationEventsSchema, registrationRecordSchema } from '../../../src/schemas/api/protection-responses.js';

/**
 * One registration module (copyright or DCI): the list convention plus a multipart create whose
 * files are checked by content against the current rule of the scope for the work category. Each
 * application spends one unit of a paid service order (registration / dci) and is filed with the
 * copyright authority; a correction is resubmitted; a withdrawal gives the unit back.
 */
export function registrationRoutes(kind: RegistrationKind, schemaId: string, scope: RuleScope) {
  return async function registrations(server: FastifyInstance) {
    const app = server.withTypeProvider<ContractTypes>();
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    const table = registrationTable(kind);
    const authority = copyrightAuthority(app.config, app.db);
    const service = kind === 'dci' ? 'dci' : 'registration';
    const ref = (id: number) => `registration:${id}`;
    registerResourceRoutes(app, {
      table,
      schemaId,
      record: registrationRecordSchema,
      update: {
        allowedStatus: [REG.SUBMITTED, REG.CORRECTION],
        columns: (form, row) => {
          refuseLateCorrection(row);
          return registrationColumns(form, row);
        },
        refused: '该申请正在审核或已完成，不能修改',
        after: (db, before, id) => resubmitToAuthority(db, authority, before, id),
      },
      transitions: {
        withdraw: {
          from: [REG.SUBMITTED, REG.CORRECTION],
          to: REG.WITHDRAWN,
          refused: '该申请正在审核或已完成，不能撤回',
          before: (db, row) =>
            withdrawAtOffice(db, 'authority', authority, row.case_no, '登记机构已处理该申请，不能撤回（状态稍后更新）'),
          // Nothing was registered: the paid unit goes back to the service order.
          after: async (q, id) => {
            const f = await filingOf(q, id);
            if (f) await releaseQuota(q, { userId: f.userId, service, ref: ref(id) });
          },
        },
      },
    });

    /** The registration's timeline: filed, accepted, correction requested, issued... */
    app.get(
      '/:id/events',
      { schema: { params: idParams, response: envelopeOf(registrationEventsSchema) } },
      async (req) => {
        const user = await req.requireUser();
        const id = req.params.id;
        await mustGetOwned(app.db, table, Number(user.id), id);
        return ok({ list: await registrationEvents(app.db, id) });
      },
    );

    /** The issued certificate (PDF), to its owner. */
    app.get(
      '/:id/certificate',
      { schema: { params: idParams, response: fileAnswer('application/pdf', '登记证书 PDF') } },
      async (req, reply) => {
        const user = await req.requireUser();
        const row = await mustGetOwned(app.db, table, Number(user.id), req.params.id);
        const key = await certificateKeyOf(app.db, Number(row.id));
        if (Number(row.status) !== REG.REGISTERED || !key) throw new AppError(404, '证书尚未发放');
        return reply
          .type('application/pdf')
          .header('content-disposition', contentDisposition(`登记证书-${row.registration_no}.pdf`))
          .send(await app.storage.get(key));
      },
    );

    const fields = { schemaId, fileField: 'files' };
    const create = {
      config: { requestBody: formUploadBody(fields) },
      schema: { response: envelopeOf(registrationRecordSchema) },
    };
    app.post('/', create, async (req) => {
      const user = await req.requireUser();
      const upload = await readFormUpload(app, req, {
        ...fields,
        noRule: '该作品类别暂不支持在线登记',
        ruleFor: async (form) => {
          const ref = ruleRefFor(scope, form.workCategory, schemaStore(app).lookup);
          return ref ? getUploadRule(app, ref) : undefined;
        },
      });
      try {
        // Checked before any file is stored; the unit itself is taken atomically with the insert below.
        if (!(await quotaLeft(app.db, Number(user.id), service)).some((q) => q.left > 0)) throw noQuota(service);
        const stored: StoredFile[] = [];
        for (const f of upload.files)
          stored.push({
            key: await storeUploaded(app, `registration-${kind}`, f),
            name: f.name,
            size: f.size,
            mime: f.mime,
            sha256: f.sha256,
          });
        const id = await app.db.tx(async (t) => {
          const rid = await insertRegistration(t, Number(user.id), kind, upload.form, stored);
          await consumeQuota(t, { userId: Number(user.id), service, ref: ref(rid) });
          return rid;
        });
        // Filed after commit; a failing authority leaves it 已提交 without a case number (logged).
        await fileWithAuthority(app.db, authority, id).catch((err) =>
          req.log.error({ err, id }, 'filing with the authority failed'),
        );
        return ok(toApi(await mustGetOwned(app.db, table, Number(user.id), id)), '提交成功');
      } finally {
        await upload.cleanup();
      }
    });
  };
}
