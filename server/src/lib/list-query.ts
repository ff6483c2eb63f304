/**
 * Parses the list convention of src/dataProvider/index.ts into SQL pieces, allowing only
 * whitelisted columns (names never come from the client into SQL).
 *   page, pageSize, sort, order, field=v, field_like=v, field_gte=v, field_lte=v, field_in=a,b
 */
export interface ListSpec {
  /** client field name -> SQL column expression */
  columns: Record<string, string>;
  sortable?: string[];
  defaultSort?: { field: string; order: 'asc' | 'desc' };
  maxPageSize?: number;
}

export interface ListSql {
  where: string[];
  params: unknown[];
  orderBy: string;
  limit: number;
  offset: number;
  page: number;
  pageSize: number;
}

/** Builds WHERE/ORDER/LIMIT from a query; extra conditions (ownership) are appended by the caller. */
export function parseListQuery(q: Record<string, any>, spec: ListSpec, params: unknown[] = []): ListSql {
  const where: string[] = [];
  const page = Math.max(1, Number(q.page) || 1);
  const pageSize = Math.min(spec.maxPageSize ?? 100, Math.max(1, Number(q.pageSize) || 10));
  for (const [key, raw] of Object.entries(q)) {
    if (raw === undefined || raw === '' || ['page', 'pageSize', 'sort', 'order'].includes(key)) continue;
    const m = key.match(/^(.*?)(_like|_gte|_lte|_in)?$/)!;
    const col = spec.columns[m[1]];
    if (!col) continue;
    const value = String(raw);
    switch (m[2]) {
      case '_like':
        params.push(`%${value.replace(/[\\%_]/g, '\\$&')}%`);
        where.push(`${col}::text ILIKE $${params.length}`);
        break;
      case '_gte':
        params.push(value);
        where.push(`${col} >= $${params.length}`);
        break;
      case '_lte':
        params.push(value);
        where.push(`${col} <= $${params.length}`);
        break;
      case '_in':
        params.push(value.split(','));
        where.push(`${col}::text = ANY($${params.length}::text[])`);
        break;
      default:
        params.push(value);
        where.push(`${col}::text = $${params.length}`);
    }
  }
  const sortField = q.sort && (spec.sortable ?? Object.keys(spec.columns)).includes(q.sort) ? q.sort : spec.defaultSort?.field;
  const order = (q.sort ? q.order : spec.defaultSort?.order) === 'asc' ? 'ASC' : 'DESC';
  const orderBy = sortField && spec.columns[sortField] ? `${spec.columns[sortField]} ${order}` : '1 DESC';
  return { where, params, orderBy, limit: pageSize, offset: (page - 1) * pageSize, page, pageSize };
}
