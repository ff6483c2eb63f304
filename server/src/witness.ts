// `npm run witness`: a transparency-log witness (c2sp.org/tlog-witness) as its own process, with
// its own key and state folder and no access to the log's database. It cosigns a checkpoint of a
// log it follows only when the checkpoint extends the last one it cosigned for that log.
//   WITNESS_DIR   state folder (default ./data/witness): witness.key, witness.vkey, logs/, refused.log
//   WITNESS_NAME  the witness's name (default witness.lumen.local/w1), used when the key is created
//   WITNESS_KEY   PRIVATE+KEY+… cosigner key (default: WITNESS_DIR/witness.key, created on first start)
//   WITNESS_LOGS  the followed logs' verifier keys, comma-separated (GET /api/protection/ledger/key)
//   WITNESS_HOST, WITNESS_PORT  where to listen (default 127.0.0.1:7381)
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { cosignerKeyString, parseCosignerSignerKey } from './witness/cosigner.js';
import { logKeysOf } from './witness/add-checkpoint.js';
import { witnessServer } from './witness/http.js';
import { WitnessState, lockStateDir } from './witness/state.js';
import { createFileOnce } from './storage/create-file-once.js';

const env = process.env;
const dir = path.resolve(env.WITNESS_DIR ?? 'data/witness');
const release = lockStateDir(dir);
const keyFile = path.join(dir, 'witness.key');
if (!env.WITNESS_KEY)
  createFileOnce(
    keyFile,
    () => `${cosignerKeyString(env.WITNESS_NAME ?? 'witness.lumen.local/w1', crypto.randomBytes(32))}\n`,
  );
const cosigner = parseCosignerSignerKey(env.WITNESS_KEY ?? fs.readFileSync(keyFile, 'utf8'));
fs.writeFileSync(path.join(dir, 'witness.vkey'), `${cosigner.verifierKey}\n`);
const logs = await logKeysOf(
  (env.WITNESS_LOGS ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);
if (!logs.size) console.warn('witness: WITNESS_LOGS is empty, every checkpoint will be answered 404');

const server = witnessServer({ cosigner, logs, state: new WitnessState(dir), dir });
const host = env.WITNESS_HOST ?? '127.0.0.1';
const port = Number(env.WITNESS_PORT ?? 7381);
server.listen(port, host, () => {
  const addr = server.address();
  const bound = typeof addr === 'object' && addr ? addr.port : port;
  console.log(
    `witness ${cosigner.verifierKey} listening on http://${host}:${bound} for ${[...logs.keys()].join(', ') || 'no log'}`,
  );
});
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => {
    server.close();
    release();
    process.exit(0);
  });
