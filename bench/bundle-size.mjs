#!/usr/bin/env node
/**
 * Production bundle size: gzip bytes of what the browser loads first (index.html's entry chunk,
 * its static imports and CSS) and, per routed page, what navigating there adds on top; the mobile
 * site's home (m/index.html and its home page chunk) beside the desktop home.
 *
 *   npm run bench:bundle            (builds first unless its build is newer than every client source)
 *   node bench/bundle-size.mjs --build      (always build)
 *   node bench/bundle-size.mjs --no-build   (measure its last build as it is)
 *   node bench/bundle-size.mjs --dist dist  (measure another build, e.g. the one `npm start` serves; never builds)
 *
 * It builds (NODE_ENV=production) into bench/.data/client, never ./dist: a running `npm start`
 * serves ./dist, and replacing its hashed assets under it blanks every open page.
 *
 * Reads Vite's manifest (build.manifest = true) and the route name -> page module tables of
 * src/routes/pages.ts and src/routes/AppRoutes.tsx (the shell's own pages, such as the 404 page).
 */
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distArg = process.argv.indexOf('--dist');
const dist = distArg > 0 ? path.resolve(process.argv[distArg + 1] ?? '') : path.join(root, 'bench', '.data', 'client');
const manifestFile = path.join(dist, '.vite', 'manifest.json');

/** Newest modification time under a file or folder (0 when it does not exist). */
function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return fs.readdirSync(p).reduce((m, f) => Math.max(m, newestMtime(path.join(p, f))), st.mtimeMs);
}

// A manifest older than any client source measures a bundle that no longer exists.
const inputs = [
  'src',
  'index.html',
  'vite.config.ts',
  'server/src/http/precompress.ts',
  'package-lock.json',
  'public',
].map((f) => path.join(root, f));
const stale = () =>
  !fs.existsSync(manifestFile) || Math.max(...inputs.map(newestMtime)) > fs.statSync(manifestFile).mtimeMs;
