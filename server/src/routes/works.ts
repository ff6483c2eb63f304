import type { ContractTypes } from '../http/type-provider.js';
import { bodyField } from '../http/json-body.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok } from '../http/envelope.js';
import { idParams, mustGetOwned, registerResourceRoutes, toApi, userFor } from './resource-routes.js';
import { validateForm, validateRouteForm } from './form-validate.js';
import { workTable } from '../repositories/works.js';
import {
  appealWork,
  editWork,
  relistWork,
  submitWork,
  takedownWork,
  withdrawRevision,
  type Actor,
} from '../services/review.js';
import { creatorReviewView } from '../services/review-view.js';
import { mediaStatus, retryMedia } from '../services/media/status.js';
import { createWorksFromUploads } from '../services/work-create.js';
import { uploadsAwaitingWork } from '../repositories/work-uploads.js';
import { getSchema } from '../schemas/store.js';
import type { LumenSchema } from '../../../src/schemas/types.js';
import { requiresAiDeclaration, workFormUnderRules } from '../../../src/schemas/provenance.js';
import { AppError } from '../http/envelope.js';
import { enumCodes, statusLabel } from '../../../src/schemas/index.js';
import { envelopeOf } from '../http/envelope-schema.js';
import type { DocumentedBody } from '../http/openapi.js';
import {
  creatorReviewSchema,
  mediaStatusSchema,
  uploadsAwaitingWorkSchema,
  workSchema,
  worksCreatedSchema,
} from '../../../src/schemas/api/work-responses.js';

/** The timeline event (lumen:enums/work-event) each status action records: its label names the route in the API reference. */
const EVENT_OF: Record<string, string> = {
  submit: 'submit',
  takedown: 'takedown',
  relist: 'relist',
  'withdraw-revision': 'revision_withdraw',
};

/** The work form: one name for the create bodies the API reference shows and the form createFrom checks. */
const WORK_FORM = 'lumen:forms/work';

/** The upload rules whose x-declarations say what a new work's form must declare (requireAiDeclaration). */
const MATERIAL_RULES = 'lumen:rules/material';

/** Most works one batch creates (the image rule's maxCount: one page's worth of files). */
const MAX_BATCH = 50;

/**
 * The create bodies as the API reference shows them: each work is checked in the handler against
 * the current work form (a batch item's errors are addressed inside the batch), and `submit` is read
 * as `=== true`, so a route schema would change both.
 */
const submitField = {
  type: 'boolean',
  title: statusLabel('lumen:enums/work-event', 'submit'),
  description: '为 true 时提交审核，否则保存为草稿',
};
const CREATE_BODY: DocumentedBody = {
  mediaType: 'application/json',
  schema: { allOf: [{ $ref: WORK_FORM }, { type: 'object', properties: { submit: submitField } }] },
  description: '作品表单的内容加上 submit。',
};
const BATCH_BODY: DocumentedBody = {
  mediaType: 'application/json',
  schema: {
    type: 'object',
    required: ['items'],
    properties: {
      items: { type: 'array', title: '作品', minItems: 1, maxItems: MAX_BATCH, items: { $ref: WORK_FORM } },
      submit: submitField,
    },
  },
  description: `一次最多 ${MAX_BATCH} 个作品；全部通过校验才会创建，任一作品的错误会指明是第几个。`,
};

/**
 * /api/user/works — the creator's own materials (lumen:status/work). Status changes go through
 * services/review.ts, which records each one on the work's timeline:
 *   PUT /:id                 edit; a work on sale gets a revision reviewed while it stays on sale
 *   POST /:id/submit         draft, failed or incomplete work -> review (or a revision that needed information)
 *   POST /:id/takedown       1 -> 2
 *   POST /:id/relist         2 -> 1 when unchanged since approval, else -> review
 *   POST /:id/appeal         a rejected work or revision back to review, flagged 申诉 (lumen:forms/work-appeal)
 *   POST /:id/withdraw-revision  withdraw the revision not decided yet
 *   GET  /:id/review         latest revision with its diff, the decision to act on, the timeline
 *   GET  /:id/media          processing state of the media pipeline (progress, failure reason, strip)
 *   POST /:id/media/retry    re-enqueue a failed processing (重试)
 *   POST /                   create a work from a completed upload ({...form, submit}: draft 9 or review 0)
 *   POST /batch              {items: [form...], submit}: many works at once, all or none
 *   GET  /uploads?workType=  completed uploads no work was made from yet (the upload page's form list)
 */
