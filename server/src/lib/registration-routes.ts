import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ok } from './envelope.js';
import { mustGetOwned, registerResourceRoutes, toApi } from './resource-routes.js';
import { MULTIPART_LIMITS, readFormUpload, storeUploaded } from './form-upload.js';
import { getUploadRule, schemaStore } from '../schemas/store.js';
import { ruleRefFor } from '../../../src/schemas/registry.js';
import type { RuleScope } from '../../../src/schemas/types.js';
import { REG, insertRegistration, registrationColumns, registrationTable, type RegistrationKind, type StoredFile } from '../repositories/registrations.js';

/**
 * One registration module (copyright or DCI): the list convention plus a multipart create whose
 * files are checked by content against the current rule of the scope for the work category.
 */
export function registrationRoutes(kind: RegistrationKind, schemaId: string, scope: RuleScope) {
  return async function registrations(app: FastifyInstance) {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    const table = registrationTable(kind);
    registerResourceRoutes(app, {
      table,
      schemaId,
      update: { allowedStatus: [REG.SUBMITTED, REG.CORRECTION], columns: registrationColumns, refused: '该申请正在审核或已完成，不能修改' },
      transitions: { withdraw: { from: [REG.SUBMITTED, REG.CORRECTION], to: REG.WITHDRAWN, refused: '该申请正在审核或已完成，不能撤回' } },
    });

    app.post('/', async (req) => {
      const user = await req.requireUser();
      const upload = await readFormUpload(app, req, {
        schemaId,
        fileField: 'files',
        noRule: '该作品类别暂不支持在线登记',
        ruleFor: async (form) => {
          const ref = ruleRefFor(scope, form.workCategory, schemaStore(app).lookup);
          return ref ? getUploadRule(app, ref) : undefined;
        },
      });
      try {
        const stored: StoredFile[] = [];
        for (const f of upload.files) stored.push({ key: await storeUploaded(app, `registration-${kind}`, f), name: f.name, size: f.size, mime: f.mime, sha256: f.sha256 });
        const id = await insertRegistration(app.db, Number(user.id), kind, upload.form, stored);
        return ok(toApi(await mustGetOwned(app.db, table, Number(user.id), id)), '提交成功');
      } finally {
        await upload.cleanup();
      }
    });
  };
}
