import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp } from '../../helpers/app.js';
import { loadConfig } from '../../../server/src/config.js';
import { memoryTree, randomLeaves, startWitness, type WitnessProcess } from '../../helpers/witness.js';
import { appendBlock } from '../../../server/src/evidence/ledger.js';
import { checkpointText, ensureCheckpoint } from '../../../server/src/evidence/checkpoints.js';
import { evidenceKeysOf } from '../../../server/src/evidence/context.js';
import { signerFromSeed, signerKeyString } from '../../../server/src/evidence/note-signer.js';
import { cosignerFromSeed } from '../../../server/src/witness/cosigner.js';
import { parseCosignerKey, verifyCosignature, verifyReceipt } from '../../../verify-receipt.mjs';

const run = promisify(execFile);
const SCRIPT = path.resolve('verify-receipt.mjs');
const ORIGIN = 'lumen.test/witnessed-log';

const post = (w: WitnessProcess, body: string) =>
  fetch(`${w.url}/add-checkpoint`, { method: 'POST', body }).then(async (r) => ({
    status: r.status,
    type: r.headers.get('content-type'),
    text: await r.text(),
  }));
const submission = (old: number, proof: Buffer[], note: string) =>
  `old ${old}\n${proof.map((h) => `${h.toString('base64')}\n`).join('')}\n${note}`;
const cosignedBy = async (note: string, vkey: string) => verifyCosignature(note, (await parseCosignerKey(vkey))!);

/**
 * c2sp.org/tlog-witness: each new checkpoint goes to two witness processes with a consistency
 * proof; their cosignatures travel with the checkpoint and the receipts, and the offline verifier
 * holds receipts to a quorum of pinned witness keys.
 */
