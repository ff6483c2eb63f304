import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { compileDeferred } from '../../../server/src/http/schema-compilers.js';

/**
 * Route validators and response serializers compile on first use (server/src/http/schema-compilers.ts):
 * this compiles every one the app registered, so a schema that does not compile fails here rather
 * than on somebody's first request to its route.
 */
describe('route schemas', () => {
  it('every validator and serializer of the app compiles', async () => {
    const t = await makeTestApp();
    try {
      // Throws on the first that does not compile; afterwards nothing is left deferred.
      compileDeferred();
      expect(compileDeferred()).toBe(0);
      // And they work once compiled: a validator refuses a bad body in Chinese, a serializer answers.
      const bad = await t.app.inject({
        method: 'POST',
        url: '/api/common/userPasswordLogin',
        payload: { username: 'demo_buyer', ts: String(Date.now() * 1000), password: '' },
      });
      expect(bad.json().msg).toBe('请输入密码');
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json().code).toBe(200);
    } finally {
      await t.close();
    }
  });
});
