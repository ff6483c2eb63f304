import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { createKey, sdkFor } from '../../helpers/sdk.js';
import { newIdempotencyKey } from '../../../packages/sdk/src/index.js';

/** Evidence through the public API: a deposit (the site's form and rules) once per Idempotency-Key, receipt, verify. */
describe('public API: evidence deposit, receipt and verify', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let user: Awaited<ReturnType<typeof makeUser>>;
  let image: Buffer;
  beforeAll(async () => {
    t = await makeTestApp();
    user = await makeUser(t.db);
    image = await jpeg(640, 480);
  });
  afterAll(() => t.close());

  const form = (bytes: Buffer, workName = '晨光') => {
    const f = new FormData();
    const meta = { name: 'dawn.jpg', size: bytes.length, type: 'image/jpeg' };
    f.append('data', JSON.stringify({ workName, workCategory: 1, files: [meta] }));
    f.append('files', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'dawn.jpg');
    return f;
  };
  const deposit = (secret: string, body: FormData, idem: string) =>
    sdkFor(t.app, secret).POST('/api/v1/evidence', {
      params: { header: { 'idempotency-key': idem } },
      body: {} as never,
      bodySerializer: () => body,
    });
  const deposits = async () =>
    Number(
      (await t.db.query('SELECT count(*)::int AS n FROM evidence_deposits WHERE user_id = $1', [user.id])).rows[0].n,
    );

  it('deposits once per Idempotency-Key, then its receipt and certificate check come through the key', async () => {
    const { secret } = await createKey(t.app, user.auth, { scopes: ['evidence:deposit', 'evidence:verify'] });
    const idem = newIdempotencyKey();
    const first = await deposit(secret, form(image), idem);
    expect(first.response.status).toBe(200);
    const d = first.data!.data as { id: number; cert_no: string; sha256: string };
    const again = await deposit(secret, form(image), idem);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect((again.data!.data as { id: number }).id).toBe(d.id);
    expect(await deposits()).toBe(1);

    const other = await deposit(secret, form(image, '另一件作品'), idem);
    expect(other.response.status).toBe(422);
    expect(await deposits()).toBe(1);

    const sdk = sdkFor(t.app, secret);
    const receipt = await sdk.GET('/api/v1/evidence/{id}/receipt', { params: { path: { id: d.id } } });
    expect(receipt.data?.data.certNo).toBe(d.cert_no);
    const check = await sdk.GET('/api/v1/evidence/verify/{certNo}', { params: { path: { certNo: d.cert_no } } });
    expect(check.data?.data).toMatchObject({ valid: true, sha256: d.sha256 });
  });

  it('a key without evidence:deposit cannot deposit, and nothing is stored', async () => {
    const { secret } = await createKey(t.app, user.auth, { scopes: ['evidence:verify'] });
    const before = await deposits();
    const r = await deposit(secret, form(await jpeg(320, 240)), newIdempotencyKey());
    expect(r.response.status).toBe(403);
    expect(r.error).toMatchObject({ data: { error: 'scope_missing' } });
    expect(await deposits()).toBe(before);
  });
});
