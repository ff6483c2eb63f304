/**
 * Login API figures on an in-memory PGlite app (run: node --import tsx bench/login-api.ts).
 * Prints mean latency per call; scrypt dominates password login by design (memory-hard KDF).
 */
import { openDb } from '../server/src/db/index.js';
import { migrate } from '../server/src/db/migrate.js';
import { buildApp } from '../server/src/app.js';
import { loadConfig } from '../server/src/config.js';
import { seedUsers, DEMO_PASSWORD } from '../server/src/seed/users.js';
import { encodePassword, microTimestamp } from '../src/schemas/login/password-codec.js';
import { signedBody } from '../src/schemas/login/sms-sign.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-bench-'));
const config = loadConfig({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  CLIENT_DIR: path.join(dataDir, 'none'),
  LOG_LEVEL: 'warn',
});
const db = await openDb({ pgliteDir: 'memory://' });
await migrate(db);
const app = await buildApp({ config, db, logger: false });
await app.ready();
await seedUsers(app);

async function time(name: string, n: number, fn: (i: number) => Promise<{ statusCode: number }>) {
  const t0 = performance.now();
  for (let i = 0; i < n; i++) {
    const r = await fn(i);
    if (r.statusCode !== 200) throw new Error(`${name}: HTTP ${r.statusCode}`);
  }
  const ms = (performance.now() - t0) / n;
  console.log(`${name.padEnd(28)} ${ms.toFixed(1).padStart(7)} ms/call  (${n} calls)`);
}

const ip = (i: number) => `10.1.${Math.floor(i / 250)}.${(i % 250) + 1}`;
await time('getQrCode', 25, (i) => app.inject({ url: '/api/common/getQrCode', remoteAddress: ip(i) }));
const { ticket } = (await app.inject({ url: '/api/common/getQrCode', remoteAddress: '10.2.0.1' })).json().data;
await time('checkLogin (pending poll)', 200, () =>
  app.inject({ method: 'POST', url: '/api/common/checkLogin', payload: { ticket } }),
);
await time('sendUserSmsCode (signed)', 25, (i) =>
  app.inject({
    method: 'POST',
    url: '/api/common/sendUserSmsCode',
    remoteAddress: ip(i),
    payload: signedBody({ phone: `135${String(i).padStart(8, '0')}`, registDevice: 'PC' }, config.smsSignSecret),
  }),
);
await time('userPasswordLogin (scrypt)', 10, (i) => {
  const ts = microTimestamp();
  return app.inject({
    method: 'POST',
    url: '/api/common/userPasswordLogin',
    remoteAddress: ip(i),
    payload: { username: 'demo_buyer', ts, password: encodePassword(DEMO_PASSWORD, ts) },
  });
});
const token = (
  await app.inject({
    method: 'POST',
    url: '/api/common/userPasswordLogin',
    remoteAddress: '10.3.0.1',
    payload: (() => {
      const ts = microTimestamp();
      return { username: 'demo_buyer', ts, password: encodePassword(DEMO_PASSWORD, ts) };
    })(),
  })
).json().data.token;
await time('getUserInfo', 200, () => app.inject({ url: '/api/common/getUserInfo', headers: { authorization: token } }));

for (const f of fs.existsSync('dist/assets') ? fs.readdirSync('dist/assets') : []) {
  if (!/^LoginDialog-.*\.js$/.test(f)) continue;
  const buf = fs.readFileSync(path.join('dist/assets', f));
  const gz = (await import('node:zlib')).gzipSync(buf).length;
  console.log(
    `login dialog chunk ${f}: ${(buf.length / 1024).toFixed(0)} kB, ${(gz / 1024).toFixed(0)} kB gzip (lazy, loaded on first open)`,
  );
}
await app.close();
await db.close();
fs.rmSync(dataDir, { recursive: true, force: true });
