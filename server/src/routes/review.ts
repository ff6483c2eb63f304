import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import { reviewQueueSchema, staffReviewSchema } from '../../../src/schemas/api/review-responses.js';
import { AppError, ok } from '../http/envelope.js';
import { requireStaff } from '../plugins/staff.js';
import { validateRouteForm } from './form-validate.js';
import { idParams } from './resource-routes.js';
import { schemaStore } from '../schemas/store.js';
import { enumOptions } from '../../../src/schemas/registry.js';
// From index.js: the bundled tables are installed there, before this module's schemas are built.
import { enumCodes, statusLabel } from '../../../src/schemas/index.js';
import { reviewQueue } from '../repositories/review-queue.js';
import { decideWork, type Actor, type Decision } from '../services/review.js';
import { staffReviewView } from '../services/review-view.js';

const REASONS_ID = 'lumen:review/reasons';

const queueQuery = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['work', 'revision'] },
    type: { type: 'integer', enum: enumCodes<number>('lumen:enums/material-type') },
    appeal: { type: 'boolean' },
    page: { type: 'integer', minimum: 1, default: 1 },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
  },
} as const;

/** Which pending thing a decision is about: a revision by id, or the work at the content digest staff saw. */
const targetBody = {
  type: 'object',
  properties: {
    revisionId: { type: 'integer', minimum: 1 },
    digest: { type: 'string', pattern: '^[a-f0-9]{32}$' },
  },
} as const;

type Target = { revisionId?: number; digest?: string };
type DecideReq = FastifyRequest<{ Params: { id: number }; Body: Target & Record<string, unknown> }>;

/**
 * /api/admin/review — the staff review console: the queue (pending works and revisions, oldest
 * first), one item with preview, diff, duplicate hits and timeline, and the decisions. Reasons
 * come from the staff-editable lumen:review/reasons and are stored with their wording of the day.
 */
export default async function reviewRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const staff = async (req: FastifyRequest): Promise<Actor> => ({
    id: Number((await requireStaff(req)).id),
    role: 'staff',
  });

  app.get(
    '/queue',
    { schema: { summary: '审核队列', querystring: queueQuery, response: envelopeOf(reviewQueueSchema) } },
    async (req) => {
      await staff(req);
      const q = req.query;
      return ok(await reviewQueue(app.db, q));
    },
  );

  app.get(
    '/works/:id',
    {
      schema: {
        summary: '审核详情',
        params: idParams,
        querystring: { type: 'object', properties: { revisionId: { type: 'integer', minimum: 1 } } },
        response: envelopeOf(staffReviewSchema),
      },
    },
    async (req) => {
      await staff(req);
      const { id } = req.params;
      return ok(await staffReviewView(app.db, id, req.query.revisionId));
    },
  );

  /** Titles of reason codes in the current version of the reason list. */
  async function reasonTitles(codes: string[]) {
    const store = schemaStore(app);
    await store.all();
    const options = enumOptions<string>(REASONS_ID, store.lookup);
    return codes.map((code) => ({ code, title: options.find((o) => o.value === code)?.label ?? code }));
  }

  const target = (body: Target) => {
    if ((body.revisionId === undefined) === (body.digest === undefined))
      throw new AppError(400, '请指定审核对象（作品或修改）');
    return body.revisionId !== undefined ? { revisionId: body.revisionId } : { digest: body.digest };
  };

  const decide =
    (
      decision: Decision,
      form: (req: DecideReq) => Promise<{ reasons?: Array<{ code: string; title: string }>; comment?: string }>,
      done: string,
    ) =>
    async (req: DecideReq) => {
      const actor = await staff(req);
      const body = (req.body ?? {}) as Target & Record<string, unknown>;
      const t = target(body);
      await decideWork(app.db, actor, req.params.id, { decision, ...t, ...(await form(req)) });
      return ok(await staffReviewView(app.db, req.params.id, t.revisionId), done);
    };

  const opts = { schema: { params: idParams, body: targetBody, response: envelopeOf(staffReviewSchema) } };
  app.post(
    '/works/:id/approve',
    opts,
    decide('approve', async () => ({}), statusLabel('lumen:status/work', 1)),
  );
  app.post(
    '/works/:id/reject',
    { ...opts, config: { formSchema: 'lumen:forms/review-reject' } },
    decide(
      'reject',
      async (req) => {
        const f = await validateRouteForm(req);
        return { reasons: await reasonTitles(f.reasons), comment: String(f.comment ?? '').trim() };
      },
      '已驳回',
    ),
  );
  app.post(
    '/works/:id/request-info',
    { ...opts, config: { formSchema: 'lumen:forms/review-info' } },
    decide(
      'request_info',
      async (req) => {
        const f = await validateRouteForm(req);
        return { comment: String(f.comment).trim() };
      },
      '已要求补充信息',
    ),
  );
}
