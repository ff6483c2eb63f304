#!/usr/bin/env node
// npm start's client build, skipped when nothing it is made from changed: a restart then takes
// the server's start (seconds) instead of a full Vite build (about 90 s on 2 cores). npm start
// (scripts/start.mjs) runs it beside the server; `node scripts/client-build.mjs` runs it alone.
// "Made from" is the content of every input below plus the VITE_* variables (.env files and the
// environment), hashed; the hash of the last good build is kept in dist/ beside it. `npm run build`
// still builds unconditionally.
import { execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Files and folders the client build reads (vite.config.ts imports the two server files). */
const INPUTS = [
  'src',
  'public',
  'index.html',
  'm',
  'vite.config.ts',
  'vite.ssr.config.ts',
  'tsconfig.json',
  'package-lock.json',
  'scripts/antd-static-css.tsx',
  'server/src/http/precompress.ts',
];
const STAMP = '.lumen-build-inputs';

function filesUnder(root, rel) {
  const abs = path.join(root, rel);
  if (!fs.existsSync(abs)) return [];
  if (!fs.statSync(abs).isDirectory()) return [rel];
  return fs
    .readdirSync(abs, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

/** One hash over every input file (path and content), the .env files and the VITE_* environment. */
export function clientInputsHash({ root = ROOT, env = process.env } = {}) {
  const h = crypto.createHash('sha256');
  const dotEnv = fs.readdirSync(root).filter((f) => /^\.env/.test(f));
  const files = [...INPUTS.flatMap((rel) => filesUnder(root, rel)), ...dotEnv].sort();
  for (const f of files)
    h.update(`${f}\0`)
      .update(fs.readFileSync(path.join(root, f)))
      .update('\0');
  for (const k of Object.keys(env)
    .filter((k) => k.startsWith('VITE_'))
    .sort())
    h.update(`${k}=${env[k]}\0`);
  return h.digest('hex');
}

/** The production Vite build into `outDir`: the command, announced with one line before it. */
function viteCommand(outDir) {
  const vite = path.join(ROOT, 'node_modules/vite/bin/vite.js');
  // One line before and one after instead of Vite's minutes of "transforming...": a newcomer sees
  // what the start is waiting for, and warnings still come through.
  console.log('Building the web client (its sources changed since the last build): two Vite builds, about a minute…');
  return {
    args: [vite, 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    options: { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
    done: (from) => console.log(`Web client built in ${Math.round((Date.now() - from) / 1000)} s.`),
  };
}

/** The build in this process (`node scripts/client-build.mjs`). */
function viteBuild(outDir) {
  const from = Date.now();
  const { args, options, done } = viteCommand(outDir);
  execFileSync(process.execPath, args, options);
  done(from);
}

/** The hash of the inputs and where it is stamped, or null when the build in `outDir` was made from them. */
function staleBuild(root, outDir) {
  const hash = clientInputsHash({ root });
  const stamp = path.join(outDir, STAMP);
  if (fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) return null;
  // Removed first: a build that fails or is interrupted leaves no stamp and runs again.
  fs.rmSync(stamp, { force: true });
  return { hash, stamp };
}

/**
 * Builds the client into `outDir` unless the build there was made from the same inputs; returns
 * whether it built. `root` and `build` are for tests.
 */
export function buildClientIfChanged({ root = ROOT, outDir = path.join(root, 'dist'), build = viteBuild } = {}) {
  const stale = staleBuild(root, outDir);
  if (!stale) return false;
  build(outDir);
  // Written last: a build that failed or was interrupted leaves no stamp and runs again.
  fs.writeFileSync(stale.stamp, stale.hash);
  return true;
}

/** The build of `outDir` in a child process, resolved when it is complete. */
function viteBuildInBackground(outDir) {
  const from = Date.now();
  const { args, options, done } = viteCommand(outDir);
  const child = spawn(process.execPath, args, options);
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code !== 0) return reject(new Error(`vite build ended with ${signal ?? `exit code ${code}`}`));
      done(from);
      resolve();
    });
  });
}

/**
 * npm start's build (scripts/start.mjs): null when the build in `outDir` is up to date, else the
 * build's promise. Until it settles, `<outDir>.building` holds this process's id: the server, started
 * meanwhile, serves its 构建中 page (server/src/http/client-build-state.ts reads the same name).
 */
export function startClientBuildIfChanged({
  root = ROOT,
  outDir = path.join(root, 'dist'),
  build = viteBuildInBackground,
} = {}) {
  const stale = staleBuild(root, outDir);
  if (!stale) return null;
  const marker = `${outDir.replace(/[\\/]+$/, '')}.building`;
  fs.writeFileSync(marker, String(process.pid));
  return (async () => {
    try {
      await build(outDir);
      fs.writeFileSync(stale.stamp, stale.hash);
    } finally {
      fs.rmSync(marker, { force: true });
    }
  })();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (!buildClientIfChanged()) console.log('The client in dist/ is up to date with its sources: not rebuilt.');
}
