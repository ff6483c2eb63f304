import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { createKey, sdkFor } from '../../helpers/sdk.js';

/** The per-key request limit, counted in the database window store every app server shares. */
describe('public API: requests per minute', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let user: Awaited<ReturnType<typeof makeUser>>;
  beforeAll(async () => {
    t = await makeTestApp();
    user = await makeUser(t.db);
  });
  afterAll(() => t.close());

  it('of 50 parallel calls exactly the limit succeed, the rest are 429 with Retry-After', async () => {
    const { secret } = await createKey(t.app, user.auth, { scopes: ['catalogue:read'], requestsPerMinute: 20 });
    const sdk = sdkFor(t.app, secret);
    const all = await Promise.all(Array.from({ length: 50 }, () => sdk.GET('/api/v1/catalogue')));
    const ok = all.filter((r) => r.response.status === 200);
    const limited = all.filter((r) => r.response.status === 429);
    expect(ok).toHaveLength(20);
    expect(limited).toHaveLength(30);
    for (const r of limited) {
      expect(r.error).toMatchObject({ success: false, data: { error: 'rate_limited' } });
      const after = Number(r.response.headers.get('retry-after'));
      expect(after).toBeGreaterThanOrEqual(1);
      expect(after).toBeLessThanOrEqual(60);
    }
  });

  it('each key has its own count', async () => {
    const a = await createKey(t.app, user.auth, { scopes: ['catalogue:read'], requestsPerMinute: 1 });
    const b = await createKey(t.app, user.auth, { scopes: ['catalogue:read'], requestsPerMinute: 1 });
    expect((await sdkFor(t.app, a.secret).GET('/api/v1/catalogue')).response.status).toBe(200);
    expect((await sdkFor(t.app, a.secret).GET('/api/v1/catalogue')).response.status).toBe(429);
    expect((await sdkFor(t.app, b.secret).GET('/api/v1/catalogue')).response.status).toBe(200);
  });
});
