/**
 * Prints what the generated-view modules cost on PGlite: an evidence deposit end to end (multipart
 * upload, content check, SHA-256, ledger append), a list page, a certificate PDF, and verifying a
 * certificate against a Merkle log grown by N more leaves (proofs read O(log n) stored subtrees).
 * Run: node --import tsx bench/resources.ts [blocks=2000]
 */
import { performance } from 'node:perf_hooks';
import { makeTestApp, makeUser } from '../tests/helpers/app.js';
import { jpeg } from '../tests/helpers/media.js';
import { formWithFiles, metaOf } from '../tests/helpers/multipart.js';
import { appendBlock } from '../server/src/evidence/ledger.js';
import { checkRecord } from '../server/src/evidence/receipts.js';
import { evidenceKeysOf } from '../server/src/evidence/context.js';

const blocks = Number(process.argv[2] ?? 2000);
const t = await makeTestApp();
const user = await makeUser(t.db);
const image = { filename: 'bench.jpg', contentType: 'image/jpeg', data: await jpeg(1200, 800) };

async function time(label: string, runs: number, fn: () => Promise<unknown>) {
  await fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) await fn();
  console.log(`${label}: ${((performance.now() - start) / runs).toFixed(1)} ms (mean of ${runs})`);
}

let lastId = 0;
await time('deposit POST (1200x800 JPEG, check + hash + ledger)', 20, async () => {
  const body = formWithFiles({ workName: '基准测试', workCategory: 1, files: [metaOf(image)] }, [image]);
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/protection/deposit',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  if (r.statusCode !== 200) throw new Error(r.body);
  lastId = r.json().data.id;
});
await time('deposit list page (10 rows)', 50, () =>
  t.app.inject({ url: '/api/protection/deposit/list?page=1&pageSize=10', headers: user.auth }),
);
await time('certificate PDF (CJK subset)', 10, () =>
  t.app.inject({ url: `/api/protection/deposit/${lastId}/certificate`, headers: user.auth }),
);

for (let i = 0; i < blocks; i++)
  await t.db.tx((q) => appendBlock(q, { type: 'bench', i, sha256: String(i).padStart(64, '0') }));
const d = (await t.db.query('SELECT cert_no, sha256 FROM evidence_deposits WHERE id = $1', [lastId])).rows[0];
await time(`public certificate check (inclusion + consistency proof) in a log of ${blocks} more leaves`, 20, () =>
  checkRecord(t.db, evidenceKeysOf(t.app.config), { certNo: d.cert_no, sha256: d.sha256 }),
);
await t.close();
