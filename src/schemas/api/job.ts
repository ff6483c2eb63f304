/**
 * Response shapes of /api/jobs (server/src/routes/jobs.ts serialises with them; the staff page and
 * job-progress displays read the derived types). State labels: lumen:status/job.
 */
import type { FromSchema } from './from-schema';

export const JOB_STATE_VALUES = ['queued', 'running', 'succeeded', 'failed', 'cancelled'] as const;

const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const jobSchema = {
  $id: 'lumen:api/job',
  title: '后台任务',
  description: '一个后台任务的当前状态：进度（0-100）与说明、最近一次错误、结果。任务所有者与运营人员可见。',
  type: 'object',
  required: [
    'id',
    'task',
    'state',
    'progress',
    'message',
    'error',
    'attempts',
    'maxAttempts',
    'ownerId',
    'runAt',
    'createdAt',
    'updatedAt',
    'finishedAt',
    'result',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', title: '任务编号' },
    task: { type: 'string', title: '任务类型' },
    state: { type: 'string', enum: JOB_STATE_VALUES, title: '状态' },
    progress: { type: 'integer', minimum: 0, maximum: 100, title: '进度' },
    message: { ...nullableText, title: '进度说明' },
    error: { ...nullableText, title: '最近一次错误' },
    attempts: { type: 'integer', title: '已尝试次数' },
    maxAttempts: { type: 'integer', title: '最多尝试次数' },
    ownerId: { type: ['integer', 'null'], title: '所有者' },
    runAt: { ...time, title: '计划执行时间' },
    createdAt: { ...time, title: '创建时间' },
    updatedAt: { ...time, title: '更新时间' },
    finishedAt: { type: ['string', 'null'], format: 'date-time', title: '结束时间' },
    result: { title: '结果' },
  },
} as const;

export const jobListSchema = {
  $id: 'lumen:api/job-list',
  title: '后台任务列表',
  description: '运营人员查看的任务列表，按编号倒序分页。',
  type: 'object',
  required: ['list', 'total'],
  additionalProperties: false,
  properties: {
    list: { type: 'array', items: jobSchema },
    total: { type: 'integer' },
  },
} as const;

export type Job = FromSchema<typeof jobSchema>;
export type JobList = FromSchema<typeof jobListSchema>;
export type JobStateValue = Job['state'];
