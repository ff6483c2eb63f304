#!/usr/bin/env node
/**
 * Production bundle size: gzip bytes of what the browser loads first (index.html's entry chunk,
 * its static imports and CSS) and, per routed page, what navigating there adds on top.
 *
 *   npm run bench:bundle            (builds first when dist/ has no manifest)
 *   node bench/bundle-size.mjs --build
 *
 * Reads Vite's manifest (build.manifest = true) and src/routes/pages.ts (route name -> page module).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const dist = path.join(root, 'dist');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

if (process.argv.includes('--build') || !fs.existsSync(manifestFile)) {
  execSync('npx vite build --logLevel warn', { cwd: root, stdio: 'inherit' });
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzipCache = new Map();
function gz(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

/** Files a manifest entry loads before it runs: itself, its CSS, and its static imports, recursively. */
function closure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const css of chunk.css ?? []) seen.add(css);
  for (const imp of chunk.imports ?? []) closure(imp, seen);
  return seen;
}

const sum = (files) => [...files].reduce((n, f) => n + gz(f), 0);
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const initial = closure(entryKey);
console.log(`initial (${entryKey}): ${kb(sum(initial))} gzip in ${initial.size} files`);

// Route name -> page module source, as written in pages.ts.
const pagesSrc = fs.readFileSync(path.join(root, 'src/routes/pages.ts'), 'utf8');
const rows = [];
for (const m of pagesSrc.matchAll(/^\s*(\w+):\s*\(\)\s*=>\s*import\('\.\.\/(pages\/[^']+)'\)/gm)) {
  const [, name, rel] = m;
  const key = Object.keys(manifest).find((k) => k.replace(/\.(tsx?|jsx?)$/, '') === `src/${rel}`);
  if (!key) {
    rows.push({ route: name, added: NaN, note: 'not in manifest' });
    continue;
  }
  const extra = [...closure(key)].filter((f) => !initial.has(f));
  rows.push({ route: name, added: sum(extra), files: extra.length });
}
rows.sort((a, b) => b.added - a.added);
console.log('\nper route (added on navigation, gzip):');
for (const r of rows) console.log(`  ${r.route.padEnd(20)} ${Number.isNaN(r.added) ? r.note : `${kb(r.added).padStart(10)}  (${r.files} files)`}`);
const all = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]));
console.log(`\nwhole build: ${kb(sum(all))} gzip in ${all.size} files`);
