// Offline verifier of Lumen (流明素材) evidence receipts. One file, no dependencies, no network:
//
//   node verify-receipt.mjs FILE RECEIPT.json [--key VERIFIER_KEY] [--witness WITNESS_KEY ...] [--quorum N]
//   node verify-receipt.mjs --consistency OLD_CHECKPOINT NEW_CHECKPOINT [PROOF.json] [--key VERIFIER_KEY]
//
// FILE is the original deposited file, RECEIPT.json the receipt downloaded beside the deposit
// certificate, VERIFIER_KEY the log's public key string ("name+keyid+base64"), published in
// docs/evidence-log.md and at /api/protection/ledger/key. Pin it (or set LUMEN_LOG_KEY): without a pinned key
// the receipt's own key is used and the signature step only shows the receipt is self-consistent.
// The second form checks that the log never went back on a checkpoint you kept: both notes signed
// by the key, and the newer tree extending the older one (PROOF.json: the answer of
// /api/protection/ledger/consistency?from=OLD&to=NEW, needed when the sizes differ). A newer note
// naming a smaller tree, or the same size with another root, is proof of a rollback by itself.
// With --witness keys pinned (or LUMEN_WITNESSES), the receipt's checkpoint must also carry
// cosignatures (c2sp.org/tlog-cosignature) of at least N of them (--quorum, default all): a log that
// forked or rolled back its history cannot get those from honest witnesses, even with its own key.
// Exit code 0 when every step passes, 1 otherwise.
//
// The browser's verify page imports this same file (verifyReceipt, verifyConsistency): only
// WebCrypto (globalThis.crypto.subtle: Node 20+, current browsers) is used.
// Formats: RFC 9162 §2.1 (Merkle tree, inclusion, consistency), c2sp.org/tlog-checkpoint,
// c2sp.org/signed-note (Ed25519, type 0x01), RFC 3161 (timestamp token over the checkpoint note).

const subtle = globalThis.crypto.subtle;
const enc = new TextEncoder();

export const RECEIPT_FORMAT = 'lumen.evidence-receipt/v1';

const concat = (...parts) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
export const toHex = (b) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
export const fromBase64 = (s) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const toBase64 = (b) => btoa(String.fromCharCode(...b));
const equal = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);

export const sha256 = async (bytes) => new Uint8Array(await subtle.digest('SHA-256', bytes));
/** RFC 9162: leaf hash = SHA-256(0x00 || leaf), node hash = SHA-256(0x01 || left || right). */
export const leafHash = (leaf) => sha256(concat(Uint8Array.of(0), leaf));
export const nodeHash = (l, r) => sha256(concat(Uint8Array.of(1), l, r));

/** RFC 9162 §2.1.3.2: the root an inclusion proof leads to, or null when the proof is malformed. */
export async function rootFromInclusionProof(index, size, leafHashBytes, path) {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size)) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leafHashBytes;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/** RFC 9162 §2.1.4.2: true when the tree of size `second` (root2) extends the tree of size `first` (root1). */
export async function verifyConsistency(first, second, root1, root2, path) {
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second)) || first < 1 || first > second) return false;
  if (first === second) return path.length === 0 && equal(root1, root2);
  const proof = (first & (first - 1)) === 0 ? [root1, ...path] : [...path];
  if (!proof.length) return false;
  let fn = first - 1;
  let sn = second - 1;
  while (fn % 2 === 1) {
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  let fr = proof[0];
  let sr = proof[0];
  for (const c of proof.slice(1)) {
    if (sn === 0) return false;
    if (fn % 2 === 1 || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 && equal(fr, root1) && equal(sr, root2);
}

/** The fields of a lumen.evidence/v1 leaf (server/src/evidence/leaf.ts documents the bytes). */
export function parseLeaf(bytes) {
  const m =
    /^lumen\.evidence\/v1\ntype ([a-z0-9-]+)\nsha256 ([0-9a-f]{64})\ncert ([A-Za-z0-9-]+)\ntime (\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)\n$/.exec(
      new TextDecoder().decode(bytes),
    );
  return m ? { type: m[1], sha256: m[2], certNo: m[3] === '-' ? null : m[3], time: m[4] } : null;
}

/** A C2SP signed note: its text (with the final newline) and signature lines. */
export function parseNote(note) {
  const cut = note.lastIndexOf('\n\n');
  if (cut < 0) return null;
  const text = note.slice(0, cut + 1);
  const sigs = [];
  for (const line of note
    .slice(cut + 2)
    .split('\n')
    .filter(Boolean)) {
    const m = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!m) return null;
    sigs.push({ name: m[1], sig: fromBase64(m[2]) });
  }
  return { text, sigs };
}

/** A C2SP tlog-checkpoint body: origin, tree size, root hash (base64), optional extension lines. */
export function parseCheckpoint(text) {
  const lines = text.split('\n');
  if (lines.length < 4 || !/^[1-9][0-9]*$|^0$/.test(lines[1])) return null;
  const root = fromBase64(lines[2]);
  return root.length === 32 ? { origin: lines[0], size: Number(lines[1]), root } : null;
}

/** A verifier key "name+keyid(8 hex)+base64(0x01 || ed25519 public key)" whose id matches its key. */
export async function parseVerifierKey(vkey) {
  // name+id+key, where the base64 key may itself contain "+".
  const m = /^([^+\s]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/=]+)$/.exec(String(vkey).trim());
  if (!m) return null;
  const [, name, idHex, b64] = m;
  const raw = fromBase64(b64);
  if (raw.length !== 33 || raw[0] !== 1) return null;
  const id = (await sha256(concat(enc.encode(`${name}\n`), raw))).slice(0, 4);
  if (toHex(id) !== idHex.toLowerCase()) return null;
  return { name, id, publicKey: raw.slice(1) };
}

