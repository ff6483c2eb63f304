import type { BaseRecord, CrudFilters, CrudSorting, DataProvider, Pagination } from '@refinedev/core';
import { request } from './axios';

/**
 * REST convention every /api group follows for list/form resources (server: server/src/http/list-query.ts):
 *   GET    /api/<apiPath>/list?page=1&pageSize=20&sort=f1,f2&order=asc,desc&<filters>  -> {list, total}
 *   GET    /api/<apiPath>/<id>            POST /api/<apiPath> (JSON)
 *   PUT    /api/<apiPath>/<id> (JSON)     DELETE /api/<apiPath>/<id>
 * Filters: eq -> field=v, contains -> field_like=v, gte/lte -> field_gte/field_lte, in -> field_in=a,b.
 * apiPath is the resource's meta.apiPath, else its name.
 */
const OPERATOR_SUFFIX: Record<string, string> = { eq: '', contains: '_like', gte: '_gte', lte: '_lte', in: '_in' };

export function filtersToParams(filters: CrudFilters = []): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters) {
    if (!('field' in f)) continue; // conditional (or/and) filters are not part of the convention
    const suffix = OPERATOR_SUFFIX[f.operator];
    if (suffix === undefined || f.value === undefined || f.value === null || f.value === '') continue;
    out[f.field + suffix] = Array.isArray(f.value) ? f.value.join(',') : String(f.value);
  }
  return out;
}

/** Every sorter, in priority order: sort=a,b&order=asc,desc (server: server/src/http/list-query.ts). */
export function sortersToParams(sorters: CrudSorting = []): Record<string, string> {
  if (!sorters.length) return {};
  return { sort: sorters.map((s) => s.field).join(','), order: sorters.map((s) => s.order).join(',') };
}

export function paginationToParams(p?: Pagination): Record<string, number> {
  if (p?.mode === 'off') return { page: 1, pageSize: 1000 };
  return { page: p?.current ?? 1, pageSize: p?.pageSize ?? 10 };
}

const pathOf = (resource: string, meta?: Record<string, any>) => `/api/${meta?.apiPath ?? resource}`;

/** The Refine data provider over the /api groups, through the same envelope rule as every call. */
export const dataProvider: DataProvider = {
  getApiUrl: () => '/api',
  async getList({ resource, pagination, sorters, filters, meta }) {
    const params = {
      ...paginationToParams(pagination),
      ...sortersToParams(sorters),
      ...filtersToParams(filters),
      ...meta?.query,
    };
    const data = await request<{ list: any[]; total: number }>('GET', `${pathOf(resource, meta)}/list`, params);
    return { data: data.list, total: data.total };
  },
  async getOne({ resource, id, meta }) {
    return { data: await request('GET', `${pathOf(resource, meta)}/${id}`) };
  },
  async getMany({ resource, ids, meta }) {
    const data = await request<{ list: any[] }>('GET', `${pathOf(resource, meta)}/list`, {
      id_in: ids.join(','),
      pageSize: ids.length,
    });
    return { data: data.list };
  },
  async create({ resource, variables, meta }) {
    return { data: await request('POST', pathOf(resource, meta), variables as any, { json: true }) };
  },
  async update({ resource, id, variables, meta }) {
    return { data: await request('PUT', `${pathOf(resource, meta)}/${id}`, variables as any, { json: true }) };
  },
  async deleteOne({ resource, id, meta }) {
    return { data: (await request('DELETE', `${pathOf(resource, meta)}/${id}`)) ?? ({ id } as BaseRecord) } as any;
  },
  async custom({ url, method, payload, query, headers }) {
    const m = method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const bodyless = m === 'GET' || m === 'DELETE';
    // Body methods still carry their query string (Refine passes both).
    const data = await request(m, url, (bodyless ? query : payload) as any, {
      json: !bodyless,
      axios: { headers, params: bodyless ? undefined : query },
    });
    return { data } as any;
  },
};
