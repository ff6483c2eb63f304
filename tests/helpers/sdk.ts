import type { FastifyInstance } from 'fastify';
import { createLumenClient, type LumenClient } from '../../packages/sdk/src/index.js';
import type { CreateApiKeyForm } from '../../src/schemas/api-keys/create-key.js';

/**
 * A fetch that answers through app.inject (no port): the SDK's requests reach the real routes.
 * `remoteAddress` is the caller's IP the server sees (IP allow-list tests).
 */
export function injectFetch(app: FastifyInstance, remoteAddress = '127.0.0.1') {
  return async (req: Request): Promise<Response> => {
    const url = new URL(req.url);
    const body = req.body ? Buffer.from(await req.arrayBuffer()) : undefined;
    const r = await app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(req.headers),
      payload: body,
      remoteAddress,
    });
    const headers = new Headers();
    for (const [k, v] of Object.entries(r.headers)) if (v !== undefined) headers.set(k, String(v));
    return new Response(r.statusCode === 204 ? null : new Uint8Array(r.rawPayload), { status: r.statusCode, headers });
  };
}

/** The SDK on an in-process app, with a key. */
export const sdkFor = (app: FastifyInstance, apiKey: string, remoteAddress?: string): LumenClient =>
  createLumenClient({ baseUrl: 'http://lumen.test', apiKey, fetch: injectFetch(app, remoteAddress) });

/** Creates a key through the account's own route (a signed-in session); its secret and id. */
export async function createKey(
  app: FastifyInstance,
  auth: { authorization: string },
  form: Partial<CreateApiKeyForm> & Pick<CreateApiKeyForm, 'scopes'>,
): Promise<{ id: number; secret: string }> {
  const r = await app.inject({
    method: 'POST',
    url: '/api/user/api-keys',
    headers: auth,
    payload: { name: '测试密钥', ...form },
  });
  if (r.statusCode !== 200) throw new Error(`create key: ${r.statusCode} ${r.body}`);
  const d = r.json().data;
  return { id: d.key.id, secret: d.secret };
}