/** True when a signature line by the key (same name and key id) verifies over the note text. */
export async function verifyNoteSignature(note, key) {
  const parsed = parseNote(note);
  if (!parsed) return false;
  const mine = parsed.sigs.filter(
    (s) => s.name === key.name && s.sig.length === 68 && equal(s.sig.slice(0, 4), key.id),
  );
  if (!mine.length) return false;
  const pub = await subtle.importKey('raw', key.publicKey, { name: 'Ed25519' }, false, ['verify']);
  for (const s of mine)
    if (!(await subtle.verify({ name: 'Ed25519' }, pub, s.sig.slice(4), enc.encode(parsed.text)))) return false;
  return true;
}

/**
 * A witness's verifier key "name+keyid(8 hex)+base64(0x04 || ed25519 public key)" (c2sp.org/tlog-cosignature,
 * Ed25519 cosignature/v1), or null when malformed or its id does not match.
 */
export async function parseCosignerKey(vkey) {
  const m = /^([^+\s]+)\+([0-9a-fA-F]{8})\+([A-Za-z0-9+/=]+)$/.exec(String(vkey).trim());
  if (!m) return null;
  const [, name, idHex, b64] = m;
  let raw;
  try {
    raw = fromBase64(b64);
  } catch {
    return null;
  }
  if (raw.length !== 33 || raw[0] !== 4) return null;
  const id = (await sha256(concat(enc.encode(`${name}\n`), raw))).slice(0, 4);
  if (toHex(id) !== idHex.toLowerCase()) return null;
  return { name, id, publicKey: raw.slice(1) };
}

/** The message a cosignature/v1 signs: header, time line, then the checkpoint text. */
export const cosignedMessage = (text, time) => enc.encode(`cosignature/v1\ntime ${time}\n${text}`);

/**
 * The time (POSIX seconds) of a valid cosignature by the witness key on the note, or null. The
 * signature line holds key id (4) || big-endian u64 timestamp (8) || Ed25519 signature (64).
 */
export async function verifyCosignature(note, key) {
  const parsed = parseNote(note);
  if (!parsed) return null;
  const pub = await subtle.importKey('raw', key.publicKey, { name: 'Ed25519' }, false, ['verify']);
  for (const s of parsed.sigs) {
    if (s.name !== key.name || s.sig.length !== 76 || !equal(s.sig.slice(0, 4), key.id)) continue;
    const time = Number(new DataView(s.sig.buffer, s.sig.byteOffset + 4, 8).getBigUint64(0));
    if (await subtle.verify({ name: 'Ed25519' }, pub, s.sig.slice(12), cosignedMessage(parsed.text, time))) return time;
  }
  return null;
}

/**
 * Which of the pinned witnesses cosigned the note: { names, missing }. Keys that do not parse
 * count as missing, so a typo in a pinned key fails the quorum rather than passing it.
 */
