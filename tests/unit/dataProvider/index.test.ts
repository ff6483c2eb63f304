import { describe, expect, it } from 'vitest';
import { dataProvider, filtersToParams, paginationToParams, sortersToParams } from '../../../src/dataProvider';
import { RequestError } from '../../../src/dataProvider/axios';
import { envelope, mockHttp } from './mock-adapter';

describe('query mapping helpers', () => {
  it('maps pagination, defaulting to page 1 of 10, and "off" to one large page', () => {
    expect(paginationToParams({ current: 3, pageSize: 20 })).toEqual({ page: 3, pageSize: 20 });
    expect(paginationToParams(undefined)).toEqual({ page: 1, pageSize: 10 });
    expect(paginationToParams({ mode: 'off' })).toEqual({ page: 1, pageSize: 1000 });
  });

  it('maps the first sorter to sort/order', () => {
    expect(
      sortersToParams([
        { field: 'price', order: 'desc' },
        { field: 'id', order: 'asc' },
      ]),
    ).toEqual({ sort: 'price,id', order: 'desc,asc' });
    expect(sortersToParams([])).toEqual({});
    expect(sortersToParams(undefined)).toEqual({});
  });

  it('maps filter operators onto suffixes and drops empty and unsupported ones', () => {
    expect(
      filtersToParams([
        { field: 'status', operator: 'eq', value: 2 },
        { field: 'title', operator: 'contains', value: '春节' },
        { field: 'price', operator: 'gte', value: 100 },
        { field: 'price', operator: 'lte', value: 900 },
        { field: 'type', operator: 'in', value: [1, 2] },
        { field: 'free', operator: 'eq', value: false },
        { field: 'empty', operator: 'eq', value: '' },
        { field: 'nil', operator: 'eq', value: null },
        { field: 'x', operator: 'ne', value: 1 },
        { operator: 'or', value: [{ field: 'a', operator: 'eq', value: 1 }] },
      ]),
    ).toEqual({ status: '2', title_like: '春节', price_gte: '100', price_lte: '900', type_in: '1,2', free: 'false' });
  });
});

describe('data provider', () => {
  it('getList: GET /api/<resource>/list with pagination, sorting, filters and meta.query', async () => {
    const calls = mockHttp(() => ({ data: envelope({ list: [{ id: 1 }], total: 41 }) }));
    const r = await dataProvider.getList({
      resource: 'works',
      pagination: { current: 2, pageSize: 20 },
      sorters: [{ field: 'created_at', order: 'desc' }],
      filters: [{ field: 'status', operator: 'eq', value: 1 }],
      meta: { query: { scope: 'mine' } },
    });
    expect(r).toEqual({ data: [{ id: 1 }], total: 41 });
    expect(calls[0]).toMatchObject({
      method: 'get',
      url: '/api/works/list',
      params: { page: 2, pageSize: 20, sort: 'created_at', order: 'desc', status: '1', scope: 'mine' },
    });
  });

  it('uses meta.apiPath instead of the resource name', async () => {
    const calls = mockHttp(() => ({ data: envelope({ list: [], total: 0 }) }));
    await dataProvider.getList({ resource: 'deposits', meta: { apiPath: 'protection/deposit' } });
    expect(calls[0].url).toBe('/api/protection/deposit/list');
  });

  it('getOne, create, update, deleteOne', async () => {
    const calls = mockHttp((cfg) => ({ data: envelope(cfg.method === 'delete' ? null : { id: 7, title: 'x' }) }));
    expect(await dataProvider.getOne({ resource: 'works', id: 7 })).toEqual({ data: { id: 7, title: 'x' } });
    expect(await dataProvider.create({ resource: 'works', variables: { title: 'x' } })).toEqual({
      data: { id: 7, title: 'x' },
    });
    expect(await dataProvider.update({ resource: 'works', id: 7, variables: { title: 'y' } })).toEqual({
      data: { id: 7, title: 'x' },
    });
    expect(await dataProvider.deleteOne({ resource: 'works', id: 7 })).toEqual({ data: { id: 7 } });
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['get', '/api/works/7'],
      ['post', '/api/works'],
      ['put', '/api/works/7'],
      ['delete', '/api/works/7'],
    ]);
    expect(JSON.parse(calls[1].data)).toEqual({ title: 'x' });
    expect(JSON.parse(calls[2].data)).toEqual({ title: 'y' });
  });

  it('getMany asks the list for the ids', async () => {
    const calls = mockHttp(() => ({ data: envelope({ list: [{ id: 1 }, { id: 2 }], total: 2 }) }));
    expect(await dataProvider.getMany!({ resource: 'works', ids: [1, 2] })).toEqual({ data: [{ id: 1 }, { id: 2 }] });
    expect(calls[0].params).toEqual({ id_in: '1,2', pageSize: 2 });
  });

  it('custom GET sends the query; custom POST sends JSON and keeps its query and headers', async () => {
    const calls = mockHttp(() => ({ data: envelope({ done: true }) }));
    expect(await dataProvider.custom!({ url: '/api/trade/cart', method: 'get', query: { a: 1 } })).toEqual({
      data: { done: true },
    });
    await dataProvider.custom!({
      url: '/api/trade/order',
      method: 'post',
      payload: { ids: [1] },
      query: { from: 'cart' },
      headers: { 'X-Test': '1' },
    });
    expect(calls[0]).toMatchObject({ method: 'get', params: { a: 1 } });
    expect(calls[1]).toMatchObject({ method: 'post', params: { from: 'cart' } });
    expect(JSON.parse(calls[1].data)).toEqual({ ids: [1] });
    expect(calls[1].headers['X-Test']).toBe('1');
  });

  it('rejects through the same envelope rule', async () => {
    mockHttp(() => ({ data: { code: 500, msg: '无权查看' } }));
    await expect(dataProvider.getOne({ resource: 'works', id: 1 })).rejects.toEqual(new RequestError('无权查看', 500));
    mockHttp(() => ({ status: 404, data: { code: 404, success: false, msg: '记录不存在' } }));
    await expect(dataProvider.getList({ resource: 'works' })).rejects.toMatchObject({
      message: '记录不存在',
      code: 404,
    });
  });

  it('reports its API URL', () => {
    expect(dataProvider.getApiUrl()).toBe('/api');
  });
});