describe('a witnessed evidence log', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-witness-'));
  const logSeed = crypto.randomBytes(32);
  const log = signerFromSeed(ORIGIN, logSeed);
  let w1: WitnessProcess;
  let w2: WitnessProcess;
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  let n = 0;

  const deposit = async () => {
    const file = Buffer.from(`evidence file ${n}`);
    const certNo = `LM20261129${String(n++).padStart(8, '0')}`;
    await t.db.tx((q) =>
      appendBlock(q, {
        type: 'evidence-deposit',
        sha256: crypto.createHash('sha256').update(file).digest('hex'),
        certNo,
      }),
    );
    return { file, certNo };
  };
  const checkpoint = async () => (await t.app.inject({ url: '/api/protection/ledger/checkpoint' })).body;

  beforeAll(async () => {
    [w1, w2] = await Promise.all([
      startWitness(path.join(root, 'w1'), 'witness.test/w1', [log.verifierKey]),
      startWitness(path.join(root, 'w2'), 'witness.test/w2', [log.verifierKey]),
    ]);
    t = await makeTestApp({
      EVIDENCE_LOG_KEY: signerKeyString(ORIGIN, logSeed),
      EVIDENCE_WITNESSES: [w1, w2].map((w) => `${w.url} ${w.verifierKey}`).join(','),
    });
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await Promise.all([w1?.stop(), w2?.stop()]);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('both witnesses cosign each new checkpoint, also one that already holds a checkpoint the log did not record', async () => {
    await deposit();
    await deposit();
    // Witness 1 already cosigned this checkpoint (submitted by someone else): the log's first
    // request says old 0, gets 409 with the size the witness holds, and asks again from there.
    const first = await ensureCheckpoint(t.db, evidenceKeysOf(t.app.config));
    expect((await post(w1, submission(0, [], first.note))).status).toBe(200);

    const note = await checkpoint();
    expect(note.startsWith(first.note)).toBe(true);
    expect(await cosignedBy(note, w1.verifierKey)).toBeGreaterThan(0);
    expect(await cosignedBy(note, w2.verifierKey)).toBeGreaterThan(0);

    await deposit();
    const grown = await checkpoint();
    expect(grown).toContain(`\n3\n`);
    for (const w of [w1, w2]) expect(await cosignedBy(grown, w.verifierKey)).toBeGreaterThan(0);
    // The witnesses now hold size 3: they saw a consistency proof from 2.
    expect((await post(w2, submission(0, [], first.note))).text).toBe('3\n');
  });

  it('a receipt carries the cosignatures; the verifier demands the quorum of pinned witness keys', async () => {
    const { file, certNo } = await deposit();
    const receipt = (await t.app.inject({ url: `/api/protection/ledger/proof?certNo=${certNo}` })).json().data;
    expect(receipt.cosignatures).toHaveLength(2);
    const both = await verifyReceipt(file, receipt, log.verifierKey, { witnesses: [w1.verifierKey, w2.verifierKey] });
    expect(both.ok).toBe(true);
    expect(both.steps.find((s) => s.id === 'witness')).toMatchObject({ ok: true });

    // A witness that never saw this log (a forked view would look like this): 2 of 3 fall short of all 3 ...
    const stranger = cosignerFromSeed('witness.test/stranger', crypto.randomBytes(32)).verifierKey;
    const three = [w1.verifierKey, w2.verifierKey, stranger];
    const short = await verifyReceipt(file, receipt, log.verifierKey, { witnesses: three });
    expect(short.ok).toBe(false);
    expect(short.steps.find((s) => s.id === 'witness')?.detail).toContain('缺少 witness.test/stranger');
    // ... but meet a quorum of 2.
    expect((await verifyReceipt(file, receipt, log.verifierKey, { witnesses: three, quorum: 2 })).ok).toBe(true);
    // Without its cosignatures (a receipt from a log that kept its history from the witnesses) it fails.
    const bare = { ...receipt, cosignatures: undefined };
    expect((await verifyReceipt(file, bare, log.verifierKey, { witnesses: [w1.verifierKey] })).ok).toBe(false);
    // A cosignature line moved onto another checkpoint does not verify.
    const moved = { ...receipt, checkpoint: receipt.checkpoint.replace(/\n\d+\n/, '\n1\n') };
    expect(
      (await verifyReceipt(file, moved, log.verifierKey, { witnesses: [w1.verifierKey] })).steps.find(
        (s) => s.id === 'witness',
      )?.ok,
    ).toBe(false);

    // The command line: --witness keys and --quorum.
    const dir = fs.mkdtempSync(path.join(root, 'cli-'));
    fs.writeFileSync(path.join(dir, 'file'), file);
    fs.writeFileSync(path.join(dir, 'receipt.json'), JSON.stringify(receipt));
    fs.writeFileSync(path.join(dir, 'bare.json'), JSON.stringify(bare));
    const cli = (receiptFile: string, ...extra: string[]) =>
      run(process.execPath, [
        SCRIPT,
        path.join(dir, 'file'),
        path.join(dir, receiptFile),
        '--key',
        log.verifierKey,
        ...extra,
      ]).then(
        (r) => ({ code: 0, out: r.stdout }),
        (e) => ({ code: e.code as number, out: String(e.stdout) }),
      );
    const ok = await cli('receipt.json', '--witness', w1.verifierKey, '--witness', w2.verifierKey);
    expect(ok.code, ok.out).toBe(0);
    expect(ok.out).toContain('✔ 见证人联署：2 / 2');
    const refused = await cli('bare.json', '--witness', w1.verifierKey, '--quorum', '1');
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('✘ 见证人联署');
  });

  it('the log keeps publishing when a witness is down, and receipts then fall short of the quorum', async () => {
    await w2.stop();
    try {
      const { file, certNo } = await deposit();
      const note = await checkpoint();
      expect(await cosignedBy(note, w1.verifierKey)).toBeGreaterThan(0);
      expect(await cosignedBy(note, w2.verifierKey)).toBeNull();
      const receipt = (await t.app.inject({ url: `/api/protection/ledger/proof?certNo=${certNo}` })).json().data;
      const r = await verifyReceipt(file, receipt, log.verifierKey, { witnesses: [w1.verifierKey, w2.verifierKey] });
      expect(r.steps.find((s) => s.id === 'witness')).toMatchObject({ ok: false });
    } finally {
      // Restarted on its state folder, on another port: the test's later steps do not need it.
      w2 = await startWitness(w2.dir, 'witness.test/w2', [log.verifierKey]);
    }
  });
});

describe('a witness process refuses what an honest log would never submit', () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-witness-'));
  const log = signerFromSeed(ORIGIN, crypto.randomBytes(32));
  const leaves = randomLeaves(6);
  const tree = memoryTree(leaves);
  const signed = (size: number, r: Buffer, signer = log) => signer.sign(checkpointText(signer.name, size, r));
  let w: WitnessProcess;

  beforeAll(async () => {
    w = await startWitness(path.join(root, 'w'), 'witness.test/solo', [log.verifierKey]);
  }, 60_000);
  afterAll(async () => {
    await w?.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('cosigns a growing log, and refuses a fork, a rollback, a bad proof, a stranger and an unknown log', async () => {
    const at4 = signed(4, tree.root(4));
    const ok = await post(w, submission(0, [], at4));
    expect(ok.status).toBe(200);
    expect(await cosignedBy(`${at4}${ok.text}`, w.verifierKey)).toBeGreaterThan(0);

    // Fork: the same size with another root, signed by the log's own key.
    const forked = signed(4, memoryTree(randomLeaves(4)).root());
    expect((await post(w, submission(4, [], forked))).status).toBe(409);
    // Fork that grows: a bigger tree that does not contain the first 4 leaves.
    const other = memoryTree([...randomLeaves(4), ...leaves.slice(4)]);
    expect((await post(w, submission(4, tree.proof(4, 6), signed(6, other.root())))).status).toBe(422);
    // Rollback: a smaller tree, whatever old size is claimed.
    const at3 = signed(3, tree.root(3));
    expect((await post(w, submission(4, [], at3))).status).toBe(400);
    const stale = await post(w, submission(0, [], at3));
    expect(stale).toEqual({ status: 409, type: 'text/x.tlog.size', text: '4\n' });
    // Signed by another key under the log's name; a log the witness does not follow; garbage.
    const impostor = signerFromSeed(ORIGIN, crypto.randomBytes(32));
    expect((await post(w, submission(4, tree.proof(4, 6), signed(6, tree.root(6), impostor)))).status).toBe(403);
    const unknown = signerFromSeed('someone.else/log', crypto.randomBytes(32));
    expect((await post(w, submission(0, [], signed(1, tree.root(1), unknown)))).status).toBe(404);
    expect((await post(w, 'hello\n')).status).toBe(400);
    // Refused but validly signed submissions are kept as possible proof of misbehaviour.
    expect(fs.readFileSync(path.join(w.dir, 'refused.log'), 'utf8').split('\n').filter(Boolean)).toHaveLength(2);

    // The honest extension is cosigned.
    expect((await post(w, submission(4, tree.proof(4, 6), signed(6, tree.root(6))))).status).toBe(200);
  });

  it('keeps its state across a restart, and a second process cannot share its folder', async () => {
    await w.stop();
    w = await startWitness(w.dir, 'witness.test/solo', [log.verifierKey]);
    expect(await post(w, submission(0, [], signed(4, tree.root(4))))).toMatchObject({ status: 409, text: '6\n' });
    await expect(startWitness(w.dir, 'witness.test/solo', [log.verifierKey])).rejects.toThrow(
      /is in use by process \d+/,
    );
    // Parallel submissions of two sizes: exactly one from old 6 wins, the other learns the new size.
    const more = [...leaves, ...randomLeaves(3)];
    const big = memoryTree(more);
    const [a, b] = await Promise.all([
      post(w, submission(6, big.proof(6, 7), signed(7, big.root(7)))),
      post(w, submission(6, big.proof(6, 9), signed(9, big.root(9)))),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
  });

  it('the server refuses a malformed witness list or quorum at start', () => {
    const vkey = cosignerFromSeed('witness.test/x', crypto.randomBytes(32)).verifierKey;
    const cfg = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'test', ...env });
    expect(cfg({ EVIDENCE_WITNESSES: `http://w.example ${vkey}` })().evidenceLog).toMatchObject({
      witnesses: [{ url: 'http://w.example', key: vkey }],
      witnessQuorum: 1,
    });
    expect(cfg({ EVIDENCE_WITNESSES: vkey })).toThrow(/EVIDENCE_WITNESSES/);
    expect(cfg({ EVIDENCE_WITNESSES: `http://w.example ${vkey}`, EVIDENCE_WITNESS_QUORUM: '2' })).toThrow(/QUORUM/);
  });
});