export async function witnessesOf(note, witnessKeys) {
  const names = [];
  const missing = [];
  for (const vkey of witnessKeys) {
    const key = await parseCosignerKey(vkey);
    if (key && (await verifyCosignature(note, key)) !== null) names.push(key.name);
    else missing.push(key ? key.name : String(vkey).split('+')[0]);
  }
  return { names, missing };
}

/**
 * Every check of a receipt against the original file's bytes, in order; each step is
 * { id, label, ok, detail }. `pinnedKey` is the log's verifier key string the user trusts.
 * `witnessing.fileSha256` (hex) stands for the original when only its hash is at hand: the
 * ingredient of a licensed copy's Content Credentials, whose signature vouches for it.
 */
export async function verifyReceipt(fileBytes, receipt, pinnedKey, witnessing = {}) {
  const steps = [];
  const step = (id, label, ok, detail) => {
    steps.push({ id, label, ok, detail });
    return ok;
  };
  const done = () => ({ ok: steps.every((s) => s.ok !== false), steps });
  if (!receipt || receipt.format !== RECEIPT_FORMAT) {
    step('format', '回执格式', false, `不是 ${RECEIPT_FORMAT} 回执`);
    return done();
  }
  const fileHash =
    typeof witnessing.fileSha256 === 'string' ? witnessing.fileSha256.toLowerCase() : toHex(await sha256(fileBytes));
  step(
    'file',
    '文件哈希',
    fileHash === receipt.sha256,
    fileHash === receipt.sha256 ? `SHA-256 ${fileHash}` : `文件 SHA-256 为 ${fileHash}，回执记载 ${receipt.sha256}`,
  );

  let leafBytes;
  try {
    leafBytes = fromBase64(receipt.leaf);
  } catch {
    leafBytes = new Uint8Array();
  }
  const leaf = parseLeaf(leafBytes);
  const leafOk = !!leaf && leaf.sha256 === fileHash && leaf.certNo === receipt.certNo;
  step(
    'leaf',
    '存证叶子',
    leafOk,
    leaf ? `类型 ${leaf.type}，证书 ${leaf.certNo ?? '-'}，时间 ${leaf.time}` : '叶子内容无法解析',
  );

  const note = typeof receipt.checkpoint === 'string' ? parseNote(receipt.checkpoint) : null;
  const cp = note ? parseCheckpoint(note.text) : null;
  let path;
  try {
    path = (receipt.inclusionPath ?? []).map(fromBase64);
  } catch {
    path = [];
  }
  const root = await rootFromInclusionProof(receipt.leafIndex, receipt.treeSize, await leafHash(leafBytes), path);
  const inclOk = !!root && !!cp && cp.size === receipt.treeSize && equal(root, cp.root);
  step(
    'inclusion',
    '默克尔包含证明',
    inclOk,
    inclOk
      ? `第 ${receipt.leafIndex} 号叶子包含在 ${receipt.treeSize} 个叶子的树中，根哈希 ${toBase64(root)}`
      : '包含证明推出的根哈希与检查点不一致',
  );

  const keyString = pinnedKey || receipt.logKey;
  const key = keyString ? await parseVerifierKey(keyString) : null;
  const sigOk = !!key && !!cp && cp.origin === key.name && (await verifyNoteSignature(receipt.checkpoint, key));
  step(
    'signature',
    '检查点签名',
    sigOk,
    !key
      ? '公钥格式错误'
      : sigOk
        ? `Ed25519 签名有效（${key.name}）${pinnedKey ? '' : '；未固定公钥，使用回执自带公钥'}`
        : '检查点签名无效或不是该公钥所签',
  );

  await witnessStep(step, receipt, witnessing);

  if (receipt.timestamp?.token) {
    const ts = await verifyTimestampToken(fromBase64(receipt.timestamp.token), enc.encode(receipt.checkpoint));
    step('timestamp', '可信时间戳', ts.ok, ts.detail);
  } else {
    step('timestamp', '可信时间戳', null, '回执未附时间戳');
  }
  return done();
}

/**
 * The witness step: the checkpoint with the receipt's cosignature lines must carry valid
 * cosignatures of at least `quorum` of the pinned witness keys (all of them by default). The
 * cosignatures travel beside the log-signed note, which the timestamp token covers unchanged.
 */
