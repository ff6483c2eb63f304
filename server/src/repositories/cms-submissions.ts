import type { Queryable } from '../db/index.js';

/** What visitors submit from content pages: event registrations and /cooperation enquiries. */
export interface EventRegistration {
  name: string;
  phone: string;
  company?: string;
  position?: string;
  note?: string;
}

/** Stores one registration; false when this phone already registered for the event (UNIQUE, race-safe). */
export async function insertRegistration(
  q: Queryable,
  entryId: number,
  userId: number | null,
  f: EventRegistration,
  ip: string,
): Promise<boolean> {
  const r = await q.query(
    `INSERT INTO event_registrations(entry_id, user_id, name, phone, company, position, note, ip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (entry_id, phone) DO NOTHING RETURNING id`,
    [entryId, userId, f.name.trim(), f.phone, f.company ?? '', f.position ?? '', f.note ?? '', ip],
  );
  return r.rows.length > 0;
}

export async function listRegistrations(q: Queryable, entryId: number) {
  const r = await q.query(
    `SELECT id, user_id AS "userId", name, phone, company, position, note, created_at AS "createdAt" FROM event_registrations WHERE entry_id = $1 ORDER BY id`,
    [entryId],
  );
  return r.rows;
}

export interface Enquiry {
  source: string;
  topic: string;
  company: string;
  name: string;
  phone: string;
  email?: string;
  need: string;
}

export async function insertEnquiry(q: Queryable, userId: number | null, f: Enquiry, ip: string): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO cooperation_enquiries(source, user_id, topic, company, name, phone, email, need, ip) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [f.source, userId, f.topic, f.company.trim(), f.name.trim(), f.phone, f.email ?? '', f.need, ip],
  );
  return Number(r.rows[0].id);
}

/** Staff list: open enquiries first (oldest first), then handled ones. */
export async function listEnquiries(q: Queryable, handled: boolean, page: number, pageSize: number) {
  const r = await q.query(
    `SELECT id, source, topic, company, name, phone, email, need, staff_note AS "staffNote", handled_at AS "handledAt", created_at AS "createdAt",
            count(*) OVER()::int AS total
       FROM cooperation_enquiries WHERE (handled_at IS NOT NULL) = $1 ORDER BY id ${handled ? 'DESC' : 'ASC'} LIMIT $2 OFFSET $3`,
    [handled, pageSize, (page - 1) * pageSize],
  );
  return { list: r.rows.map(({ total: _t, ...row }) => row), total: Number(r.rows[0]?.total ?? 0) };
}

/** Marks an enquiry handled once; false when it does not exist or was handled already. */
export async function markEnquiryHandled(q: Queryable, id: number, staffId: number, note: string): Promise<boolean> {
  const r = await q.query(
    'UPDATE cooperation_enquiries SET handled_at = now(), handled_by = $2, staff_note = $3 WHERE id = $1 AND handled_at IS NULL RETURNING id',
    [id, staffId, note],
  );
  return r.rows.length > 0;
}
