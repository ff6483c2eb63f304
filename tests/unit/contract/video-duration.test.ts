import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bundledSchema, durationClasses, inDurationClass } from '../../../src/schemas';

/**
 * lumen:enums/video-duration holds the classes' bounds; the client's filter and the search engine's
 * browse condition read them. Migration 132's facet function cannot read JSON, so this holds its
 * thresholds to the table's.
 */
describe('video duration classes', () => {
  const classes = durationClasses(bundledSchema);
  const classOf = (sec: number) => classes.filter((c) => inDurationClass(c, sec)).map((c) => c.code);

  it('every length falls in exactly one class; exactly 30 minutes is 10-30分钟', () => {
    expect([0, 599.9, 600, 1800, 1800.5, 7200].map(classOf)).toEqual([
      ['VIDEO_SHORT'],
      ['VIDEO_SHORT'],
      ['VIDEO_MIDDLE'],
      ['VIDEO_MIDDLE'],
      ['VIDEO_LONG'],
      ['VIDEO_LONG'],
    ]);
    expect(classes.map((c) => c.label)).toEqual(['10分钟以下', '10-30分钟', '30分钟以上']);
  });

  it("migration 132's facet tokens use the table's bounds", () => {
    const sql = fs.readFileSync('server/src/db/migrations/132_search_facets.sql', 'utf8');
    const [short, middle] = classes;
    expect(sql).toContain(`WHEN duration < ${short.maxSec} THEN ARRAY['~dshort']`);
    expect(sql).toContain(`WHEN duration <= ${middle.maxSec} THEN ARRAY['~dmiddle']`);
    expect([short.maxInclusive, middle.minInclusive, middle.maxInclusive]).toEqual([false, true, true]);
  });
});
