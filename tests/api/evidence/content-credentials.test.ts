import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { call } from '../../helpers/trade.js';
import { startWitness, type WitnessProcess } from '../../helpers/witness.js';
import { assertionOf, readC2pa } from '../../helpers/c2pa-reader.js';
import { recordDeposit } from '../../../server/src/services/deposit-ledger.js';
import { credentialsSignerOf } from '../../../server/src/evidence/credentials/signer.js';
import { signerFromSeed, signerKeyString } from '../../../server/src/evidence/note-signer.js';
import { verifyReceipt, type EvidenceReceipt } from '../../../verify-receipt.mjs';
import { fingerprintWork } from '../../../server/src/services/monitor/fingerprint-works.js';

const run = promisify(execFile);
const ORIGIN = 'lumen.test/credentials-log';
const sha256 = (b: Uint8Array) => crypto.createHash('sha256').update(b).digest('hex');
/** MD5 of every stream's packets as they are (no decoding): equal when the audio and video are untouched. */
const streamsMd5 = async (file: string) =>
  (await run('ffmpeg', ['-loglevel', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'md5', '-'])).stdout.trim();
const pixels = async (b: Uint8Array) => sharp(b).raw().toBuffer({ resolveWithObject: true });

/**
 * Content Credentials on delivery (issue #34 part 1): a licensed JPEG, PNG and MP4 download carry a
 * C2PA manifest that c2pa-rs (the independent reader) verifies, naming the work, creator, licence and
 * deposit, whose evidence receipt the offline verifier confirms with the witness's cosignature; the
 * pixels and streams are the original's.
 */
