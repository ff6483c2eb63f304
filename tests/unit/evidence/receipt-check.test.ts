import { beforeEach, describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import { consistencyPath, inclusionPath, rootHash } from '../../../server/src/evidence/merkle.js';
import { signerFromSeed } from '../../../server/src/evidence/note-signer.js';
import { encodeLeaf } from '../../../server/src/evidence/leaf.js';
import { checkpointText } from '../../../server/src/evidence/checkpoints.js';
import { cosignerFromSeed } from '../../../server/src/witness/cosigner.js';
import { storeOf } from '../../helpers/merkle-store.js';
import { fakeApi } from '../../helpers/fake-api';
import { checkReceiptInBrowser } from '../../../src/pages/certify/receipt-check';

// The verify page's data source, the public ledger API, answered from an in-memory log below.
const api = fakeApi();
const log = {
  key: '',
  witnesses: [] as Array<{ name: string; verifierKey: string }>,
  witnessQuorum: 0,
  checkpoints: [] as any[],
  consistency: (_f: number, _t: number): string[] => [],
};
beforeEach(() => {
  api.answer('GET', '/api/protection/ledger/key', () => ({
    verifierKey: log.key,
    witnesses: log.witnesses,
    witnessQuorum: log.witnessQuorum,
  }));
  api.answer('GET', '/api/protection/ledger/checkpoints', () => ({ list: log.checkpoints }));
  api.answer('GET', '/api/protection/ledger/consistency', ({ from, to }: { from: number; to: number }) => ({
    from,
    to,
    path: log.consistency(from, to),
  }));
});

const signer = signerFromSeed('lumen.test/evidence-log', Buffer.alloc(32, 9));
const file = Buffer.from('原始作品文件');
const sha = crypto.createHash('sha256').update(file).digest('hex');
const leaves = [0, 1, 2, 3, 4].map((i) =>
  encodeLeaf({
    type: 'evidence-deposit',
    sha256: i === 1 ? sha : String(i).repeat(64),
    certNo: `LM2026112300000${i}`,
    time: new Date(Date.UTC(2026, 10, 23, 0, i)),
  }),
);
const get = storeOf(leaves);
const note = (n: number) => signer.sign(checkpointText(signer.name, n, rootHash(get, n)));
const receiptAt = (n: number) => ({
  format: 'lumen.evidence-receipt/v1',
  certNo: 'LM20261123000001',
  sha256: sha,
  leafIndex: 1,
  leaf: leaves[1].toString('base64'),
  treeSize: n,
  inclusionPath: inclusionPath(get, 1, 0, n).map((h) => h.toString('base64')),
  checkpoint: note(n),
  logKey: signer.verifierKey,
  timestamp: null,
});
const published = (n: number) => ({
  treeSize: n,
  rootHash: rootHash(get, n).toString('base64'),
  note: note(n),
  timestamp: null,
  createdAt: '',
});
const step = (r: { steps: Array<{ id: string; ok: boolean | null }> }, id: string) =>
  r.steps.find((s) => s.id === id)?.ok;

describe('the verify page checks a receipt against the checkpoints this browser saw', () => {
  beforeEach(() => {
    localStorage.clear();
    log.key = signer.verifierKey;
    log.witnesses = [];
    log.witnessQuorum = 0;
    log.checkpoints = [published(5)];
    log.consistency = (from, to) => consistencyPath(get, from, to).map((h) => h.toString('base64'));
  });

  it('passes on an honest log, pins the key and remembers the checkpoints', async () => {
    const r = await checkReceiptInBrowser(file, receiptAt(3));
    expect(r.ok).toBe(true);
    expect(step(r, 'latest')).toBe(true);
    expect(step(r, 'seen')).toBeNull();
    // The newest checkpoint was asked for, and the proof that it extends the receipt's tree.
    expect(api.get).toHaveBeenCalledWith('/api/protection/ledger/checkpoints', { limit: 1 });
    expect(api.get).toHaveBeenCalledWith('/api/protection/ledger/consistency', { from: 3, to: 5 });
    expect(localStorage.getItem('lumen.evidence.pinnedKey')).toBe(signer.verifierKey);
    expect(JSON.parse(localStorage.getItem('lumen.evidence.seenCheckpoints')!).map((s: any) => s.size)).toEqual([3, 5]);
    // A second look is checked against both.
    expect(step(await checkReceiptInBrowser(file, receiptAt(3)), 'seen')).toBe(true);
  });

  it('fails when a checkpoint seen before does not fit the receipt: the log was rewritten', async () => {
    localStorage.setItem(
      'lumen.evidence.seenCheckpoints',
      JSON.stringify([{ size: 2, root: Buffer.alloc(32, 1).toString('base64') }]),
    );
    const r = await checkReceiptInBrowser(file, receiptAt(3));
    expect(step(r, 'seen')).toBe(false);
    expect(r.ok).toBe(false);
    // The contradicting checkpoint is not replaced by the new one.
    expect(JSON.parse(localStorage.getItem('lumen.evidence.seenCheckpoints')!).map((s: any) => s.size)).toEqual([2, 5]);
  });

  it('fails when the newest checkpoint no longer contains the receipt, or the server shows another key', async () => {
    log.consistency = () => [Buffer.alloc(32, 2).toString('base64')];
    expect(step(await checkReceiptInBrowser(file, receiptAt(3)), 'latest')).toBe(false);
    localStorage.clear();
    localStorage.setItem(
      'lumen.evidence.pinnedKey',
      signerFromSeed('lumen.test/evidence-log', Buffer.alloc(32, 8)).verifierKey,
    );
    const r = await checkReceiptInBrowser(file, receiptAt(3));
    expect(step(r, 'key')).toBe(false);
    expect(step(r, 'signature')).toBe(false);
  });

  it('pins the published witnesses: a receipt needs their cosignatures, also after the server stops naming them', async () => {
    const witness = cosignerFromSeed('witness.test/w1', Buffer.alloc(32, 7));
    log.witnesses = [{ name: witness.name, verifierKey: witness.verifierKey }];
    log.witnessQuorum = 1;
    const r = receiptAt(3);
    const cosigned = { ...r, cosignatures: [witness.cosign(parseNoteText(r.checkpoint), 1_764_000_000)] };
    expect(step(await checkReceiptInBrowser(file, cosigned), 'witness')).toBe(true);
    expect(step(await checkReceiptInBrowser(file, r), 'witness')).toBe(false);
    // The server drops its witness: this browser still demands it.
    log.witnesses = [];
    log.witnessQuorum = 0;
    const later = await checkReceiptInBrowser(file, r);
    expect(step(later, 'witness')).toBe(false);
    expect(later.ok).toBe(false);
  });
});

/** The checkpoint text of a signed note (what a cosignature covers). */
const parseNoteText = (n: string) => n.slice(0, n.lastIndexOf('\n\n') + 1);
