import { describe, expect, it } from 'vitest';
import { parseListQuery } from '../../server/src/lib/list-query.js';

const spec = { columns: { status: 't.status', createdAt: 't.created_at', secret: 't.secret' }, sortable: ['status', 'createdAt'], defaultSort: { field: 'createdAt', order: 'desc' as const } };

describe('list query sorting', () => {
  it('orders by every listed key with its own direction', () => {
    expect(parseListQuery({ sort: 'status,createdAt', order: 'asc,desc' }, spec).orderBy).toBe('t.status ASC, t.created_at DESC');
  });

  it('reads a missing direction as desc and skips keys that are not sortable', () => {
    expect(parseListQuery({ sort: 'secret,status,createdAt', order: 'asc,asc' }, spec).orderBy).toBe('t.status ASC, t.created_at DESC');
    expect(parseListQuery({ sort: 'status' }, spec).orderBy).toBe('t.status DESC');
  });

  it('falls back to the default sort, then to the first column', () => {
    expect(parseListQuery({}, spec).orderBy).toBe('t.created_at DESC');
    expect(parseListQuery({ sort: 'secret', order: 'asc' }, spec).orderBy).toBe('t.created_at DESC');
    expect(parseListQuery({}, { columns: { a: 'a' } }).orderBy).toBe('1 DESC');
  });
});
