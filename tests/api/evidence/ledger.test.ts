import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, makeUser } from '../../helpers/app.js';
import { jpeg } from '../../helpers/media.js';
import { formWithFiles, metaOf } from '../../helpers/multipart.js';
import { migrate } from '../../../server/src/db/migrate.js';
import { canonicalJson, appendBlock } from '../../../server/src/evidence/ledger.js';
import { consistencyProof, rootAt } from '../../../server/src/evidence/proofs.js';
import { behindTrigger, rebuildNodes } from '../../helpers/evidence-insider.js';
import type { Db } from '../../../server/src/db/index.js';
import { signerFromSeed } from '../../../server/src/evidence/note-signer.js';
import { ensureCheckpoint } from '../../../server/src/evidence/checkpoints.js';
import {
  fromBase64,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyConsistency,
  verifyNoteSignature,
  verifyReceipt,
} from '../../../verify-receipt.mjs';

const run = promisify(execFile);
const SCRIPT = path.resolve('verify-receipt.mjs');
const sha256hex = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest('hex');
const oldFile = (i: number) => Buffer.from(`迁移前的存证文件 ${i}`);
const oldCert = (i: number) => `LM2026010100${String(i + 1).padStart(6, '0')}`;

/** Three deposits on the linear hash chain as it was before migration 820. */
async function writeOldChain(db: Db) {
  await migrate(db, { before: '820' });
  const user = Number(
    (
      await db.query(
        `INSERT INTO users(phone, nickname, roles) VALUES ('13900000820', '老用户', '{buyer}') RETURNING id`,
      )
    ).rows[0].id,
  );
  let prev = '0'.repeat(64);
  for (let i = 0; i < 3; i++) {
    const at = new Date(Date.UTC(2026, 0, 1, 8, 0, i));
    const payload = {
      type: 'evidence-deposit',
      depositId: i + 1,
      certNo: oldCert(i),
      userId: user,
      sha256: sha256hex(oldFile(i)),
      workName: `旧作品${i}`,
      fileName: `old${i}.txt`,
    };
    const payloadHash = sha256hex(canonicalJson(payload));
    const hash = sha256hex(`${i}|${prev}|${payloadHash}|${at.toISOString()}`);
    await db.query(
      'INSERT INTO ledger_blocks(height, prev_hash, payload_hash, hash, payload, created_at) VALUES ($1,$2,$3,$4,$5,$6)',
      [i, prev, payloadHash, hash, JSON.stringify(payload), at],
    );
    await db.query(
      `INSERT INTO evidence_deposits(id, user_id, work_name, work_category, form, file_name, file_key, file_size, mime, sha256, status, ledger_height, cert_no, deposited_at)
       VALUES ($1, $2, $3, 1, '{}', $4, 'x', 10, 'text/plain', $5, 1, $6, $7, $8)`,
      [i + 1, user, payload.workName, payload.fileName, payload.sha256, i, payload.certNo, at],
    );
    prev = hash;
  }
  await db.query(`SELECT setval('evidence_deposits_id_seq', 3)`);
}

