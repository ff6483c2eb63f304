import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { cmsCreatedSchema, cmsVersionSchema } from '../../../src/schemas/api/action-responses.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import {
  cmsEntryDetailSchema,
  cmsEntryListSchema,
  enquiryListSchema,
  eventRegistrationListSchema,
} from '../../../src/schemas/api/admin-responses.js';
import { requireStaff } from '../plugins/staff.js';
import { validateRouteForm } from './form-validate.js';
import { entryVersions, findEntry, listEntries, type CmsFields } from '../repositories/cms.js';
import { listEnquiries, listRegistrations, markEnquiryHandled } from '../repositories/cms-submissions.js';
import { createCmsEntry, restoreCmsVersion, saveCmsEntry } from '../services/cms.js';

const listQuery = {
  type: 'object',
  properties: {
    kind: { type: 'string', title: '类型', enum: ['article', 'notice', 'event'] },
    page: { type: 'integer', title: '页码', minimum: 1, maximum: 10000, default: 1 },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100, default: 20 },
  },
  additionalProperties: false,
} as const;
const enquiryQuery = {
  type: 'object',
  properties: {
    handled: { type: 'boolean', title: '是否已处理', default: false },
    page: listQuery.properties.page,
    pageSize: listQuery.properties.pageSize,
  },
  additionalProperties: false,
} as const;
const versionBody = {
  type: 'object',
  required: ['version', 'baseVersion'],
  properties: {
    version: { type: 'integer', title: '版本', minimum: 1 },
    baseVersion: { type: 'integer', title: '当前版本', minimum: 1 },
  },
} as const;
const handleBody = {
  type: 'object',
  properties: { note: { type: 'string', title: '跟进备注', maxLength: 500 } },
  additionalProperties: false,
} as const;

/** The version the editor loaded, sent beside the form fields; without it an edit could overwrite another. */
function baseVersionOf(body: unknown): number {
  const v = (body as { baseVersion?: unknown } | null)?.baseVersion;
  if (!Number.isInteger(v) || (v as number) < 1) throw new AppError(400, '缺少当前版本号，请刷新后再保存');
  return v as number;
}

/** /api/admin/content (staff only): CMS entries with versions, event registrations, business enquiries. */
export default async function adminContentRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/list',
    { schema: { summary: '内容', querystring: listQuery, response: envelopeOf(cmsEntryListSchema) } },
    async (req) => {
      await requireStaff(req);
      const q = req.query;
      return ok(await listEntries(app.db, q.kind, q.page, q.pageSize));
    },
  );

  app.get(
    '/enquiries',
    { schema: { summary: '合作咨询', querystring: enquiryQuery, response: envelopeOf(enquiryListSchema) } },
    async (req) => {
      await requireStaff(req);
      const q = req.query;
      return ok(await listEnquiries(app.db, q.handled, q.page, q.pageSize));
    },
  );

  app.post(
    '/enquiries/:id/handled',
    { schema: { summary: '标记咨询已处理', params: idParams, body: handleBody, response: envelopeOf(noData) } },
    async (req) => {
      const staff = await requireStaff(req);
      const note = (req.body?.note ?? '').trim();
      if (!(await markEnquiryHandled(app.db, req.params.id, Number(staff.id), note)))
        throw new AppError(409, '该咨询不存在或已处理');
      return ok(null, '已标记为已处理');
    },
  );

  app.get(
    '/:id',
    { schema: { summary: '内容详情', params: idParams, response: envelopeOf(cmsEntryDetailSchema) } },
    async (req) => {
      await requireStaff(req);
      const id = req.params.id;
      const e = await findEntry(app.db, id);
      if (!e) throw new AppError(404, '内容不存在');
      return ok({ ...e, versions: await entryVersions(app.db, id) });
    },
  );

  app.get(
    '/:id/registrations',
    { schema: { summary: '活动报名', params: idParams, response: envelopeOf(eventRegistrationListSchema) } },
    async (req) => {
      await requireStaff(req);
      return ok(await listRegistrations(app.db, req.params.id));
    },
  );

  app.post(
    '/',
    {
      config: { formSchema: 'lumen:forms/cms-entry' },
      schema: { summary: '新建内容', response: envelopeOf(cmsCreatedSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const form = (await validateRouteForm(req)) as CmsFields;
      return ok({ id: await createCmsEntry(app.db, form, Number(staff.id)), version: 1 }, '已创建');
    },
  );

  app.put(
    '/:id',
    {
      config: { formSchema: 'lumen:forms/cms-entry' },
      schema: { summary: '保存内容', params: idParams, response: envelopeOf(cmsVersionSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const base = baseVersionOf(req.body);
      const form = (await validateRouteForm(req)) as CmsFields;
      return ok({ version: await saveCmsEntry(app.db, req.params.id, base, form, Number(staff.id)) }, '已保存');
    },
  );

  app.post(
    '/:id/restore',
    {
      schema: { summary: '恢复历史版本', params: idParams, body: versionBody, response: envelopeOf(cmsVersionSchema) },
    },
    async (req) => {
      const staff = await requireStaff(req);
      const b = req.body;
      return ok(
        {
          version: await restoreCmsVersion(app.db, req.params.id, b.version, b.baseVersion, Number(staff.id)),
        },
        `已恢复到第 ${b.version} 版`,
      );
    },
  );
}
