import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  cmsEntrySchema,
  enquiryReceivedSchema,
  helpCentreSchema,
  registrationReceivedSchema,
} from '../../../src/schemas/api/content-responses.js';
import { validateRouteForm } from './form-validate.js';
import { findPublishedEntry, helpCentreEntries, latestNotices } from '../repositories/cms.js';
import {
  insertEnquiry,
  insertRegistration,
  type Enquiry,
  type EventRegistration,
} from '../repositories/cms-submissions.js';

const slugParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug: { type: 'string', title: '页面路径', pattern: '^[A-Za-z0-9_-]{2,40}$' } },
} as const;
const submitLimit = { rateLimit: { max: 10, timeWindow: '1 minute' } };

/** Whether an event takes registrations now: staff opened it and it has not ended. */
function registrationRefusal(event: Record<string, any> | null): string | null {
  if (event?.endsAt && Date.parse(event.endsAt) < Date.now()) return '活动已结束，报名已关闭';
  if (!event?.registrationOpen) return '该活动未开放报名';
  return null;
}

/**
 * /api/content (public): articles, notices and event pages staff publish at /admin/content; the
 * help-centre list; event registration and /cooperation enquiries, stored for staff. Bodies are
 * sent as staff saved them; the client sanitises them when rendering (src/content/sanitize.ts).
 */
export default async function contentRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get('/help', { schema: { summary: '帮助中心', response: envelopeOf(helpCentreSchema) } }, async () =>
    ok({ list: await helpCentreEntries(app.db), notices: await latestNotices(app.db) }),
  );

  app.get(
    '/:id',
    { schema: { params: idParams, summary: '内容页', response: envelopeOf(cmsEntrySchema) } },
    async (req) => {
      const e = await findPublishedEntry(app.db, { id: req.params.id });
      if (!e) throw new AppError(404, '内容不存在或已下线');
      return ok({
        ...e,
        registration:
          e.kind === 'event' ? { open: !registrationRefusal(e.event), reason: registrationRefusal(e.event) } : null,
      });
    },
  );

  app.get(
    '/slug/:slug',
    { schema: { params: slugParams, summary: '内容页（固定路径）', response: envelopeOf(cmsEntrySchema) } },
    async (req) => {
      const e = await findPublishedEntry(app.db, { slug: req.params.slug });
      if (!e) throw new AppError(404, '内容不存在或已下线');
      return ok({
        ...e,
        registration:
          e.kind === 'event' ? { open: !registrationRefusal(e.event), reason: registrationRefusal(e.event) } : null,
      });
    },
  );

  app.post(
    '/:id/registrations',
    {
      config: { ...submitLimit, formSchema: 'lumen:forms/event-registration' },
      schema: { params: idParams, summary: '活动报名', response: envelopeOf(registrationReceivedSchema) },
    },
    async (req) => {
      const e = await findPublishedEntry(app.db, { id: req.params.id });
      if (!e || e.kind !== 'event') throw new AppError(404, '活动不存在或已下线');
      const refusal = registrationRefusal(e.event);
      if (refusal) throw new AppError(400, refusal);
      const form = (await validateRouteForm(req)) as EventRegistration;
      const user = await req.currentUser();
      if (!(await insertRegistration(app.db, e.id, user ? Number(user.id) : null, form, req.ip))) {
        throw new AppError(409, '该手机号已报名本活动', { fieldErrors: { '/phone': '该手机号已报名本活动' } });
      }
      return ok({ entryId: e.id }, '报名成功');
    },
  );

  app.post(
    '/cooperation',
    {
      config: { ...submitLimit, formSchema: 'lumen:forms/cooperation' },
      schema: { summary: '合作咨询', response: envelopeOf(enquiryReceivedSchema) },
    },
    async (req) => {
      const form = (await validateRouteForm(req)) as Enquiry;
      const user = await req.currentUser();
      const id = await insertEnquiry(app.db, user ? Number(user.id) : null, form, req.ip);
      return ok({ id }, '提交成功，我们会在1个工作日内与您联系');
    },
  );
}
