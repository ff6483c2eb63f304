import { describe, expect, it } from 'vitest';
import { col, parseListQuery } from '../../server/src/http/list-query.js';

const spec = {
  columns: {
    status: col.smallint('t.status', '状态'),
    createdAt: col.time('t.created_at', '创建时间'),
    secret: col.text('t.secret', '密'),
  },
  sortable: ['status', 'createdAt'],
  defaultSort: { field: 'createdAt', order: 'desc' as const },
};

describe('list query sorting', () => {
  it('orders by every listed key with its own direction', () => {
    expect(parseListQuery({ sort: 'status,createdAt', order: 'asc,desc' }, spec).orderBy).toBe(
      't.status ASC, t.created_at DESC',
    );
  });

  it('reads a missing direction as desc and skips keys that are not sortable', () => {
    expect(parseListQuery({ sort: 'secret,status,createdAt', order: 'asc,asc' }, spec).orderBy).toBe(
      't.status ASC, t.created_at DESC',
    );
    expect(parseListQuery({ sort: 'status' }, spec).orderBy).toBe('t.status DESC');
  });

  it('falls back to the default sort, then to the first column', () => {
    expect(parseListQuery({}, spec).orderBy).toBe('t.created_at DESC');
    expect(parseListQuery({ sort: 'secret', order: 'asc' }, spec).orderBy).toBe('t.created_at DESC');
    expect(parseListQuery({}, { columns: { a: col.text('a', 'A') } }).orderBy).toBe('1 DESC');
  });
});
