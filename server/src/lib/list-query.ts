/**
 * Parses the list convention of src/dataProvider/index.ts into SQL pieces, allowing only
 * whitelisted columns (names never come from the client into SQL).
 *   page, pageSize, sort, order, field=v, field_like=v, field_gte=v, field_lte=v, field_in=a,b
 * sort and order may list several keys: sort=status,created_at&order=asc,desc.
 */

/** Query-schema properties for sort/order; `fields` restricts the sort keys to a list. */
export function sortQueryProps(fields?: readonly string[]) {
  const key = fields ? `(${fields.join('|')})` : null;
  return {
    sort: { type: 'string', title: '排序字段', maxLength: 200, ...(key ? { pattern: `^${key}(,${key})*$` } : {}) },
    order: { type: 'string', title: '排序方向', maxLength: 100, pattern: '^(asc|desc)(,(asc|desc))*$' },
  } as const;
}
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
  // sort=a,b&order=asc,desc: one direction per field, a missing one is desc; unknown fields are skipped.
  const sortable = spec.sortable ?? Object.keys(spec.columns);
  const orders = String(q.order ?? '').split(',');
  const keys = q.sort ? String(q.sort).split(',').map((field, i) => ({ field, order: orders[i] })) : [];
  const chosen = keys.filter((k) => sortable.includes(k.field) && spec.columns[k.field]);
  if (!chosen.length && spec.defaultSort && spec.columns[spec.defaultSort.field]) chosen.push(spec.defaultSort);
  const orderBy = chosen.map((k) => `${spec.columns[k.field]} ${k.order === 'asc' ? 'ASC' : 'DESC'}`).join(', ') || '1 DESC';
  return { where, params, orderBy, limit: pageSize, offset: (page - 1) * pageSize, page, pageSize };
}
