/**
 * How often a user may start a capture (web page or screen recording): CAPTURE_HOURLY_LIMIT per
 * hour (default 30), counted when the capture is asked for, so a failed one (whose unit is given
 * back) still counts: one unit cannot buy unlimited probing. The count is one atomic upsert.
 */
import type { Queryable } from '../../db/index.js';
import { AppError } from '../../http/envelope.js';
import { countInWindow } from '../../repositories/usage-windows.js';

export const capturesPerHour = () => Number(process.env.CAPTURE_HOURLY_LIMIT) || 30;

/** Counts one capture attempt of the user; 429 past the hourly limit. */
export async function countCaptureAttempt(q: Queryable, userId: number): Promise<void> {
  const n = await countInWindow(q, `capture-hour:${userId}`, 3600_000);
  if (n > capturesPerHour()) throw new AppError(429, `取证过于频繁：每小时最多 ${capturesPerHour()} 次，请稍后再试`);
}
