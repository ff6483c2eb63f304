import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { buildApp } from '../../../server/src/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { behindTrigger, rebuildNodes } from '../../helpers/evidence-insider.js';
import { appendBlock } from '../../../server/src/evidence/ledger.js';
import { checkpointText } from '../../../server/src/evidence/checkpoints.js';
import { consistencyProof, rootAt } from '../../../server/src/evidence/proofs.js';
import { lastCheckpointFileOf } from '../../../server/src/evidence/last-checkpoint.js';
import { logSignerOf } from '../../../server/src/evidence/note-signer.js';

const run = promisify(execFile);
const SCRIPT = path.resolve('verify-receipt.mjs');
const REFUSED = '存证日志与已签发的检查点不一致（疑似被回滚或改写），已停止签发检查点，请联系平台';

/**
 * The signer never signs a tree that does not extend the last checkpoint it signed, which it keeps
 * in DATA_DIR/evidence/last-checkpoint.txt, outside the database an insider can rewrite; and the
 * offline verifier, given the old and the new checkpoint, says which one lied.
 */
describe('the evidence log signer refuses a rolled-back or rewritten tree', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let n = 0;
  afterEach(() => t?.close());

  const grow = async (count: number) => {
    for (let i = 0; i < count; i++)
      await t.db.tx((q) =>
        appendBlock(q, {
          type: 'web-capture',
          sha256: crypto.createHash('sha256').update(`leaf ${n++}`).digest('hex'),
        }),
      );
  };
  const checkpoint = () => t.app.inject({ url: '/api/protection/ledger/checkpoint' });
  const health = async () => {
    const r = await t.app.inject({ url: '/api/health' });
    expect(r.statusCode).toBe(200);
    return r.json().data;
  };
  const checkpointCount = async () =>
    Number((await t.db.query('SELECT count(*) AS n FROM evidence_checkpoints')).rows[0].n);
  const file = () => lastCheckpointFileOf(t.app.config.dataDir);
  /** Publishes checkpoints of 18 and then 21 leaves, as in issue 29; returns both notes. */
  const publish18and21 = async () => {
    t = await makeTestApp();
    await grow(18);
    const at18 = (await checkpoint()).body;
    await grow(3);
    const at21 = (await checkpoint()).body;
    expect(at21.split('\n')[1]).toBe('21');
    expect(fs.readFileSync(file(), 'utf8')).toBe(at21);
    expect(await health()).toMatchObject({ status: 'up', evidenceLog: 'ok' });
    return { at18, at21 };
  };
  /** The server refuses every signature and says so on /api/health; no checkpoint row is added. */
  const expectRefusal = async () => {
    const rows = await checkpointCount();
    for (const url of [
      '/api/protection/ledger/checkpoint',
      '/api/protection/ledger/checkpoints',
      '/api/protection/ledger/consistency?from=1&to=2',
    ]) {
      const r = await t.app.inject({ url });
      expect(r.statusCode, url).toBe(503);
      expect(r.json().msg, url).toMatch(/^存证日志/);
    }
    await grow(1);
    const r = await checkpoint();
    expect(r.statusCode).toBe(503);
    expect(r.json().msg).toBe(REFUSED);
    expect(await checkpointCount()).toBe(rows);
    expect(await health()).toMatchObject({
      status: 'degraded',
      evidenceLog: 'inconsistent',
      evidenceLogDetail: expect.any(String),
      seedPending: 0,
    });
  };
  /** What a signer without this guard published (or an insider holding the key signs): the tree as it is now. */
  const rogueCheckpoint = async () => {
    const signer = logSignerOf(t.app.config);
    const size = Number((await t.db.query('SELECT count(*) AS n FROM evidence_log_leaves')).rows[0].n);
    return { size, note: signer.sign(checkpointText(signer.name, size, await rootAt(t.db, size))) };
  };
  /** node verify-receipt.mjs --consistency OLD NEW [PROOF] --key KEY: exit code and output. */
  const verifier = async (oldNote: string, newNote: string, proof?: object) => {
    const dir = fs.mkdtempSync(path.join(t.app.config.dataDir, 'verify-'));
    const files = [
      ['old.txt', oldNote],
      ['new.txt', newNote],
      ...(proof ? [['proof.json', JSON.stringify(proof)]] : []),
    ].map(([name, body]) => {
      fs.writeFileSync(path.join(dir, name), body);
      return path.join(dir, name);
    });
    try {
      const { stdout } = await run(process.execPath, [
        SCRIPT,
        '--consistency',
        ...files,
        '--key',
        logSignerOf(t.app.config).verifierKey,
      ]);
      return { code: 0, out: stdout };
    } catch (e: any) {
      return { code: e.code as number, out: String(e.stdout) };
    }
  };

  it('honest growth: the file follows every signature and the verifier accepts old -> new with the served proof', async () => {
    const { at18, at21 } = await publish18and21();
    const proof = (await t.app.inject({ url: '/api/protection/ledger/consistency?from=18&to=21' })).json().data;
    const ok = await verifier(at18, at21, proof);
    expect(ok, ok.out).toMatchObject({ code: 0 });
    expect(ok.out).toContain('结论：日志一致');
    // Without a proof the verifier cannot tell, and says what to fetch.
    const missing = await verifier(at18, at21);
    expect(missing.code).toBe(1);
    expect(missing.out).toContain('缺少从 18 到 21 的一致性证明');
    // Requests racing each other's appends and signatures never see the file ahead of the database.
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => (await grow(1), (await checkpoint()).statusCode)),
    );
    expect(answers).toEqual(Array(8).fill(200));
    expect(await health()).toMatchObject({ evidenceLog: 'ok' });
    expect(fs.readFileSync(file(), 'utf8').split('\n')[1]).toBe('29');
  });

  it('deleting the three newest leaves (and their checkpoint): no checkpoint of 18 is signed again; the verifier calls it a rollback', async () => {
    const { at21 } = await publish18and21();
    await behindTrigger(t.db, 'evidence_log_leaves', 'DELETE FROM evidence_log_leaves WHERE idx >= 18');
    await behindTrigger(t.db, 'evidence_checkpoints', 'DELETE FROM evidence_checkpoints WHERE tree_size > 18');
    await rebuildNodes(t.db);
    await expectRefusal();
    // Even with every checkpoint row gone, the file outside the database still names 21.
    await behindTrigger(t.db, 'evidence_checkpoints', 'DELETE FROM evidence_checkpoints');
    expect((await checkpoint()).statusCode).toBe(503);
    expect(fs.readFileSync(file(), 'utf8')).toBe(at21);

    await behindTrigger(t.db, 'evidence_log_leaves', 'DELETE FROM evidence_log_leaves WHERE idx >= 18');
    await rebuildNodes(t.db);
    const rogue = await rogueCheckpoint();
    expect(rogue.size).toBe(18);
    const r = await verifier(at21, rogue.note);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('新检查点只有 18 个叶子，少于已签发的 21 个：日志被回滚');
  });

  it('reordering leaves and growing past 21: refused; the verifier rejects the rewritten tree with its own proof', async () => {
    const { at21 } = await publish18and21();
    await behindTrigger(
      t.db,
      'evidence_log_leaves',
      `UPDATE evidence_log_leaves SET leaf = CASE idx WHEN 3 THEN (SELECT leaf FROM evidence_log_leaves WHERE idx = 4) ELSE (SELECT leaf FROM evidence_log_leaves WHERE idx = 3) END WHERE idx IN (3, 4)`,
    );
    await rebuildNodes(t.db);
    await grow(2);
    await expectRefusal();
    const rogue = await rogueCheckpoint();
    expect(rogue.size).toBe(24);
    const proof = { from: 21, to: 24, path: (await consistencyProof(t.db, 21, 24)).map((h) => h.toString('base64')) };
    const r = await verifier(at21, rogue.note, proof);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('一致性证明不成立');
  });

  it('rewriting a leaf in place (same size): refused at the next signature; the same size with another root is a fork', async () => {
    const { at21 } = await publish18and21();
    await behindTrigger(
      t.db,
      'evidence_log_leaves',
      `UPDATE evidence_log_leaves SET leaf = convert_to(replace(convert_from(leaf, 'UTF8'), 'web-capture', 'trace-cert'), 'UTF8') WHERE idx = 7`,
    );
    await rebuildNodes(t.db);
    // No new signature is needed yet, so the published checkpoint is still served; health already sees the break.
    expect((await checkpoint()).body).toBe(at21);
    expect(await health()).toMatchObject({ status: 'degraded', evidenceLog: 'inconsistent' });
    const rogue = await rogueCheckpoint();
    await grow(1);
    await expectRefusal();
    const r = await verifier(at21, rogue.note);
    expect(r.code, r.out).toBe(1);
    expect(r.out).toContain('同为 21 个叶子却有两个不同的根哈希');
  });

  it('upgrade: a missing file is written once from the newest checkpoint in the database; a foreign file is refused', async () => {
    const { at21 } = await publish18and21();
    fs.rmSync(file());
    await grow(1);
    // The guard seeds from 21, checks 21 -> 22, signs and keeps 22.
    const r = await checkpoint();
    expect(r.statusCode).toBe(200);
    expect(r.body.split('\n')[1]).toBe('22');
    expect(fs.readFileSync(file(), 'utf8')).toBe(r.body);
    // Written atomically: no temporary file left beside it.
    expect(fs.readdirSync(path.dirname(file())).filter((f) => f.endsWith('.tmp'))).toEqual([]);
    // A note this key did not sign (or a damaged file) is not trusted: refuse until an operator looks.
    fs.writeFileSync(file(), at21.replace(/\u2014 (\S+) \S+/, '\u2014 $1 AAAAAA=='));
    await grow(1);
    expect((await checkpoint()).statusCode).toBe(503);
    expect(await health()).toMatchObject({ evidenceLog: 'inconsistent' });
  });
  it('app servers with their own DATA_DIR and one key: each keeps what it signed or served, and each refuses the rollback', async () => {
    const { at21 } = await publish18and21();
    const key = fs.readFileSync(path.join(t.app.config.dataDir, 'evidence', 'log-signing.key'), 'utf8').trim();
    const dirB = fs.mkdtempSync(path.join(t.app.config.dataDir, 'server-b-'));
    const b = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dirB,
        CLIENT_DIR: path.join(dirB, 'no-client'),
        SEED: '0',
        EVIDENCE_LOG_KEY: key,
      }),
      db: t.db,
      logger: false,
    });
    try {
      // B serves A's checkpoint after checking it, and keeps it; then signs the next one itself.
      expect((await b.inject({ url: '/api/protection/ledger/checkpoint' })).body).toBe(at21);
      expect(fs.readFileSync(lastCheckpointFileOf(dirB), 'utf8')).toBe(at21);
      await grow(2);
      const at23 = (await b.inject({ url: '/api/protection/ledger/checkpoint' })).body;
      expect(at23.split('\n')[1]).toBe('23');
      // A, which signed only 21, serves B's 23 once it extends 21, and keeps it too.
      expect((await checkpoint()).body).toBe(at23);
      expect(fs.readFileSync(file(), 'utf8')).toBe(at23);

      await behindTrigger(t.db, 'evidence_log_leaves', 'DELETE FROM evidence_log_leaves WHERE idx >= 18');
      await behindTrigger(t.db, 'evidence_checkpoints', 'DELETE FROM evidence_checkpoints WHERE tree_size > 18');
      await rebuildNodes(t.db);
      for (const app of [t.app, b]) {
        expect((await app.inject({ url: '/api/protection/ledger/checkpoint' })).statusCode).toBe(503);
        expect((await app.inject({ url: '/api/health' })).json().data).toMatchObject({ evidenceLog: 'inconsistent' });
      }
    } finally {
      await b.close();
    }
  });
});
