/**
 * /api/jobs: background job state. A job's owner (and staff) read it by id; everybody else gets
 * 404, so ids reveal nothing. Staff list jobs by state and retry or cancel them.
 */
import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from './resource-routes.js';
import { isStaff, requireStaff } from '../plugins/staff.js';
import { cancelJob, findJob, listJobs, requeueJob } from '../repositories/jobs.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { JOB_STATE_VALUES, jobListSchema, jobSchema, type Job } from '../../../src/schemas/api/job.js';
import type { JobRecord } from '../jobs/types.js';

const NOT_FOUND = '任务不存在';

// Ids beyond JavaScript's safe integers would reach PostgreSQL's bigint check and fail there.
const jobIdParams = {
  ...idParams,
  properties: { id: { ...idParams.properties.id, title: '任务编号', maximum: Number.MAX_SAFE_INTEGER } },
};

export function toApiJob(j: JobRecord): Job {
  return {
    id: j.id,
    task: j.task,
    state: j.state,
    progress: j.progress,
    message: j.progressMessage,
    error: j.lastError,
    attempts: j.attempts,
    maxAttempts: j.maxAttempts,
    ownerId: j.ownerId,
    runAt: j.runAt.toISOString(),
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
    finishedAt: j.finishedAt?.toISOString() ?? null,
    result: j.result,
  };
}

export default async function jobRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const listQuery = {
    type: 'object',
    properties: {
      state: { type: 'string', title: '状态', enum: JOB_STATE_VALUES },
      page: { type: 'integer', title: '页码', minimum: 1, maximum: 100000 },
      pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: 100 },
    },
  } as const;

  // GET /api/jobs?state= and the client list convention's /api/jobs/list (Refine data provider).
  for (const url of ['/', '/list']) {
    app.get(url, { schema: { querystring: listQuery, response: envelopeOf(jobListSchema) } }, async (req) => {
      await requireStaff(req);
      const q = req.query;
      const pageSize = q.pageSize ?? 20;
      const r = await listJobs(app.db, { state: q.state, limit: pageSize, offset: ((q.page ?? 1) - 1) * pageSize });
      return ok({ list: r.list.map(toApiJob), total: r.total });
    });
  }

  app.get('/:id', { schema: { params: jobIdParams, response: envelopeOf(jobSchema) } }, async (req) => {
    const user = await req.requireUser();
    const job = await findJob(app.db, req.params.id);
    if (!job || (job.ownerId !== Number(user.id) && !isStaff(user))) throw new AppError(404, NOT_FOUND);
    return ok(toApiJob(job));
  });

  app.post('/:id/retry', { schema: { params: jobIdParams, response: envelopeOf(jobSchema) } }, async (req) => {
    await requireStaff(req);
    const id = req.params.id;
    let job: JobRecord | null;
    try {
      job = await requeueJob(app.db, id);
    } catch (e) {
      // 23505: the dedupe key is held by another unfinished job of the same task.
      if ((e as { code?: string }).code === '23505') throw new AppError(409, '已有相同的任务在排队或处理中，无需重试');
      throw e;
    }
    if (job) return ok(toApiJob(job), '任务已重新排队');
    if (!(await findJob(app.db, id))) throw new AppError(404, NOT_FOUND);
    throw new AppError(409, '只能重试失败或已取消的任务');
  });

  app.post('/:id/cancel', { schema: { params: jobIdParams, response: envelopeOf(jobSchema) } }, async (req) => {
    await requireStaff(req);
    const id = req.params.id;
    const job = await cancelJob(app.db, id);
    if (job) return ok(toApiJob(job), '任务已取消');
    if (!(await findJob(app.db, id))) throw new AppError(404, NOT_FOUND);
    throw new AppError(409, '任务已结束，无法取消');
  });
}
