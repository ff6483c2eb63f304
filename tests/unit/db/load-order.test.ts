import { describe, expect, it } from 'vitest';
import { loadOrder } from '../../../server/src/db/logical-load.js';

const fk = (table: string, references: string) => ({
  name: `${table}_${references}_fkey`,
  table,
  references,
  definition: `FOREIGN KEY (x) REFERENCES ${references}(id)`,
});

/** A restore loads referenced tables first; only keys an order cannot satisfy are dropped during the load. */
describe('loadOrder', () => {
  it('puts every referenced table first and defers nothing when there is no cycle', () => {
    const keys = [fk('payments', 'orders'), fk('orders', 'users'), fk('licences', 'orders'), fk('licences', 'users')];
    const { order, deferred } = loadOrder(['licences', 'orders', 'payments', 'users'], keys);
    for (const k of keys) expect(order.indexOf(k.references)).toBeLessThan(order.indexOf(k.table));
    expect(deferred).toEqual([]);
  });

  it('defers self-references and the one key of a cycle that points forward', () => {
    const keys = [
      fk('users', 'users'),
      fk('demands', 'users'),
      fk('responses', 'demands'),
      fk('demands', 'responses'),
      fk('leftover', 'not_in_snapshot'),
    ];
    const { order, deferred } = loadOrder(['demands', 'responses', 'users', 'leftover'], keys);
    // The cycle is broken at the table with fewest unmet references (ties by name): demands first.
    expect(order).toEqual(['users', 'leftover', 'demands', 'responses']);
    expect(deferred.map((k) => k.name)).toEqual(['users_users_fkey', 'demands_responses_fkey']);
  });
});
