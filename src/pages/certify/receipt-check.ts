import {
  fromBase64,
  parseCheckpoint,
  parseNote,
  parseVerifierKey,
  verifyConsistency,
  verifyNoteSignature,
  verifyReceipt,
  type VerifyStep,
} from '../../../verify-receipt.mjs';
import { fetchCheckpoints, fetchConsistency, fetchLogKey } from './ledger-api';

/**
 * The verify page's checks, in the browser: the offline verifier's steps (verify-receipt.mjs,
 * the same file the command line runs) against the log key this browser pinned the first time,
 * then consistency of the receipt's checkpoint with every checkpoint this browser saw before
 * and with the log's newest one. A log that was rewritten or truncated since fails here.
 */
const PINNED_KEY = 'lumen.evidence.pinnedKey';
const SEEN = 'lumen.evidence.seenCheckpoints';
const MAX_SEEN = 20;

interface Seen {
  size: number;
  root: string;
}

const readSeen = (): Seen[] => {
  try {
    const v = JSON.parse(localStorage.getItem(SEEN) ?? '[]');
    return Array.isArray(v) ? v.filter((s) => Number.isSafeInteger(s?.size) && typeof s?.root === 'string') : [];
  } catch {
    return [];
  }
};
const remember = (cp: Seen) => {
  const all = [...readSeen().filter((s) => s.size !== cp.size), cp].sort((a, b) => a.size - b.size);
  localStorage.setItem(SEEN, JSON.stringify(all.slice(-MAX_SEEN)));
};

/** The key pinned in this browser (trust on first use); a different key from the server is reported. */
async function pinnedKey(): Promise<{ key: string; changed: string | null }> {
  const served = (await fetchLogKey()).verifierKey;
  const pinned = localStorage.getItem(PINNED_KEY);
  if (!pinned) {
    localStorage.setItem(PINNED_KEY, served);
    return { key: served, changed: null };
  }
  return { key: pinned, changed: pinned === served ? null : served };
}

const PINNED_WITNESSES = 'lumen.evidence.pinnedWitnesses';

/**
 * The witness keys and quorum pinned in this browser. A witness the server adds later is added
 * (more cosigners only make a receipt harder to fake); one it drops stays pinned, and the quorum
 * never goes down, so a log that quietly stopped being witnessed fails here.
 */
async function pinnedWitnesses(): Promise<{ witnesses: string[]; quorum: number }> {
  const served = await fetchLogKey();
  let pinned: { witnesses: string[]; quorum: number } = { witnesses: [], quorum: 0 };
  try {
    const v = JSON.parse(localStorage.getItem(PINNED_WITNESSES) ?? 'null');
    if (Array.isArray(v?.witnesses) && Number.isInteger(v?.quorum)) pinned = v;
  } catch {
    // nothing pinned yet
  }
  const witnesses = [...new Set([...pinned.witnesses, ...served.witnesses.map((w) => w.verifierKey)])];
  const quorum = Math.max(pinned.quorum, served.witnessQuorum);
  localStorage.setItem(PINNED_WITNESSES, JSON.stringify({ witnesses, quorum }));
  return { witnesses, quorum };
}

/** Checks that two signed sizes of the log are one history (smaller first). */
async function consistent(a: Seen, b: Seen): Promise<boolean> {
  const [x, y] = a.size <= b.size ? [a, b] : [b, a];
  if (x.size === y.size) return x.root === y.root;
  const proof = await fetchConsistency(x.size, y.size);
  return verifyConsistency(x.size, y.size, fromBase64(x.root), fromBase64(y.root), proof.path.map(fromBase64));
}

export async function checkReceiptInBrowser(
  file: Uint8Array,
  receipt: any,
): Promise<{ ok: boolean; steps: VerifyStep[] }> {
  const { key, changed } = await pinnedKey();
  const base = await verifyReceipt(file, receipt, key, await pinnedWitnesses());
  const steps = [...base.steps];
  if (changed)
    steps.push({
      id: 'key',
      label: '日志公钥',
      ok: false,
      detail: '服务器当前公钥与本浏览器首次记录的公钥不同，请到平台证书页核对',
    });
  const signed = base.steps.find((s) => s.id === 'signature')?.ok;
  const cp = signed ? parseCheckpoint(parseNote(receipt.checkpoint)!.text) : null;
  if (cp) {
    const mine: Seen = { size: cp.size, root: btoa(String.fromCharCode(...cp.root)) };
    const seen = readSeen();
    let seenOk = true;
    for (const s of seen) if (!(await consistent(s, mine))) seenOk = false;
    steps.push({
      id: 'seen',
      label: '与本浏览器见过的检查点一致',
      ok: seen.length ? seenOk : null,
      detail: seen.length
        ? seenOk
          ? `与 ${seen.length} 个历史检查点一致`
          : '日志与本浏览器保存的历史检查点矛盾：历史被改写或截断'
        : '本浏览器尚无历史检查点（本次检查点已保存）',
    });
    const latest = (await fetchCheckpoints({ limit: 1 }))[0];
    const parsed = latest ? parseCheckpoint(parseNote(latest.note)?.text ?? '') : null;
    const latestSigned =
      !!latest && !!parsed && (await verifyNoteSignature(latest.note, (await parseVerifierKey(key))!));
    const latestOk = latestSigned && (await consistent(mine, { size: parsed!.size, root: latest.rootHash }));
    steps.push({
      id: 'latest',
      label: '日志最新检查点仍包含此回执',
      ok: latestOk,
      detail: latestOk
        ? `当前日志 ${parsed!.size} 个叶子，与回执的 ${cp.size} 个叶子的树一致`
        : '最新检查点签名无效或与回执检查点不一致',
    });
    if (seenOk) remember(mine);
    if (latestOk) remember({ size: parsed!.size, root: latest.rootHash });
  }
  return { ok: steps.every((s) => s.ok !== false), steps };
}
