#!/usr/bin/env node
// npm start: the server bundle, then the server. When the web client must be built first (a fresh
// clone, changed sources), the server starts beside the build instead of after it: the API answers
// within seconds and a browser gets a 构建中 page that refreshes itself until the build is complete.
// Signals reach both children; this process ends with the server's exit code.
import { execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startClientBuildIfChanged } from './client-build.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

execFileSync(process.execPath, [path.join(ROOT, 'scripts/server-bundle.mjs')], { cwd: ROOT, stdio: 'inherit' });

// Marked as building before the server looks at dist/ (client-build-state.ts).
const build = startClientBuildIfChanged();
if (!build) console.log('The client in dist/ is up to date with its sources: not rebuilt.');

const server = spawn(process.execPath, [path.join(ROOT, 'server/dist/server.mjs')], {
  cwd: ROOT,
  stdio: 'inherit',
  // glibc's per-thread malloc arenas: two instead of eight per core keep the idle RSS down.
  env: { MALLOC_ARENA_MAX: '2', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

build?.catch((err) => {
  // The API keeps running; pages answer 404 until a build succeeds (npm run build, or the next start).
  console.error(`网页客户端构建失败，接口仍在运行：${err.message}`);
});
