import type { FastifyInstance } from 'fastify';
import { registerResourceRoutes } from '../lib/resource-routes.js';
import { WORK, WORK_EDITABLE, workColumns, workTable } from '../repositories/works.js';

/**
 * /api/user/works — the creator's own materials. Transitions: take down an approved work (1 -> 2);
 * resubmit a taken-down, failed, draft or incomplete work for review (2, 3, 9, 10 -> 0).
 */
export default async function works(app: FastifyInstance) {
  registerResourceRoutes(app, {
    table: workTable,
    schemaId: 'lumen:forms/work',
    role: 'creator',
    update: { allowedStatus: WORK_EDITABLE, columns: workColumns, refused: '作品审核中，暂不能修改' },
    transitions: {
      takedown: { from: [WORK.APPROVED], to: WORK.TAKEN_DOWN, refused: '只有审核通过的作品可以下架' },
      resubmit: { from: [WORK.TAKEN_DOWN, WORK.REVIEW_FAILED, WORK.PENDING_SUBMISSION, WORK.NEEDS_INFO], to: WORK.PENDING_REVIEW, refused: '该作品当前状态不能提交审核' },
    },
  });
}
