/**
 * server/src/http: route helpers that are about HTTP only (who may call, list queries, envelopes,
 * uploads). Business rules live in services/, SQL in repositories/.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../http/envelope.js';
import type { UserRow } from '../repositories/users.js';

export const isStaff = (u: Pick<UserRow, 'roles'>): boolean => u.roles.includes('staff');

/** The signed-in staff member (users.roles contains 'staff'): 401 for visitors, 403 for everyone else. */
export async function requireStaff(req: FastifyRequest): Promise<UserRow> {
  const u = await req.requireUser();
  if (!isStaff(u)) throw new AppError(403, '没有权限');
  return u;
}
