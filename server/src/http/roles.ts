/**
 * server/src/http: route helpers that are about HTTP only (who may call, request shapes), never
 * business flows (those live in server/src/services) nor SQL (server/src/repositories).
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../lib/envelope.js';
import type { UserRow } from '../repositories/users.js';

/** Staff = users.roles contains 'staff' (the back office: /admin and its pages). 401 for visitors, 403 for others. */
export async function requireStaff(req: FastifyRequest): Promise<UserRow> {
  const u = await req.requireUser();
  if (!u.roles.includes('staff')) throw new AppError(403, '没有权限');
  return u;
}
