import { col } from '../http/list-query.js';
import type { OwnedTable } from './owned-records.js';

/**
 * A creator's works are the core materials they own. `revision_status` is the status of the
 * latest revision while it still concerns the creator (pending 0, rejected 3, needs information
 * 10; lumen:status/work-revision), else null: the list shows "修改审核中" beside an approved work.
 */
export const workTable: OwnedTable = {
  table: 'materials',
  owner: 'owner_id',
  select: `id, type, title, description, tags, status, price_cents, (price_cents / 100.0)::float8 AS price, views, downloads, collects, cover_path, created_at,
    review_appeal,
    (SELECT CASE WHEN r.status IN (0, 3, 10) THEN r.status END FROM material_revisions r
      WHERE r.material_id = materials.id ORDER BY r.id DESC LIMIT 1) AS revision_status`,
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

/** Work status codes (lumen:status/work). */
export const WORK = {
  PENDING_REVIEW: 0,
  APPROVED: 1,
  TAKEN_DOWN: 2,
  REVIEW_FAILED: 3,
  UNDER_REVIEW_A: 4,
  UNDER_REVIEW_B: 5,
  PENDING_SUBMISSION: 9,
  NEEDS_INFO: 10,
  NOT_CERTIFIED: 11,
} as const;

/** Revision status codes (lumen:status/work-revision). */
export const REVISION = { PENDING: 0, APPROVED: 1, REJECTED: 3, NEEDS_INFO: 10, WITHDRAWN: 12 } as const;