if (distArg < 0 && (process.argv.includes('--build') || (!process.argv.includes('--no-build') && stale()))) {
  execSync(`npx vite build --logLevel warn --emptyOutDir --outDir ${JSON.stringify(dist)}`, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
} else if (!fs.existsSync(manifestFile)) {
  console.error(`${path.relative(root, manifestFile)} is missing; run without --no-build / --dist`);
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const gzipCache = new Map();
function gz(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length);
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

// Two entries in one build: the desktop site (index.html) and the mobile site (m/index.html).
const entryKey = 'index.html';
if (!manifest[entryKey]?.isEntry) throw new Error(`${entryKey} is not an entry of the build`);
const initial = closure(entryKey);
// Stylesheets an HTML page links itself (the desktop's prebuilt antd styles, vite.config.ts): not in the manifest.
const linkedCss = (html) =>
  [...fs.readFileSync(path.join(dist, html), 'utf8').matchAll(/<link rel="stylesheet"[^>]*href="\/([^"]+)"/g)].map(
    (m) => m[1],
  );
for (const f of linkedCss('index.html')) initial.add(f);
console.log(`entry (${entryKey}): ${kb(sum(initial))} gzip in ${initial.size} files`);

// Route name -> page module source, as written in pages.ts and AppRoutes.tsx (NotFound).
const pageTables = ['src/routes/pages.ts', 'src/routes/AppRoutes.tsx']
  .map((f) => fs.readFileSync(path.join(root, f), 'utf8'))
  .join('\n');
const pageModules = new Map(
  [...pageTables.matchAll(/(\w+):\s*\(\)\s*=>\s*import\('\.\.\/(pages\/[^']+)'\)/g)].map((m) => [m[1], m[2]]),
);
const rows = [];
for (const [name, rel] of pageModules) {
  const key = Object.keys(manifest).find((k) => k.replace(/\.(tsx?|jsx?)$/, '') === `src/${rel}`);
  if (!key) {
    rows.push({ route: name, added: NaN, note: 'not in manifest' });
    continue;
  }
  const extra = [...closure(key)].filter((f) => !initial.has(f));
  rows.push({ route: name, added: sum(extra), files: extra.length });
}
rows.sort((a, b) => b.added - a.added);

// What a cold load of a public URL downloads before its page renders: the entry's closure plus
// the page's chunk closure (the module graph of the build). Refine pages add routes/RefineScope.
const GOAL = 300 * 1024;
const isJs = (f) => f.endsWith('.js');
const keyOf = (rel) => Object.keys(manifest).find((k) => k.replace(/\.(tsx?|jsx?)$/, '') === `src/${rel}`);
console.log(`\ninitial load per URL (entry + page chunks; goal <= ${kb(GOAL)} JS gzip):`);
for (const [url, name] of [
  ['/', 'Home'],
  ['/search', 'Search'],
  ['/video/detail/1', 'VideoDetail'],
  ['/ablum/video', 'AlbumList'],
]) {
  const key = keyOf(pageModules.get(name) ?? '');
  if (!key) continue;
  const files = new Set([...initial, ...closure(key)]);
  const js = sum([...files].filter(isJs));
  const css = sum([...files].filter((f) => !isJs(f)));
  console.log(
    `  ${url.padEnd(18)} JS ${kb(js).padStart(10)}  CSS ${kb(css).padStart(8)}  ${(js / GOAL).toFixed(2)}x goal  ${js <= GOAL ? 'ok' : 'MISS'}`,
  );
}
const refineKey = keyOf('routes/RefineScope');
if (refineKey)
  console.log(
    `  Refine scope (first centre page adds): ${kb(sum([...closure(refineKey)].filter((f) => !initial.has(f))))}`,
  );
// The mobile site (issue 33: its home's initial JS <= 150 KB gzip): m/index.html's entry and the
// home page's chunk, which the router asks for at once on /m/ (every mobile page is its own chunk).
const MOBILE_GOAL = 150 * 1024;
const mobileKey = 'm/index.html';
if (manifest[mobileKey]?.isEntry) {
  const mobileEntry = closure(mobileKey);
  for (const f of linkedCss(mobileKey)) mobileEntry.add(f);
  const mobileHome = new Set([...mobileEntry, ...closure(keyOf('mobile/pages/HomePage') ?? '')]);
  const js = (files) => sum([...files].filter(isJs));
  const css = (files) => sum([...files].filter((f) => !isJs(f)));
  console.log(`\nmobile site (${mobileKey}; goal <= ${kb(MOBILE_GOAL)} JS gzip for its home):`);
  console.log(`  entry only         JS ${kb(js(mobileEntry)).padStart(10)}  CSS ${kb(css(mobileEntry)).padStart(8)}`);
  console.log(
    `  /m/ (home)         JS ${kb(js(mobileHome)).padStart(10)}  CSS ${kb(css(mobileHome)).padStart(8)}  ${(js(mobileHome) / MOBILE_GOAL).toFixed(2)}x goal  ${js(mobileHome) <= MOBILE_GOAL ? 'ok' : 'MISS'}`,
  );
  const desktopHome = new Set([...initial, ...closure(keyOf(pageModules.get('Home') ?? '') ?? '')]);
  console.log(`  desktop / beside   JS ${kb(js(desktopHome)).padStart(10)}  CSS ${kb(css(desktopHome)).padStart(8)}`);
} else console.log(`\n${mobileKey} is not an entry of this build: no mobile figures`);
console.log('\nper route (added on navigation, gzip):');
for (const r of rows)
  console.log(
    `  ${r.route.padEnd(20)} ${Number.isNaN(r.added) ? r.note : `${kb(r.added).padStart(10)}  (${r.files} files)`}`,
  );
const all = new Set(Object.values(manifest).flatMap((c) => [c.file, ...(c.css ?? [])]));
console.log(`\nwhole build: ${kb(sum(all))} gzip in ${all.size} files`);
