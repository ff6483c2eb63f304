import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { profileSchema } from '../../../src/schemas/api/account-responses.js';
import { validateRouteForm } from './form-validate.js';
import {
  formUploadBody,
  MULTIPART_LIMITS,
  readFormUpload,
  storeUploaded,
  type FormUploadFields,
} from './form-upload.js';
import { getUploadRule } from '../schemas/store.js';
import { PUBLIC_GROUP } from '../storage/groups.js';
import { getProfile, saveProfile } from '../repositories/profile.js';

const SCHEMA_ID = 'lumen:forms/profile';
const AVATAR: FormUploadFields = { schemaId: SCHEMA_ID, fileField: 'avatar' };

/**
 * /api/user/profile: the profile edited at /account/setting. PUT / saves the fields (JSON, the
 * avatar unchanged); POST /avatar saves them with a new avatar (multipart: `data` JSON, then the
 * image, checked by content against lumen:rules/profile#avatar and stored with the public media).
 */
export default async function profileRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: MULTIPART_LIMITS });

  app.get('/', { schema: { summary: '个人资料', response: envelopeOf(profileSchema) } }, async (req) => {
    const u = await req.requireUser();
    return ok(await getProfile(app.db, Number(u.id)));
  });

  app.put(
    '/',
    { config: { formSchema: SCHEMA_ID }, schema: { summary: '保存个人资料', response: envelopeOf(profileSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const form = await validateRouteForm(req);
      await saveProfile(app.db, Number(u.id), {
        nickname: String(form.nickname).trim(),
        bio: form.bio ?? '',
        contactEmail: form.contactEmail ?? '',
      });
      return ok(await getProfile(app.db, Number(u.id)), '已保存');
    },
  );

  app.post(
    '/avatar',
    {
      config: { requestBody: formUploadBody(AVATAR) },
      schema: { summary: '保存个人资料与新头像', response: envelopeOf(profileSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const upload = await readFormUpload(app, req, {
        ...AVATAR,
        noRule: '头像上传规则不存在',
        ruleFor: () => getUploadRule(app, 'lumen:rules/profile#avatar'),
      });
      try {
        // Avatars are shown to everyone (works, comments): stored with the public media, served from /files.
        const key = await storeUploaded(app, PUBLIC_GROUP, upload.files[0]);
        const f = upload.form;
        await saveProfile(app.db, Number(u.id), {
          nickname: String(f.nickname).trim(),
          bio: f.bio ?? '',
          contactEmail: f.contactEmail ?? '',
          avatar: `/files/${key}`,
        });
        return ok(await getProfile(app.db, Number(u.id)), '已保存');
      } finally {
        await upload.cleanup();
      }
    },
  );
}
