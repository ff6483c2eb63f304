import { searchVector } from '../search/vector.js';
import { col } from '../lib/list-query.js';
import type { OwnedTable, SqlValue } from './owned-records.js';

/** A creator's works are the core materials they own. */
export const workTable: OwnedTable = {
  table: 'materials',
  owner: 'owner_id',
  select: 'id, type, title, description, tags, status, price_cents, (price_cents / 100.0)::float8 AS price, views, downloads, collects, cover_path, created_at',
  list: {
    columns: {
      id: col.bigint('id', '作品ID'),
      title: col.text('title', '作品标题'),
      type: col.smallint('type', '素材类型'),
      status: col.smallint('status', '状态'),
      price_cents: col.int('price_cents', '价格'),
      downloads: col.int('downloads', '下载'),
      created_at: col.time('created_at', '上传时间'),
    },
    sortable: ['status', 'price_cents', 'downloads', 'created_at'],
    defaultSort: { field: 'created_at', order: 'desc' },
  },
};

/** Work status codes used by the transitions (lumen:status/work). */
export const WORK = { PENDING_REVIEW: 0, APPROVED: 1, TAKEN_DOWN: 2, REVIEW_FAILED: 3, PENDING_SUBMISSION: 9, NEEDS_INFO: 10, NOT_CERTIFIED: 11 } as const;
/** Under review (4, 5) is locked for the creator. */
export const WORK_EDITABLE = [0, 1, 2, 3, 9, 10, 11];

/**
 * Columns from the metadata form. A changed work goes back to review (0), except a draft that
 * has not been submitted yet (9), which stays a draft.
 */
export function workColumns(form: Record<string, any>, row: Record<string, any>): Record<string, unknown> {
  const tags: string[] = form.tags ?? [];
  // The same weighted vector as the seed, so an edited work's title hits rank in the title tier.
  const tokens: SqlValue = { wrap: (p) => `${p}::tsvector`, value: searchVector({ title: form.title, tags, description: form.description ?? '' }) };
  return {
    title: form.title,
    description: form.description ?? '',
    tags,
    ...(form.price !== undefined ? { price_cents: Math.round(Number(form.price) * 100) } : {}),
    search_tokens: tokens,
    status: Number(row.status) === WORK.PENDING_SUBMISSION ? WORK.PENDING_SUBMISSION : WORK.PENDING_REVIEW,
  };
}
