import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Route handlers read `req.params`, `req.query` and `req.body` with the types of the schemas Fastify
 * validated them with (server/src/http/type-provider.ts). A cast such as `req.body as { … }` can say
 * something else. None is left; a file that needs one must be listed here with its count.
 */
const STILL_CASTING: Record<string, number> = {};
const CAST = /\b(req|request)\.(body|query|params) as\b/g;

function serverFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f))
    .map((f) => path.join(dir, f));
}

describe('route input is typed by its schema', () => {
  it('no new casts of req.params, req.query or req.body', () => {
    const found: Record<string, number> = {};
    for (const file of serverFiles('server/src')) {
      const n = (fs.readFileSync(file, 'utf8').match(CAST) ?? []).length;
      if (n) found[file.split(path.sep).join('/')] = n;
    }
    const over = Object.entries(found)
      .filter(([file, n]) => n > (STILL_CASTING[file] ?? 0))
      .map(([file, n]) => `${file}: ${n} (allowed ${STILL_CASTING[file] ?? 0})`);
    expect(over).toEqual([]);
    // A file that dropped its casts leaves the list, so the list stays the truth.
    const stale = Object.entries(STILL_CASTING)
      .filter(([file, n]) => (found[file] ?? 0) < n)
      .map(([file]) => file);
    expect(stale).toEqual([]);
  });
});
