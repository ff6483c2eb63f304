import type { Queryable } from '../db/index.js';
import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

export type RegistrationKind = 'copyright' | 'dci';

/** Copyright and DCI registrations share a table; each resource sees only its kind. */
export const registrationTable = (kind: RegistrationKind): OwnedTable => ({
  table: 'registrations',
  owner: 'user_id',
  scope: `kind = '${kind === 'dci' ? 'dci' : 'copyright'}'`,
  // Stored file and certificate keys stay server-side; the authority's case, number and correction request are shown.
  select:
    'id, kind, work_name, work_category, ownership, form, status, case_no, registration_no, correction, issued_at, created_at, updated_at',
  list: {
    columns: {
      id: col.bigint('id', '登记编号'),
      status: col.smallint('status', '状态'),
      work_category: col.int('work_category', '作品类别'),
      work_name: col.text('work_name', '作品名称'),
      ownership: col.text('ownership', '权利归属'),
      created_at: col.time('created_at', '申请时间'),
    },
    sortable: ['status', 'created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
});

/** Registration statuses (lumen:status/registration): 0 submitted, 1 under review, 2 registered, 3 needs correction, 4 withdrawn, 5 rejected. */
export const REG = { SUBMITTED: 0, REVIEW: 1, REGISTERED: 2, CORRECTION: 3, WITHDRAWN: 4, REJECTED: 5 } as const;

export interface StoredFile {
  key: string;
  name: string;
  size: number;
  mime: string;
  sha256: string;
}

export async function insertRegistration(
  q: Queryable,
  userId: number,
  kind: RegistrationKind,
  form: Record<string, any>,
  files: StoredFile[],
): Promise<number> {
  const r = await q.query<{ id: number }>(
    `INSERT INTO registrations(user_id, kind, work_name, work_category, ownership, form, files) VALUES ($1,$2,$3,$4,$5,$6,$7) RETURNING id`,
    [userId, kind, form.workName, form.workCategory, form.ownership, JSON.stringify(form), JSON.stringify(files)],
  );
  return Number(r.rows[0].id);
}

/** Columns an edit sets; the files stay those the server checked at creation. */
export function registrationColumns(form: Record<string, any>, row: Record<string, any>): Record<string, unknown> {
  return {
    work_name: form.workName,
    work_category: form.workCategory,
    ownership: form.ownership,
    form: JSON.stringify({ ...form, files: row.form?.files ?? [] }),
    status: REG.SUBMITTED,
    updated_at: new Date(),
  };
}
