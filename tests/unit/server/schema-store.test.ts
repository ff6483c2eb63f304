import { describe, expect, it } from 'vitest';
import { SchemaStore } from '../../../server/src/schemas/store';
import type { Db } from '../../../server/src/db/index';

const ID = 'lumen:rules/deposit';

/**
 * A database holding schema_versions rows; each read can be held open, so a test can save while an
 * older read is still on its way back, as happens when requests overlap on a busy server.
 */
function fakeDb() {
  const rows: Array<{ schema_id: string; version: number; body: unknown }> = [];
  const held: Array<() => void> = [];
  let hold = false;
  let reads = 0;
  const db = {
    async query(sql: string) {
      if (!/FROM schema_versions/.test(sql)) throw new Error(`unexpected query ${sql}`);
      reads++;
      const snapshot = rows.map((r) => ({ ...r }));
      if (hold) await new Promise<void>((resolve) => held.push(resolve));
      return { rows: snapshot, rowCount: snapshot.length };
    },
    async listen() {
      return async () => {};
    },
  } as unknown as Db;
  return {
    db,
    save: (version: number) => rows.push({ schema_id: ID, version, body: { title: `v${version}` } }),
    holdReads: (on: boolean) => (hold = on),
    releaseReads: () => held.splice(0).forEach((f) => f()),
    reads: () => reads,
  };
}

describe('SchemaStore (the server cache of current schema versions)', () => {
  it('serves the latest version after a save, from one read until the next save', async () => {
    const f = fakeDb();
    const store = new SchemaStore(f.db);
    expect((await store.get(ID))?.version).toBe(0);
    f.save(1);
    expect((await store.get(ID))?.version).toBe(0); // cached until told
    store.invalidate();
    expect((await store.get(ID))?.version).toBe(1);
    await store.get(ID);
    expect(f.reads()).toBe(2);
  });

  it('a read that began before a save does not keep the older version as current', async () => {
    const f = fakeDb();
    const store = new SchemaStore(f.db);
    f.save(1);
    f.holdReads(true);
    const early = store.get(ID); // reads while only version 1 exists, then waits
    await new Promise((r) => setTimeout(r, 0));
    f.save(2);
    store.invalidate(); // what the save route does once version 2 is stored
    f.holdReads(false);
    const late = store.get(ID);
    f.releaseReads();
    expect((await late)?.version).toBe(2);
    expect((await early)?.version).toBe(2);
    // And nothing stale was cached for later requests either.
    expect((await store.get(ID))?.version).toBe(2);
  });
});
