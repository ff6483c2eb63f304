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
