import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/route-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  notificationListSchema,
  readAllSchema,
  unreadCountSchema,
} from '../../../src/schemas/api/notification-responses.js';
import { listQuerySchema } from '../http/list-query.js';
import * as n from '../repositories/notifications.js';

/** /api/notifications: the signed-in user's inbox (written by services/notifications.ts notify). */
export default async function notificationRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/list',
    {
      schema: {
        summary: '我的通知',
        querystring: listQuerySchema(n.NOTIFICATION_LIST),
        response: envelopeOf(notificationListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      return ok(await n.listNotifications(app.db, u.id, req.query));
    },
  );

  /** Polled by the header badge. */
  app.get('/unread-count', { schema: { summary: '未读数', response: envelopeOf(unreadCountSchema) } }, async (req) => {
    const u = await req.requireUser();
    return ok({ count: await n.unreadCount(app.db, u.id) });
  });

  app.post(
    '/:id/read',
    { schema: { summary: '标记已读', params: idParams, response: envelopeOf(unreadCountSchema) } },
    async (req) => {
      const u = await req.requireUser();
      if (!(await n.markRead(app.db, u.id, req.params.id))) throw new AppError(404, '通知不存在');
      return ok({ count: await n.unreadCount(app.db, u.id) }, '已标记为已读');
    },
  );

  app.post('/read-all', { schema: { summary: '全部标记已读', response: envelopeOf(readAllSchema) } }, async (req) => {
    const u = await req.requireUser();
    const changed = await n.markAllRead(app.db, u.id);
    return ok({ changed, count: 0 }, '全部标记为已读');
  });
}
