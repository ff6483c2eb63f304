/** The answer of GET /api/health (server/src/app.ts): load balancers, the browser tests and bench/api read it. */
import type { FromSchema } from './from-schema';

export const healthSchema = {
  title: '服务状态',
  type: 'object',
  required: ['status', 'db', 'seedPending', 'evidenceLog'],
  properties: {
    status: { type: 'string', enum: ['up', 'degraded'], description: 'degraded：存证日志需运营处理，仍答 200' },
    db: { type: 'string', enum: ['pglite', 'postgres'] },
    seedPending: { type: 'integer', description: '未完成的演示数据任务（seed.*）' },
    evidenceLog: { type: 'string', enum: ['ok', 'inconsistent'] },
    evidenceLogDetail: { type: 'string', description: '仅在 inconsistent 时给出' },
  },
} as const;

export type Health = FromSchema<typeof healthSchema>;

/** One readiness check: whether it passed and, when not, what failed (for the operator, not for users). */
const readinessCheck = {
  type: 'object',
  required: ['ok'],
  properties: { ok: { type: 'boolean' }, detail: { type: 'string' } },
} as const;

/** The answer of GET /api/health/ready: 200 when every check passed, 503 with the same body otherwise. */
export const readinessSchema = {
  title: '就绪检查',
  type: 'object',
  required: ['ready', 'checks'],
  properties: {
    ready: { type: 'boolean' },
    checks: {
      type: 'object',
      required: ['db', 'migrations', 'storage', 'evidenceLog'],
      properties: {
        db: { ...readinessCheck, description: '数据库可查询' },
        migrations: { ...readinessCheck, description: '迁移已全部执行' },
        storage: { ...readinessCheck, description: '文件存储可写' },
        evidenceLog: { ...readinessCheck, description: '存证日志延续最后签名的检查点' },
      },
    },
  },
} as const;

export type Readiness = FromSchema<typeof readinessSchema>;

/** The answer of GET /api/health/live: the process answers (no dependency is checked). */
export const livenessSchema = {
  title: '存活检查',
  type: 'object',
  required: ['live'],
  properties: { live: { type: 'boolean', const: true } },
} as const;