async function witnessStep(step, receipt, { witnesses = [], quorum } = {}) {
  const lines = Array.isArray(receipt.cosignatures) ? receipt.cosignatures.filter((l) => typeof l === 'string') : [];
  const need = quorum ?? witnesses.length;
  if (!witnesses.length) {
    step(
      'witness',
      '见证人联署',
      need > 0 ? false : null,
      need > 0
        ? `要求 ${need} 个见证人联署，但未固定见证人公钥（--witness）`
        : lines.length
          ? `附 ${lines.length} 个见证人联署；未固定见证人公钥，未检查`
          : '未要求见证人联署',
    );
    return;
  }
  const witnessed = `${receipt.checkpoint}${lines.map((l) => (l.endsWith('\n') ? l : `${l}\n`)).join('')}`;
  const { names, missing } = await witnessesOf(witnessed, witnesses);
  const ok = names.length >= need;
  step(
    'witness',
    '见证人联署',
    ok,
    `${names.length} / ${witnesses.length} 个固定的见证人联署了该检查点（要求 ${need} 个）` +
      (names.length ? `：${names.join('、')}` : '') +
      (missing.length ? `；缺少 ${missing.join('、')}` : ''),
  );
}

/**
 * Checks that checkpoint note `newNote` extends `oldNote` (both kept by the user, both signed by
 * the pinned key): RFC 9162 consistency with `proof` ({ from, to, path: base64[] }, the answer of
 * /api/protection/ledger/consistency). Same { ok, steps } shape as verifyReceipt.
 */
export async function verifyCheckpointConsistency(oldNote, newNote, proof, pinnedKey) {
  const steps = [];
  const step = (id, label, ok, detail) => {
    steps.push({ id, label, ok, detail });
    return ok;
  };
  const done = () => ({ ok: steps.every((s) => s.ok !== false), steps });
  const key = pinnedKey ? await parseVerifierKey(pinnedKey) : null;
  if (!step('key', '日志公钥', !!key, key ? `${key.name}` : '请用 --key 或 LUMEN_LOG_KEY 指定日志公钥')) return done();
  const checkpoints = [];
  for (const [id, label, note] of [
    ['old', '旧检查点', oldNote],
    ['new', '新检查点', newNote],
  ]) {
    const cp = typeof note === 'string' ? parseCheckpoint(parseNote(note)?.text ?? '') : null;
    const ok = !!cp && cp.origin === key.name && (await verifyNoteSignature(note, key));
    step(id, label, ok, ok ? `${cp.size} 个叶子，根哈希 ${toBase64(cp.root)}，签名有效` : '不是该公钥签名的检查点');
    checkpoints.push(cp);
  }
  if (steps.some((s) => s.ok === false)) return done();
  const [a, b] = checkpoints;
  if (b.size < a.size) {
    step('consistency', '日志一致性', false, `新检查点只有 ${b.size} 个叶子，少于已签发的 ${a.size} 个：日志被回滚`);
  } else if (b.size === a.size) {
    const same = equal(a.root, b.root);
    step(
      'consistency',
      '日志一致性',
      same,
      same ? '两个检查点相同' : `同为 ${a.size} 个叶子却有两个不同的根哈希：日志被改写（分叉）`,
    );
  } else if (a.size === 0) {
    step('consistency', '日志一致性', true, '旧检查点是空树');
  } else if (!proof || proof.from !== a.size || proof.to !== b.size || !Array.isArray(proof.path)) {
    step(
      'consistency',
      '日志一致性',
      false,
      `缺少从 ${a.size} 到 ${b.size} 的一致性证明（/api/protection/ledger/consistency?from=${a.size}&to=${b.size}）`,
    );
  } else {
    let path;
    try {
      path = proof.path.map(fromBase64);
    } catch {
      path = null;
    }
    const ok = !!path && (await verifyConsistency(a.size, b.size, a.root, b.root, path));
    step(
      'consistency',
      '日志一致性',
      ok,
      ok
        ? `${b.size} 个叶子的树包含旧的 ${a.size} 个叶子，未被改写`
        : `一致性证明不成立：${b.size} 个叶子的树不是旧树的延续，历史记录被改写或截断`,
    );
  }
  return done();
}

// ---- RFC 3161 timestamp tokens: a minimal DER reader, enough to check the token's message
// imprint and its CMS signature over the signed attributes with the embedded TSA certificate.