describe('evidence log (RFC 9162 Merkle tree, signed checkpoints, receipts)', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let alice: Awaited<ReturnType<typeof makeUser>>;
  let image: { filename: string; contentType: string; data: Buffer };
  let vkey: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-receipt-'));

  beforeAll(async () => {
    t = await makeTestApp({}, { beforeMigrate: writeOldChain });
    alice = await makeUser(t.db);
    image = { filename: '回执测试.jpg', contentType: 'image/jpeg', data: await jpeg(480, 480) };
    vkey = (await t.app.inject({ url: '/api/protection/ledger/key' })).json().data.verifierKey;
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const deposit = async () => {
    const body = formWithFiles(
      { workName: '回执测试', workCategory: 1, files: [metaOf(image, { width: 480, height: 480 })] },
      [image],
    );
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/protection/deposit',
      headers: { ...alice.auth, ...body.headers },
      payload: body.payload,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data;
  };
  /** A client's view of the latest checkpoint, after checking its signature against the pinned key. */
  const fetchCheckpoint = async () => {
    const note = (await t.app.inject({ url: '/api/protection/ledger/checkpoint' })).body;
    expect(await verifyNoteSignature(note, (await parseVerifierKey(vkey))!)).toBe(true);
    return parseCheckpoint(parseNote(note)!.text)!;
  };
  /** What the verify page does with a checkpoint it kept: ask for a consistency proof to the newest one. */
  const stillConsistent = async (old: { size: number; root: Uint8Array }) => {
    const now = await fetchCheckpoint();
    const r = await t.app.inject({ url: `/api/protection/ledger/consistency?from=${old.size}&to=${now.size}` });
    expect(r.statusCode, r.body).toBe(200);
    return verifyConsistency(old.size, now.size, old.root, now.root, r.json().data.path.map(fromBase64));
  };

  it('migrated the old hash chain in order: old certificates keep their numbers, indexes and verify', async () => {
    const leaves = (await t.db.query('SELECT idx, cert_no FROM evidence_log_leaves ORDER BY idx')).rows;
    expect(leaves.map((r) => [Number(r.idx), r.cert_no])).toEqual([0, 1, 2].map((i) => [i, oldCert(i)]));
    for (let i = 0; i < 3; i++) {
      const v = (await t.app.inject({ url: `/api/protection/deposit/verify/${oldCert(i)}` })).json().data;
      expect(v).toMatchObject({ valid: true, height: i, sha256: sha256hex(oldFile(i)) });
      const receipt = (await t.app.inject({ url: `/api/protection/ledger/proof?certNo=${oldCert(i)}` })).json().data;
      const r = await verifyReceipt(oldFile(i), receipt, vkey);
      expect(r.steps.filter((s) => s.ok === false)).toEqual([]);
      expect(Buffer.from(receipt.leaf, 'base64').toString()).toContain(`time 2026-01-01T08:00:0${i}.000Z\n`);
    }
  });

  it('publishes the signed checkpoint, the key and the history; bad queries get Chinese 400s', async () => {
    const r = await t.app.inject({ url: '/api/protection/ledger/checkpoint' });
    expect(r.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(r.headers['cache-control']).toBe('public, max-age=10');
    const [origin, size, root, blank, sig] = r.body.split('\n');
    expect([origin, size, blank]).toEqual([vkey.split('+')[0], '3', '']);
    expect(fromBase64(root)).toHaveLength(32);
    expect(sig).toMatch(new RegExp(`^\u2014 ${origin.replace(/[.]/g, '\\.')} [A-Za-z0-9+/]{91}=$`));
    const history = (await t.app.inject({ url: '/api/protection/ledger/checkpoints' })).json().data.list;
    expect(history[0]).toMatchObject({ treeSize: 3, rootHash: root, note: r.body });

    const bad = async (url: string, status: number, msg: string | RegExp) => {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(status);
      expect(res.json().msg).toMatch(msg);
    };
    await bad('/api/protection/ledger/consistency?from=3&to=2', 400, '旧树大小不能大于新树大小');
    await bad('/api/protection/ledger/consistency?from=1&to=99', 400, '新树大小不能超过当前日志大小 3');
    await bad('/api/protection/ledger/consistency?from=0&to=2', 400, /[\u4e00-\u9fff]/);
    await bad('/api/protection/ledger/consistency?from=abc&to=2', 400, /[\u4e00-\u9fff]/);
    await bad('/api/protection/ledger/proof?certNo=%27%3Bdrop', 400, /[\u4e00-\u9fff]/);
    await bad('/api/protection/ledger/proof?certNo=LM2099010100000001', 404, '证书不存在');
    // A server holding another key (app servers without a shared DATA_DIR or EVIDENCE_LOG_KEY) refuses to sign.
    const stranger = {
      signer: signerFromSeed(origin, crypto.randomBytes(32)),
      tsa: null,
      lastCheckpointFile: path.join(dir, 'stranger-checkpoint.txt'),
      witnesses: [],
    };
    await expect(ensureCheckpoint(t.db, stranger)).rejects.toThrow('存证日志签名密钥与已发布的检查点不一致');
    const c = await t.app.inject({ url: '/api/protection/ledger/consistency?from=1&to=3' });
    expect(c.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('the offline script verifies a real receipt and rejects each kind of tampering', async () => {
    const d = await deposit();
    const dl = await t.app.inject({ url: `/api/protection/deposit/${d.id}/receipt`, headers: alice.auth });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-disposition']).toContain('.json');
    const receipt = dl.json();
    const file = path.join(dir, 'original.jpg');
    fs.writeFileSync(file, image.data);
    const verify = async (rc: object, f = file, key = vkey) => {
      const rf = path.join(dir, `r-${crypto.randomUUID()}.json`);
      fs.writeFileSync(rf, JSON.stringify(rc));
      try {
        const { stdout } = await run(process.execPath, [SCRIPT, f, rf, '--key', key]);
        return { code: 0, out: stdout };
      } catch (e: any) {
        return { code: e.code as number, out: String(e.stdout) };
      }
    };
    const good = await verify(receipt);
    expect(good, good.out).toMatchObject({ code: 0 });
    expect(good.out).toContain('结论：验证通过');
    expect(good.out).toContain('✔ 可信时间戳');

    // The checkpoint's RFC 3161 token is one openssl accepts with the published sandbox CA.
    const key = (await t.app.inject({ url: '/api/protection/ledger/key' })).json().data;
    fs.writeFileSync(path.join(dir, 'ca.pem'), key.tsa.rootCertificate);
    fs.writeFileSync(path.join(dir, 'checkpoint.txt'), receipt.checkpoint);
    fs.writeFileSync(path.join(dir, 'token.tsr'), Buffer.from(receipt.timestamp.token, 'base64'));
    const ossl = await run('openssl', [
      'ts',
      '-verify',
      '-data',
      path.join(dir, 'checkpoint.txt'),
      '-in',
      path.join(dir, 'token.tsr'),
      '-CAfile',
      path.join(dir, 'ca.pem'),
    ]);
    expect(ossl.stdout).toContain('Verification: OK');
    const older = (
      await t.db.query(
        'SELECT tsa_token FROM evidence_checkpoints WHERE tree_size < $1 AND tsa_token IS NOT NULL ORDER BY tree_size LIMIT 1',
        [receipt.treeSize],
      )
    ).rows[0].tsa_token;

    const other = path.join(dir, 'other.jpg');
    fs.writeFileSync(other, Buffer.concat([image.data, Buffer.from([0])]));
    const otherLeaf = (await t.app.inject({ url: `/api/protection/ledger/proof?certNo=${oldCert(0)}` })).json().data
      .leaf;
    const flip = (b64: string) => {
      const b = Buffer.from(b64, 'base64');
      b[0] ^= 1;
      return b.toString('base64');
    };
    const note = receipt.checkpoint as string;
    const otherKey = `${vkey.split('+')[0]}+00000000+${Buffer.concat([Buffer.from([1]), crypto.randomBytes(32)]).toString('base64')}`;
    const cases: Array<[string, Promise<{ code: number; out: string }>, string]> = [
      ['another file', verify(receipt, other), '✘ 文件哈希'],
      ['another leaf', verify({ ...receipt, leaf: otherLeaf }), '✘ 存证叶子'],
      [
        'a changed path hash',
        verify({
          ...receipt,
          inclusionPath: receipt.inclusionPath.map((h: string, i: number) => (i === 0 ? flip(h) : h)),
        }),
        '✘ 默克尔包含证明',
      ],
      ['another leaf index', verify({ ...receipt, leafIndex: receipt.leafIndex - 1 }), '✘ 默克尔包含证明'],
      [
        'a forged root in the checkpoint',
        verify({ ...receipt, checkpoint: note.replace(note.split('\n')[2], flip(note.split('\n')[2])) }),
        '✘ 检查点签名',
      ],
      ['a key the user did not pin', verify(receipt, file, otherKey), '✘ 检查点签名'],
      [
        'the timestamp of another checkpoint',
        verify({ ...receipt, timestamp: { token: Buffer.from(older).toString('base64') } }),
        '✘ 可信时间戳',
      ],
    ];
    if (!receipt.inclusionPath.length) throw new Error('the receipt should have an inclusion path');
    for (const [what, result, mark] of cases) {
      const r = await result;
      expect(r.code, what).toBe(1);
      expect(r.out, what).toContain(mark);
      expect(r.out, what).toContain('结论：验证失败');
    }
  });

  it('gives web-capture, screen-recording and trace certificates the same offline receipt as deposits', async () => {
    for (const [type, prefix] of [
      ['web-capture', 'WC'],
      ['screen-capture', 'SR'],
      ['trace-cert', 'TR'],
    ] as const) {
      const manifest = Buffer.from(`{"artefacts":"${prefix} manifest ${Date.now()}"}`);
      const certNo = `${prefix}2026112500000001-ABCDEF`;
      await t.db.tx((q) => appendBlock(q, { type, sha256: sha256hex(manifest), certNo }));
      const res = await t.app.inject({ url: `/api/protection/ledger/proof?certNo=${certNo}` });
      expect(res.statusCode, res.body).toBe(200);
      const r = await verifyReceipt(manifest, res.json().data, vkey);
      expect(
        r.steps.filter((s) => s.ok === false),
        type,
      ).toEqual([]);
      expect(
        (await verifyReceipt(Buffer.from('another file'), res.json().data, vkey)).steps.some((s) => s.ok === false),
      ).toBe(true);
    }
    expect(
      (await t.app.inject({ url: '/api/protection/ledger/proof?certNo=XX2026112500000001-ABCDEF' })).statusCode,
    ).toBe(400);
  });

  it('parallel appends take distinct consecutive indexes, with leaf times in log order', async () => {
    const held = await fetchCheckpoint();
    const made = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.db.tx((q) => appendBlock(q, { type: 'web-capture', sha256: String(i).repeat(64) })),
      ),
    );
    const idx = made.map((b) => b.height).sort((a, b) => a - b);
    expect(idx).toEqual(Array.from({ length: 8 }, (_, i) => held.size + i));
    const rows = (await t.db.query('SELECT leaf FROM evidence_log_leaves WHERE idx >= $1 ORDER BY idx', [held.size]))
      .rows;
    const times = rows.map((r) => /\ntime (\S+)\n/.exec(Buffer.from(r.leaf).toString())![1]);
    expect([...times].sort()).toEqual(times);
    expect(await stillConsistent(held)).toBe(true);
  });

  it("a tampered leaf with its hashes recomputed: the server refuses to sign; a checkpoint signed anyway fails the client's consistency check", async () => {
    // Honest growth stays consistent.
    const held = await fetchCheckpoint();
    const early = await deposit();
    expect(await stillConsistent(held)).toBe(true);

    // One earlier leaf changed, its subtrees recomputed so that its own proofs still check out.
    const kept = await fetchCheckpoint();
    await behindTrigger(
      t.db,
      'evidence_log_leaves',
      `UPDATE evidence_log_leaves SET leaf = convert_to(replace(convert_from(leaf, 'UTF8'), $1, $2), 'UTF8') WHERE idx = 1`,
      [sha256hex(oldFile(1)), 'f'.repeat(64)],
    );
    await rebuildNodes(t.db);
    await t.db.tx((q) => appendBlock(q, { type: 'web-capture', sha256: 'a'.repeat(64) }));
    // The signer checks the new tree against its last checkpoint (kept outside the database) and refuses;
    // so does the certificate check, which needs a checkpoint of the current tree.
    for (const url of ['/api/protection/ledger/checkpoint', `/api/protection/deposit/verify/${early.cert_no}`]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(503);
      expect(r.json().msg).toBe('存证日志与已签发的检查点不一致（疑似被回滚或改写），已停止签发检查点，请联系平台');
    }
    // A signer without that check (or an insider holding the key) would publish this; the client still catches it.
    const size = kept.size + 1;
    const root = await rootAt(t.db, size);
    const path = await consistencyProof(t.db, kept.size, size);
    expect(await verifyConsistency(kept.size, size, kept.root, root, path)).toBe(false);
    // Rolled-back, reordered and rewritten trees: tests/api/evidence/last-checkpoint.test.ts.
  });
});
