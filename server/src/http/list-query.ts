/**
 * Parses the list convention of src/dataProvider/index.ts into SQL pieces, allowing only
 * whitelisted columns (names never come from the client into SQL).
 *   page, pageSize, sort, order, field=v, field_like=v, field_gte=v, field_lte=v, field_in=a,b
 * sort and order may list several keys: sort=status,created_at&order=asc,desc.
 * Each column is typed; listQuerySchema(spec) turns the types into the route's querystring schema,
 * so `createdAt_gte=abc` or `page=1e20` is a 400 naming the field before any SQL runs.
 */

/** How a column compares in SQL: smallint/int/bigint as declared, time = timestamptz. */
export type ColumnType = 'smallint' | 'int' | 'bigint' | 'text' | 'time' | 'bool';

export interface ListColumn {
  /** SQL column expression (module constant, never from a request). */
  sql: string;
  type: ColumnType;
  /** Chinese field name for validation messages. */
  title: string;
}

const column =
  (type: ColumnType) =>
  (sql: string, title: string): ListColumn => ({ sql, type, title });

/** Column constructors for list specs: col.time('o.created_at', '下单时间'). */
export const col = {
  smallint: column('smallint'),
  int: column('int'),
  bigint: column('bigint'),
  text: column('text'),
  time: column('time'),
  bool: column('bool'),
};

/** Deepest page any list serves: deeper offsets only cost the database (and 1e20 overflowed it). */
export const MAX_PAGE = 10000;
/** A comparison value outside its column type's range is a database error, so the schema bounds it. */
const INTEGER_MAX: Record<string, number> = { smallint: 32767, int: 2147483647, bigint: Number.MAX_SAFE_INTEGER };

/** Query-schema properties for sort/order; `fields` restricts the sort keys to a list. */
export function sortQueryProps(fields?: readonly string[]) {
  const key = fields ? `(${fields.join('|')})` : null;
  return {
    sort: { type: 'string', title: '排序字段', maxLength: 200, ...(key ? { pattern: `^${key}(,${key})*$` } : {}) },
    order: { type: 'string', title: '排序方向', maxLength: 100, pattern: '^(asc|desc)(,(asc|desc))*$' },
  } as const;
}

/** page/pageSize of every list. */
export function pageQueryProps(maxPageSize = 100, maxPage = MAX_PAGE) {
  return {
    page: { type: 'integer', title: '页码', minimum: 1, maximum: maxPage },
    pageSize: { type: 'integer', title: '每页条数', minimum: 1, maximum: maxPageSize },
  } as const;
}

/** The value schema of a comparison (=, _gte, _lte) on a column of this type. */
function valueSchema(c: ListColumn): Record<string, unknown> {
  switch (c.type) {
    case 'smallint':
    case 'int':
    case 'bigint':
      return { type: 'integer', title: c.title, minimum: -INTEGER_MAX[c.type], maximum: INTEGER_MAX[c.type] };
    case 'time':
      // The client sends dayjs toISOString(); format date-time also refuses 2024-13-45, and
      // PostgreSQL has no year 0000.
      return { type: 'string', title: c.title, format: 'date-time', pattern: '^(?!0000)' };
    case 'bool':
      return { type: 'boolean', title: c.title };
    default:
      return { type: 'string', title: c.title, maxLength: 200 };
  }
}

export interface ListQueryOptions {
  /** Only these sort keys are accepted (others are a 400 instead of being skipped). */
  sortFields?: readonly string[];
  maxPage?: number;
}

/**
 * The querystring schema of a list route, derived from its spec: typed filters per column, a
 * bounded page. Unknown keys stay allowed (parseListQuery ignores them).
 */
export function listQuerySchema(spec: ListSpec, opts: ListQueryOptions = {}) {
  const properties: Record<string, unknown> = {
    ...pageQueryProps(spec.maxPageSize ?? 100, opts.maxPage),
    ...sortQueryProps(opts.sortFields),
  };
  for (const [field, c] of Object.entries(spec.columns)) {
    const value = valueSchema(c);
    properties[field] = value;
    properties[`${field}_gte`] = value;
    properties[`${field}_lte`] = value;
    properties[`${field}_like`] = { type: 'string', title: c.title, maxLength: 200 };
    properties[`${field}_in`] = { type: 'string', title: c.title, maxLength: 2000 };
  }
  return { type: 'object', properties, additionalProperties: true } as const;
}

export interface ListSpec {
  /** client field name -> typed SQL column */
  columns: Record<string, ListColumn>;
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

/**
 * Builds WHERE/ORDER/LIMIT from a query the route's listQuerySchema(spec) has validated; extra
 * conditions (ownership) are appended by the caller.
 */
export function parseListQuery(q: Record<string, any>, spec: ListSpec, params: unknown[] = []): ListSql {
  const where: string[] = [];
  const page = Math.min(MAX_PAGE, Math.max(1, Number(q.page) || 1));
  const pageSize = Math.min(spec.maxPageSize ?? 100, Math.max(1, Number(q.pageSize) || 10));
  for (const [key, raw] of Object.entries(q)) {
    if (raw === undefined || raw === '' || ['page', 'pageSize', 'sort', 'order'].includes(key)) continue;
    const m = key.match(/^(.*?)(_like|_gte|_lte|_in)?$/)!;
    const col = spec.columns[m[1]]?.sql;
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
  const keys = q.sort
    ? String(q.sort)
        .split(',')
        .map((field, i) => ({ field, order: orders[i] }))
    : [];
  const chosen = keys.filter((k) => sortable.includes(k.field) && spec.columns[k.field]);
  if (!chosen.length && spec.defaultSort && spec.columns[spec.defaultSort.field]) chosen.push(spec.defaultSort);
  const orderBy =
    chosen.map((k) => `${spec.columns[k.field].sql} ${k.order === 'asc' ? 'ASC' : 'DESC'}`).join(', ') || '1 DESC';
  return { where, params, orderBy, limit: pageSize, offset: (page - 1) * pageSize, page, pageSize };
}
