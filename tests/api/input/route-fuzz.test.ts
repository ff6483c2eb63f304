import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { makeTestApp, makeUser } from '../../helpers/app.js';

/** Every registered route as method + full path, read from Fastify's route tree. */
function registeredRoutes(app: FastifyInstance): Array<{ method: string; url: string }> {
  const out: Array<{ method: string; url: string }> = [];
  const paths: string[] = [];
  // Lines look like `│   ├── /items (POST)`: four characters per level, then the path segment.
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^((?:│ {3}| {4})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = m[1].length / 4;
    paths.length = depth;
    paths[depth] = (paths[depth - 1] ?? '') + m[2];
    for (const method of m[3]?.split(', ') ?? []) if (method !== 'HEAD') out.push({ method, url: paths[depth] });
  }
  return out;
}

/** Values a client might put where an id goes: too long, not a number, overflowing, past int4. */
const BAD_PARAMS = ['9'.repeat(25), 'abc', '1e400', '2147483648', '%00'];
const BAD_QUERY =
  'page=100000000000000000000&pageSize=1e400&limit=1e400&id_gte=abc&createdAt_gte=abc&status_lte=x&keyword=%00';

/**
 * Keeps future routes honest: every route with path params, called with hostile values in each
 * param, and every GET route called with a hostile query, answers something other than a 5xx.
 */
describe('every route refuses hostile params and queries without a 500', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let auth: { authorization: string };
  let routes: Array<{ method: string; url: string }>;

  beforeAll(async () => {
    t = await makeTestApp();
    // Every role, so handlers behind role checks are reached too.
    auth = (await makeUser(t.db, { roles: ['buyer', 'creator', 'staff'] })).auth;
    routes = registeredRoutes(t.app);
  });
  afterAll(() => t?.close());

  const send = (method: string, url: string) =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: auth,
      ...(method === 'POST' || method === 'PUT' ? { payload: {} } : {}),
    });

  it('reads the route table (guards the parser above)', () => {
    expect(routes).toContainEqual({ method: 'GET', url: '/api/order/:id' });
    expect(routes).toContainEqual({ method: 'DELETE', url: '/api/collect/:id/items/:materialId' });
    expect(routes.filter((r) => r.url.includes('/:')).length).toBeGreaterThan(30);
  });

  it('path params', async () => {
    const failures: string[] = [];
    for (const { method, url } of routes.filter((r) => /\/:/.test(r.url))) {
      for (const bad of BAD_PARAMS) {
        const target = url.replace(/:[A-Za-z]+/g, bad);
        const r = await send(method, target);
        if (r.statusCode >= 500) failures.push(`${method} ${target} -> ${r.statusCode} ${r.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('query strings of GET routes', async () => {
    const failures: string[] = [];
    for (const { url } of routes.filter((r) => r.method === 'GET' && !r.url.includes('*'))) {
      const target = `${url.replace(/:[A-Za-z]+/g, '1')}?${BAD_QUERY}`;
      const r = await send('GET', target);
      if (r.statusCode >= 500) failures.push(`GET ${target} -> ${r.statusCode} ${r.body.slice(0, 80)}`);
    }
    expect(failures).toEqual([]);
  });
});
