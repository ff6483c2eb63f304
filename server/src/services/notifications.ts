/**
 * User notifications: the one way any flow tells a user something happened (service order paid,
 * registration accepted, correction requested, notarial certificate issued...). Call notify inside
 * the transaction that makes the change, so the message exists exactly when the change does; pass
 * a dedupeKey when the caller may run twice (jobs run at least once, callbacks are replayed).
 * The inbox API is /api/notifications (routes/notifications.ts).
 */
import type { Queryable } from '../db/index.js';
import { insertNotification, type NotificationInput } from '../repositories/notifications.js';

export type { NotificationInput } from '../repositories/notifications.js';

/** Adds a notification to a user's inbox. Returns its id, or null when the dedupe key was used before. */
export function notify(q: Queryable, userId: number, n: NotificationInput): Promise<number | null> {
  if (!n.title.trim()) throw new Error('notify: title is required');
  return insertNotification(q, userId, { ...n, title: n.title.slice(0, 200), body: (n.body ?? '').slice(0, 2000) });
}