describe('licensed downloads carry Content Credentials', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-c2pa-'));
  const logSeed = crypto.randomBytes(32);
  let witness: WitnessProcess;
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let buyer: Awaited<ReturnType<typeof makeUser>>;
  let creator: Awaited<ReturnType<typeof makeUser>>;
  const originals: Record<string, Buffer> = {};

  const material = async (ext: 'jpg' | 'png' | 'mp4', original: Buffer) => {
    const key = await t.app.storage.put(t.app.storage.newKey('originals', ext), original);
    const id = Number(
      (
        await t.db.query<{ id: number }>(
          `INSERT INTO materials(type, title, price_cents, original_path, format, owner_id, status)
           VALUES ($1, $2, 1000, $3, $4, $5, 1) RETURNING id`,
          [ext === 'mp4' ? 1 : 11, `流明测试作品 ${ext}`, key, ext.toUpperCase(), creator.id],
        )
      ).rows[0].id,
    );
    await t.db.tx((q) =>
      recordDeposit(q, {
        userId: creator.id,
        materialId: id,
        workName: `流明测试作品 ${ext}`,
        workCategory: 1,
        form: {},
        fileName: `original.${ext}`,
        fileKey: key,
        fileSize: original.length,
        mime: 'application/octet-stream',
        sha256: sha256(original),
      }),
    );
    originals[id] = original;
    return id;
  };
  const buy = async (materialId: number) => {
    const o = await call(t.app, 'POST', '/api/trade/order', buyer.auth, {
      from: 'direct',
      items: [{ materialId, scenario: 'enterprise_new_media' }],
    });
    expect(o.status).toBe(200);
    expect((await call(t.app, 'POST', '/api/trade/pay/wallet', buyer.auth, { orderId: o.body.data.id })).status).toBe(
      200,
    );
  };
  const download = async (materialId: number) => {
    const r = await t.app.inject({ url: `/api/order/download/${materialId}`, headers: buyer.auth });
    expect(r.statusCode).toBe(200);
    return r.rawPayload;
  };

  let jpg: number;
  let png: number;
  let mp4: number;
  beforeAll(async () => {
    witness = await startWitness(path.join(root, 'w1'), 'witness.test/c2pa', [
      signerFromSeed(ORIGIN, logSeed).verifierKey,
    ]);
    t = await makeTestApp({
      EVIDENCE_LOG_KEY: signerKeyString(ORIGIN, logSeed),
      EVIDENCE_WITNESSES: `${witness.url} ${witness.verifierKey}`,
    });
    creator = await makeUser(t.db, { roles: ['buyer', 'creator'] });
    await t.db.query("UPDATE users SET nickname = '川西摄影师' WHERE id = $1", [creator.id]);
    buyer = await makeUser(t.db, { owner_type: 'ORGANISATIONS', company_name: '内容凭证测试传媒有限公司' });
    await t.db.query('UPDATE users SET balance_cents = 100000 WHERE id = $1', [buyer.id]);
    // Structure, not a flat colour: the perceptual fingerprint needs some to be usable (PDQ quality).
    const w = 256;
    const h = 192;
    const raw = Buffer.alloc(w * h * 3);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        const i = (y * w + x) * 3;
        // Diagonal bands of blocks over gradients: shapes PDQ keeps through a resize and recompression.
        const v = ((x >> 5) + (y >> 5)) % 3 === 0 ? 220 : x + y / 2;
        raw[i] = v;
        raw[i + 1] = 255 - v;
        raw[i + 2] = (y * 255) / h;
      }
    const image = sharp(raw, { raw: { width: w, height: h, channels: 3 } });
    jpg = await material('jpg', await image.clone().jpeg({ quality: 90 }).toBuffer());
    png = await material('png', await image.clone().png().toBuffer());
    const clip = path.join(root, 'clip.mp4');
    await run('ffmpeg', [
      ...['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440', '-t', '1', '-c:v', 'libx264', '-pix_fmt', 'yuv420p'],
      ...['-c:a', 'aac', '-movflags', '+faststart', clip],
    ]);
    mp4 = await material('mp4', fs.readFileSync(clip));
    for (const id of [jpg, png, mp4]) await buy(id);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await witness?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it.each([
    ['image/jpeg', () => jpg],
    ['image/png', () => png],
    ['video/mp4', () => mp4],
  ])('%s: a manifest c2pa-rs verifies, naming the work, creator, licence and deposit', async (format, idOf) => {
    const id = idOf();
    const copy = await download(id);
    expect(copy.equals(originals[id])).toBe(false);
    const root = credentialsSignerOf(t.app.config).rootCertificate;

    // Signature and hard binding hold on their own; the chain is trusted once the sandbox root is a trust anchor.
    const untrusted = await readC2pa(format, copy);
    expect(untrusted.success).toEqual(expect.arrayContaining(['claimSignature.validated']));
    expect(untrusted.failure.map((f) => f.code)).toEqual(['signingCredential.untrusted']);
    const r = await readC2pa(format, copy, root);
    expect(r.failure).toEqual([]);
    expect(r.state).toBe('Trusted');
    expect(r.success).toContain(format === 'video/mp4' ? 'assertion.bmffHash.match' : 'assertion.dataHash.match');
    expect(r.manifest.signature_info.common_name).toBe('Lumen Content Credentials (Sandbox)');

    const lic = (await call(t.app, 'GET', '/api/order/authrecord/list', buyer.auth)).body.data.list.find(
      (l: { materialId: number }) => l.materialId === id,
    );
    expect(assertionOf(r, 'stds.schema-org.CreativeWork')).toMatchObject({
      name: `流明测试作品 ${format === 'video/mp4' ? 'mp4' : format === 'image/png' ? 'png' : 'jpg'}`,
      author: [{ '@type': 'Person', name: '川西摄影师' }],
    });
    expect(assertionOf(r, 'cn.lumen.licence')).toMatchObject({
      number: lic.verifyCode,
      orderNo: lic.orderNo,
      scenarioName: '企业新媒体',
      licensee: '内容凭证测试传媒有限公司',
      verifyUrl: expect.stringMatching(new RegExp(`/certifiy/${lic.verifyCode}$`)),
    });
    expect(r.manifest.ingredients).toEqual([
      expect.objectContaining({ relationship: 'parentOf', instance_id: `lumen:sha256:${sha256(originals[id])}` }),
    ]);

    // The deposit's receipt in the manifest: the original's leaf is in a checkpoint the witness cosigned.
    const deposit = assertionOf(r, 'cn.lumen.deposit') as {
      certNo: string;
      certificateUrl: string;
      receipt: EvidenceReceipt;
    };
    expect(deposit.certificateUrl).toContain(`/certifiy/copyright/deposit/${deposit.certNo}`);
    const receipt = deposit.receipt;
    expect(receipt.certNo).toBe(deposit.certNo);
    expect(Number.isInteger(receipt.leafIndex)).toBe(true);
    expect(receipt.checkpoint).toContain(ORIGIN);
    const checked = await verifyReceipt(originals[id], receipt, signerFromSeed(ORIGIN, logSeed).verifierKey, {
      witnesses: [witness.verifierKey],
    });
    expect(checked.steps.filter((s: { ok: boolean | null }) => s.ok === false)).toEqual([]);
    expect(checked.ok).toBe(true);
  });

  it('the copy is the original apart from the manifest: decoded pixels, video and audio packets', async () => {
    for (const id of [jpg, png]) {
      const [a, b] = await Promise.all([pixels(originals[id]), pixels(await download(id))]);
      expect(b.info).toEqual(a.info);
      expect(b.data.equals(a.data)).toBe(true);
    }
    const files = [path.join(root, 'in.mp4'), path.join(root, 'out.mp4')];
    fs.writeFileSync(files[0], originals[mp4]);
    fs.writeFileSync(files[1], await download(mp4));
    const [a, b] = await Promise.all(files.map(streamsMd5));
    expect(a).toMatch(/^MD5=[0-9a-f]{32}$/);
    expect(b).toBe(a);
  });

  it('signs once per licence: a second download is the same copy', async () => {
    const first = await download(jpg);
    const second = await download(jpg);
    expect(second.equals(first)).toBe(true);
  });

  it('a changed pixel breaks the hard binding', async () => {
    const copy = Buffer.from(await download(jpg));
    copy[copy.length - 10] ^= 0xff;
    const r = await readC2pa('image/jpeg', copy, credentialsSignerOf(t.app.config).rootCertificate);
    expect(r.failure.map((f) => f.code)).toContain('assertion.dataHash.mismatch');
  });

  describe('POST /api/protection/credentials/verify (/certifiy, /tool)', () => {
    const verify = async (body: Buffer) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/protection/credentials/verify',
        headers: { 'content-type': 'application/octet-stream' },
        payload: body,
      });
      return { status: r.statusCode, body: r.json() };
    };

    it('a licensed copy: platform signature, the licence standing, the deposit receipt in a witnessed checkpoint', async () => {
      for (const id of [jpg, mp4]) {
        const r = await verify(await download(id));
        expect(r.status).toBe(200);
        expect(r.body.msg).toBe('内容凭证有效：由流明素材签发');
        const c = r.body.data.credentials;
        expect(c).toMatchObject({ valid: true, signedByPlatform: true, failures: [] });
        const lic = (await call(t.app, 'GET', '/api/order/authrecord/list', buyer.auth)).body.data.list.find(
          (l: { materialId: number }) => l.materialId === id,
        );
        expect(c.licence).toMatchObject({
          number: lic.verifyCode,
          licensee: '内容凭证测试传媒有限公司',
          current: true,
        });
        expect(c.work.creator).toBe('川西摄影师');
        expect(c.deposit.originalSha256).toBe(sha256(originals[id]));
        expect(c.receiptSteps.length).toBeGreaterThan(3);
        expect(c.receiptSteps.filter((s: { ok: boolean | null }) => s.ok === false)).toEqual([]);
        expect(c.receiptSteps.map((s: { label: string }) => s.label)).toEqual(
          expect.arrayContaining(['文件哈希', '存证叶子']),
        );
        expect(r.body.data.hashMatches.map((m: { certNo: string }) => m.certNo)).toEqual([c.deposit.certNo]);
      }
    });

    it('a changed copy: the credentials no longer verify, and nothing is vouched for', async () => {
      const copy = Buffer.from(await download(jpg));
      copy[copy.length - 10] ^= 0xff;
      const c = (await verify(copy)).body.data.credentials;
      expect(c.valid).toBe(false);
      expect(c.failures).toContain('assertion.dataHash.mismatch');
      expect(c.licence).toBeNull();
      expect(c.deposit).toBeNull();
    });

    it('a file without credentials: matched by hash, and a re-encoded copy by perceptual fingerprint', async () => {
      const byHash = await verify(originals[jpg]);
      expect(byHash.body.data.credentials).toBeNull();
      expect(byHash.body.data.hashMatches).toHaveLength(1);
      expect(byHash.body.msg).toBe('文件没有内容凭证，已按指纹匹配到平台素材');

      const key = (await t.db.query('SELECT original_path FROM materials WHERE id = $1', [jpg])).rows[0].original_path;
      await fingerprintWork(t.db, t.app.storage, { id: jpg, type: 11, original: key });
      const reencoded = await sharp(originals[jpg]).resize(200).jpeg({ quality: 60 }).toBuffer();
      const r = await verify(reencoded);
      expect(r.body.data.credentials).toBeNull();
      expect(r.body.data.hashMatches).toEqual([]);
      expect(r.body.data.similar[0]).toMatchObject({ materialId: jpg, title: '流明测试作品 jpg' });
      expect(r.body.data.similar[0].similarity).toBeGreaterThan(0.85);

      const unrelated = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#123456' } })
        .png()
        .toBuffer();
      const none = await verify(unrelated);
      expect(none.body.data).toMatchObject({ credentials: null, hashMatches: [], similar: [] });
      expect(none.body.msg).toBe('文件没有内容凭证，也未匹配到平台素材');
    });

    it('no file is a Chinese 400', async () => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/protection/credentials/verify',
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.alloc(0),
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().msg).toBe('请选择要查验的文件');
    });
  });
});