function der(bytes, pos = 0) {
  const tag = bytes[pos];
  let len = bytes[pos + 1];
  let off = pos + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + bytes[off + i];
    off += n;
  }
  return { tag, start: pos, body: off, end: off + len, bytes };
}
const children = (node) => {
  const out = [];
  for (let p = node.body; p < node.end;) {
    const c = der(node.bytes, p);
    out.push(c);
    p = c.end;
  }
  return out;
};
const raw = (n) => n.bytes.slice(n.start, n.end);
const content = (n) => n.bytes.slice(n.body, n.end);
const oidOf = (n) => {
  const b = content(n);
  const out = [Math.floor(b[0] / 40), b[0] % 40];
  for (let i = 1, v = 0; i < b.length; i++) {
    v = v * 128 + (b[i] & 0x7f);
    if (!(b[i] & 0x80)) {
      out.push(v);
      v = 0;
    }
  }
  return out.join('.');
};
const HASHES = {
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

/** Checks an RFC 3161 TimeStampResp or bare token over `data`: { ok, detail, time }. */
export async function verifyTimestampToken(tokenBytes, data) {
  try {
    let ci = der(tokenBytes);
    // A TimeStampResp is SEQUENCE { PKIStatusInfo, ContentInfo }; a bare token is the ContentInfo.
    const top = children(ci);
    if (top[0].tag === 0x30 && top[1]?.tag === 0x30) ci = top[1];
    const [, signedWrap] = children(ci);
    const signedData = children(signedWrap)[0];
    const sd = children(signedData);
    const encap = sd[2];
    const eContent = children(children(encap)[1])[0];
    const tstInfoBytes = content(eContent);
    const tst = children(der(tstInfoBytes));
    const imprint = children(tst[2]);
    const alg = HASHES[oidOf(children(imprint[0])[0])];
    const imprintOk = !!alg && equal(content(imprint[1]), new Uint8Array(await subtle.digest(alg, data)));
    const genTime = new TextDecoder().decode(content(tst[4]));
    const time = `${genTime.slice(0, 4)}-${genTime.slice(4, 6)}-${genTime.slice(6, 8)}T${genTime.slice(8, 10)}:${genTime.slice(10, 12)}:${genTime.slice(12, 14)}Z`;
    const certs = sd.find((n) => n.tag === 0xa0);
    const signerInfos = sd[sd.length - 1];
    const si = children(children(signerInfos)[0]);
    // SignerInfo: version, sid, digestAlgorithm, [0] signedAttrs, signatureAlgorithm, signature, ...
    const at = si.findIndex((n, i) => i >= 3 && n.tag === 0xa0);
    const signedAttrs = si[at];
    const digestAlg = HASHES[oidOf(children(si[2])[0])];
    const sigAlg = oidOf(children(si[at + 1])[0]);
    const signature = content(si[at + 2]);
    // messageDigest attribute must be the digest of the TSTInfo.
    let mdOk = false;
    for (const attr of children(signedAttrs)) {
      const [oid, vals] = children(attr);
      if (oidOf(oid) === '1.2.840.113549.1.9.4')
        mdOk = equal(content(children(vals)[0]), new Uint8Array(await subtle.digest(digestAlg, tstInfoBytes)));
    }
    // The signature covers the attributes DER-encoded as a SET (tag 0x31 instead of [0]).
    const attrsDer = raw(signedAttrs);
    attrsDer[0] = 0x31;
    const cert = children(certs)[0];
    const tbs = children(cert)[0];
    const tbsFields = children(tbs);
    const spki = raw(tbsFields[tbsFields[0].tag === 0xa0 ? 6 : 5]);
    const algo =
      sigAlg === '1.2.840.10045.4.3.2'
        ? { name: 'ECDSA', namedCurve: 'P-256' }
        : { name: 'RSASSA-PKCS1-v1_5', hash: digestAlg };
    const pub = await subtle.importKey('spki', spki, algo, false, ['verify']);
    const sig = algo.name === 'ECDSA' ? ecdsaDerToRaw(signature) : signature;
    const sigOk = await subtle.verify(
      algo.name === 'ECDSA' ? { name: 'ECDSA', hash: digestAlg } : algo,
      pub,
      sig,
      attrsDer,
    );
    const ok = imprintOk && mdOk && sigOk;
    // The signer is whoever the embedded certificate names: show its fingerprint to compare with the
    // TSA certificate the platform publishes (openssl ts -verify -CAfile checks the chain).
    const fingerprint = toHex(await sha256(raw(cert))).slice(0, 16);
    return {
      ok,
      time,
      detail: ok
        ? `时间戳 ${time}（RFC 3161，签名有效，TSA 证书指纹 ${fingerprint}…）`
        : !imprintOk
          ? '时间戳不是针对该检查点'
          : '时间戳签名无效',
    };
  } catch (e) {
    return { ok: false, detail: `时间戳无法解析：${e?.message ?? e}` };
  }
}

function ecdsaDerToRaw(sig) {
  const [r, s] = children(der(sig)).map((n) => content(n));
  const pad = (x) => {
    const t = x[0] === 0 ? x.slice(1) : x;
    return concat(new Uint8Array(32 - t.length), t);
  };
  return concat(pad(r), pad(s));
}

// ---- command line
async function main(argv) {
  // A computed specifier: bundlers leave it alone (the browser never runs main).
  const fsModule = ['node:fs', 'promises'].join('/');
  const { readFile } = await import(/* @vite-ignore */ fsModule);
  const valued = ['--key', '--witness', '--quorum'];
  const args = argv.filter((a, i) => !valued.includes(a) && !valued.includes(argv[i - 1]) && a !== '--consistency');
  const keyAt = argv.indexOf('--key');
  const pinned = keyAt >= 0 ? argv[keyAt + 1] : process.env.LUMEN_LOG_KEY;
  // Witness keys: each --witness, else LUMEN_WITNESSES (comma-separated); --quorum defaults to all of them.
  const witnesses = argv.flatMap((a, i) => (argv[i - 1] === '--witness' ? [a] : []));
  if (!witnesses.length && process.env.LUMEN_WITNESSES)
    witnesses.push(...process.env.LUMEN_WITNESSES.split(',').filter(Boolean));
  const quorumAt = argv.indexOf('--quorum');
  const quorum = quorumAt >= 0 ? Number(argv[quorumAt + 1]) : undefined;
  if (quorum !== undefined && !(Number.isInteger(quorum) && quorum >= 0)) {
    console.error('--quorum 须为非负整数');
    return 2;
  }
  if (argv.includes('--consistency')) {
    if (args.length !== 2 && args.length !== 3) {
      console.error(
        '用法: node verify-receipt.mjs --consistency 旧检查点.txt 新检查点.txt [一致性证明.json] --key 日志公钥',
      );
      return 2;
    }
    let notes;
    let proof = null;
    try {
      notes = await Promise.all(args.slice(0, 2).map((f) => readFile(f, 'utf8')));
      if (args[2]) {
        proof = JSON.parse(await readFile(args[2], 'utf8'));
        if (proof && proof.data && !proof.path) proof = proof.data;
      }
    } catch (e) {
      console.error(`文件无法读取：${e.message}`);
      return 1;
    }
    const r = await verifyCheckpointConsistency(notes[0], notes[1], proof, pinned);
    for (const s of r.steps) console.log(`${s.ok === null ? '—' : s.ok ? '✔' : '✘'} ${s.label}：${s.detail}`);
    console.log(r.ok ? '结论：日志一致' : '结论：日志不一致');
    return r.ok ? 0 : 1;
  }
  if (args.length !== 2) {
    console.error(
      '用法: node verify-receipt.mjs 原始文件 回执.json [--key 日志公钥] [--witness 见证人公钥 ...] [--quorum N]',
    );
    console.error(
      '      node verify-receipt.mjs --consistency 旧检查点.txt 新检查点.txt [一致性证明.json] --key 日志公钥',
    );
    return 2;
  }
  const [file, receiptFile] = args;
  let receipt;
  try {
    receipt = JSON.parse(await readFile(receiptFile, 'utf8'));
  } catch (e) {
    console.error(`回执无法读取：${e.message}`);
    return 1;
  }
  const r = await verifyReceipt(new Uint8Array(await readFile(file)), receipt, pinned, { witnesses, quorum });
  for (const s of r.steps) console.log(`${s.ok === null ? '—' : s.ok ? '✔' : '✘'} ${s.label}：${s.detail}`);
  console.log(r.ok ? '结论：验证通过' : '结论：验证失败');
  return r.ok ? 0 : 1;
}

if (typeof process !== 'undefined' && process.argv?.[1] && /verify-receipt\.mjs$/.test(process.argv[1])) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