export default async function works(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  registerResourceRoutes(app, { table: workTable, schemaId: WORK_FORM, role: 'creator', record: workSchema });

  const creator = async (req: FastifyRequest): Promise<Actor> => ({
    id: Number((await userFor(req, 'creator')).id),
    role: 'creator',
  });
  const current = async (actor: Actor, id: number) => toApi(await mustGetOwned(app.db, workTable, actor.id!, id));
  type IdReq = FastifyRequest<{ Params: { id: number } }>;

  const depositCategories = async () =>
    ((await getSchema(app, WORK_FORM))?.['x-deposit-work-category'] ?? {}) as Record<string, number>;
  const createFrom = async (req: FastifyRequest, items: unknown[], prefixOf: (i: number) => string) => {
    const actor = await creator(req);
    const forms: Record<string, any>[] = [];
    // The form under the current upload rules, as the upload page renders it: the AI declaration is
    // required while staff keep requireAiDeclaration on.
    const rules = await getSchema(app, MATERIAL_RULES);
    const variant = {
      key: `requireAiDeclaration:${requiresAiDeclaration(rules)}`,
      derive: (form: LumenSchema) => workFormUnderRules(form, rules),
    };
    for (const [i, item] of items.entries()) {
      try {
        // By name, not validateRouteForm: a batch checks each of its items, and both create bodies add `submit`
        // to the form, so they are documented as CREATE_BODY and BATCH_BODY (config.requestBody).
        forms.push(await validateForm(app, WORK_FORM, item, { variant }));
      } catch (e) {
        // Address the item's field errors inside the batch body, and name the item in the message.
        if (!(e instanceof AppError) || items.length === 1) throw e;
        const fe = ((e.data as any)?.fieldErrors ?? {}) as Record<string, string>;
        throw new AppError(e.statusCode, `第${i + 1}个作品：${e.message}`, {
          fieldErrors: Object.fromEntries(Object.entries(fe).map(([k, v]) => [`${prefixOf(i)}${k}`, v])),
        });
      }
    }
    const submit = bodyField(req.body, 'submit') === true;
    const created = await createWorksFromUploads(app.db, actor.id!, forms, {
      submit,
      depositCategories: await depositCategories(),
      prefixOf,
    });
    return ok(
      { works: created },
      submit ? `已提交审核（${created.length}个作品）` : `已保存为草稿（${created.length}个作品）`,
    );
  };

  app.post(
    '/',
    {
      config: { requestBody: CREATE_BODY },
      schema: { summary: '由上传创建作品', response: envelopeOf(worksCreatedSchema) },
    },
    async (req) => createFrom(req, [req.body], () => ''),
  );

  const batch = {
    config: { requestBody: BATCH_BODY },
    schema: { summary: '批量创建作品', response: envelopeOf(worksCreatedSchema) },
  };
  app.post('/batch', batch, async (req) => {
    const items = bodyField(req.body, 'items');
    if (!Array.isArray(items) || items.length === 0) throw new AppError(400, '请选择要提交的作品');
    if (items.length > MAX_BATCH) throw new AppError(400, `一次最多提交${MAX_BATCH}个作品`);
    return createFrom(req, items, (i) => `/items/${i}`);
  });

  app.get(
    '/uploads',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['workType'],
          properties: {
            workType: { type: 'integer', title: '素材类型', enum: enumCodes<number>('lumen:enums/material-type') },
          },
        },
        summary: '待填写信息的上传',
        response: envelopeOf(uploadsAwaitingWorkSchema),
      },
    },
    async (req) => {
      const actor = await creator(req);
      return ok({ list: await uploadsAwaitingWork(app.db, actor.id!, req.query.workType) });
    },
  );

  app.put(
    '/:id',
    {
      config: { formSchema: WORK_FORM },
      schema: { params: idParams, summary: '修改作品', response: envelopeOf(workSchema) },
    },
    async (req: IdReq) => {
      const actor = await creator(req);
      const stored = await current(actor, req.params.id);
      const form = await validateRouteForm(req, { stored });
      const { revisionId } = await editWork(app.db, actor, req.params.id, form);
      return ok(
        await current(actor, req.params.id),
        revisionId ? '修改已提交审核，审核通过前原版本继续在售' : '保存成功',
      );
    },
  );

  const actions: Record<string, { run: (actor: Actor, id: number) => Promise<unknown>; done: string }> = {
    submit: { run: (a, id) => submitWork(app.db, a, id), done: '已提交审核' },
    takedown: { run: (a, id) => takedownWork(app.db, a, id), done: '作品已下架' },
    relist: { run: (a, id) => relistWork(app.db, a, id), done: '操作成功' },
    'withdraw-revision': {
      run: (a, id) => withdrawRevision(app.db, a, id),
      done: statusLabel('lumen:status/work-revision', 12),
    },
  };
  for (const [name, action] of Object.entries(actions)) {
    app.post(
      `/:id/${name}`,
      {
        schema: {
          params: idParams,
          summary: statusLabel('lumen:enums/work-event', EVENT_OF[name]),
          response: envelopeOf(workSchema),
        },
      },
      async (req: IdReq) => {
        const actor = await creator(req);
        await action.run(actor, req.params.id);
        const row = await current(actor, req.params.id);
        const msg =
          name === 'relist' ? (row.status === 1 ? '作品已重新上架' : '作品内容有修改，已提交审核') : action.done;
        return ok(row, msg);
      },
    );
  }

  app.post(
    '/:id/appeal',
    {
      config: { formSchema: 'lumen:forms/work-appeal' },
      schema: { params: idParams, summary: '申诉', response: envelopeOf(workSchema) },
    },
    async (req: IdReq) => {
      const actor = await creator(req);
      await current(actor, req.params.id);
      const form = await validateRouteForm(req);
      await appealWork(app.db, actor, req.params.id, String(form.text).trim());
      return ok(await current(actor, req.params.id), '申诉已提交，审核员将重新审核');
    },
  );

  app.get(
    '/:id/media',
    { schema: { params: idParams, summary: '媒体处理状态', response: envelopeOf(mediaStatusSchema) } },
    async (req: IdReq) => {
      const actor = await creator(req);
      await current(actor, req.params.id);
      return ok(await mediaStatus(app.db, req.params.id));
    },
  );

  app.post(
    '/:id/media/retry',
    { schema: { params: idParams, summary: '重新处理媒体', response: envelopeOf(mediaStatusSchema) } },
    async (req: IdReq) => {
      const actor = await creator(req);
      await current(actor, req.params.id);
      await retryMedia(app.db, req.params.id, actor.id!);
      return ok(await mediaStatus(app.db, req.params.id), '已重新开始处理');
    },
  );

  app.get(
    '/:id/review',
    { schema: { params: idParams, summary: '作品审核情况', response: envelopeOf(creatorReviewSchema) } },
    async (req: IdReq) => {
      const actor = await creator(req);
      return ok(await creatorReviewView(app.db, await mustGetOwned(app.db, workTable, actor.id!, req.params.id)));
    },
  );
}
