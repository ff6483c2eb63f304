import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  certificationStateSchema,
  submittedCertificationSchema,
} from '../../../src/schemas/api/certification-responses.js';
import {
  formUploadBody,
  MULTIPART_LIMITS,
  readFormUpload,
  storeUploaded,
  type FormUploadFields,
} from './form-upload.js';
import { getUploadRule } from '../schemas/store.js';
import { accountStanding, latestCertification, type CertificationImage } from '../repositories/certifications.js';
import { authLevelOf, submitCertification } from '../services/certification.js';

const RULE = 'lumen:rules/certification#image';

/** Where each form keeps its document images: the first field is required, the others optional. */
const FORMS: Record<'personal' | 'company', FormUploadFields> = {
  personal: { schemaId: 'lumen:forms/certification-personal', fileField: 'frontImage', extraFileFields: ['backImage'] },
  company: { schemaId: 'lumen:forms/certification-company', fileField: 'licenseImage' },
};

/** The user's side of a certification: no storage keys, no reviewer. */
const forUser = (c: Awaited<ReturnType<typeof latestCertification>>) =>
  c && {
    id: c.id,
    certificateType: c.certificateType,
    certificate: c.certificate,
    orgKind: c.orgKind,
    subjectName: c.subjectName,
    legalPerson: c.legalPerson,
    certificateNo: c.certificateNo,
    status: c.status,
    authLevel: c.authLevel,
    rejectReason: c.rejectReason,
    reviewedAt: c.reviewedAt,
    createdAt: c.createdAt,
  };

/**
 * /api/user/certification: real-name certification of the signed-in account. GET / answers the
 * latest application and the account's standing (owner type and authorization level); POST
 * /personal and /company take the certification form (multipart: `data` JSON, then the images
 * under their field names), validated with the same schema as the client's form and the images
 * checked by content with lumen:rules/certification; staff decide at /api/admin/certifications.
 */
export default async function certificationRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.get('/', { schema: { summary: '实名认证状态', response: envelopeOf(certificationStateSchema) } }, async (req) => {
    const user = await req.requireUser();
    const standing = await accountStanding(app.db, Number(user.id));
    return ok({
      current: forUser(await latestCertification(app.db, Number(user.id))),
      account: { ...standing, authLevel: authLevelOf(standing) },
    });
  });

  const submit = (kind: 'personal' | 'company') => async (req: FastifyRequest) => {
    const user = await req.requireUser();
    const upload = await readFormUpload(app, req, {
      ...FORMS[kind],
      noRule: '证件照片上传规则不存在',
      ruleFor: () => getUploadRule(app, RULE),
    });
    try {
      // Images of a certification are private: stored outside the public media group, read only by staff.
      const images: CertificationImage[] = [];
      for (const f of upload.files)
        images.push({
          field: f.field,
          key: await storeUploaded(app, 'certification', f),
          name: f.name,
          size: f.size,
          mime: f.mime,
          sha256: f.sha256,
        });
      await submitCertification(app.db, Number(user.id), upload.form, images);
      return ok(forUser(await latestCertification(app.db, Number(user.id))), '已提交，请等待审核');
    } finally {
      await upload.cleanup();
    }
  };
  app.post(
    '/personal',
    {
      config: { requestBody: formUploadBody(FORMS.personal) },
      schema: { summary: '提交个人实名认证', response: envelopeOf(submittedCertificationSchema) },
    },
    submit('personal'),
  );
  app.post(
    '/company',
    {
      config: { requestBody: formUploadBody(FORMS.company) },
      schema: { summary: '提交企业实名认证', response: envelopeOf(submittedCertificationSchema) },
    },
    submit('company'),
  );
}
