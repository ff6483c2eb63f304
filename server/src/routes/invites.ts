import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { inviteInfoSchema, invitedUserSchema } from '../../../src/schemas/api/account-responses.js';
import { registerResourceRoutes } from './resource-routes.js';
import { invitedTable, inviteStats } from '../repositories/invites.js';

/** /api/user/invite: the user's invite links (personal and company) and what they earned. */
export default async function inviteRoutes(app: FastifyInstance) {
  app.get('/', { schema: { summary: '我的邀请链接', response: envelopeOf(inviteInfoSchema) } }, async (req) => {
    const u = await req.requireUser();
    const origin = app.config.publicUrl.replace(/\/$/, '');
    return ok({
      inviteId: String(u.id),
      link: `${origin}/?inviteId=${u.id}`,
      companyLink: `${origin}/?inviteId=${u.id}&inviteCode=company`,
      ...(await inviteStats(app.db, Number(u.id))),
    });
  });
}

/** /api/user/invited: users who registered through the user's links, with their state (generated list). */
export async function invitedRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { table: invitedTable, record: invitedUserSchema });
}
