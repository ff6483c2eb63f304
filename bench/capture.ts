/**
 * Web-capture benchmark: capture time per page, captures per minute with 2 at a time (the 2-core
 * machines), and the memory of the capture worker (its Node process and the Chromium processes it
 * starts). Pages come from a loopback site that rotates realistic shapes (an article, an image
 * gallery, a long product list, a page with a redirect). The baseline, measured in the same run on
 * the same pages: a bare launch + page.goto + full-page screenshot. Figures only, no assertions.
 *
 *   node --import tsx bench/capture.ts          # BENCH_PAGES=12 by default
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { launchCaptureBrowser } from '../server/src/services/capture/browser.js';
import { capturePages } from '../server/src/services/capture/capture-pages.js';
import { storeWithManifest } from '../server/src/services/capture/run-capture.js';
import { egressPolicy, startEgressProxy } from '../server/src/egress/index.js';
import { LocalStorage } from '../server/src/storage/local.js';

const PAGES = Number(process.env.BENCH_PAGES ?? 12);

const svg = (i: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="hsl(${(i * 37) % 360},60%,60%)"/><text x="20" y="100" font-size="40">${i}</text></svg>`;
const para = (n: number) =>
  Array.from(
    { length: n },
    (_, i) =>
      `<p>第 ${i + 1} 段：本网站未经授权使用了摄影作品，页面包含图片、文字与链接，用于测量取证耗时。Lorem ipsum dolor sit amet ${i}.</p>`,
  ).join('');
const shapes: Record<string, () => string> = {
  article: () => `<h1>新闻文章</h1>${para(60)}<img src="/img/1.svg">`,
  gallery: () =>
    `<h1>图片集</h1>${Array.from({ length: 40 }, (_, i) => `<img src="/img/${i}.svg" width="320">`).join('')}`,
  list: () =>
    `<h1>商品列表</h1><ul>${Array.from({ length: 300 }, (_, i) => `<li>商品 ${i} — ¥${(i * 13) % 999}.00 <a href="/p/${i}">详情</a></li>`).join('')}</ul>`,
  redirected: () => `<h1>跳转后的页面</h1>${para(10)}`,
};
const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (url.startsWith('/img/')) {
    res.writeHead(200, { 'content-type': 'image/svg+xml' });
    return res.end(svg(Number(url.slice(5, -4)) || 0));
  }
  if (url === '/go') {
    res.writeHead(302, { location: '/redirected' });
    return res.end();
  }
  const body = (shapes[url.slice(1)] ?? shapes.article)();
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>${url}</title></head><body>${body}</body></html>`);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const urls = Array.from({ length: PAGES }, (_, i) => `${origin}${['/article', '/gallery', '/list', '/go'][i % 4]}`);

/** Peak RSS (MB) of this process and of every process below it (Chromium), sampled every 100 ms. */
function memorySampler() {
  let peakNode = 0;
  let peakBrowser = 0;
  const sample = () => {
    peakNode = Math.max(peakNode, process.memoryUsage().rss / 2 ** 20);
    try {
      const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,rss='], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map((l) => l.trim().split(/\s+/).map(Number));
      const kids = new Set([process.pid]);
      let grew = true;
      while (grew) {
        grew = false;
        for (const [pid, ppid] of rows)
          if (kids.has(ppid) && !kids.has(pid)) {
            kids.add(pid);
            grew = true;
          }
      }
      kids.delete(process.pid);
      peakBrowser = Math.max(peakBrowser, rows.filter(([pid]) => kids.has(pid)).reduce((s, r) => s + r[2], 0) / 1024);
    } catch {
      /* ps unavailable */
    }
  };
  const t = setInterval(sample, 100);
  return {
    stop: () => {
      clearInterval(t);
      sample();
      return { node: peakNode, browser: peakBrowser };
    },
  };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const fmt = (xs: number[]) =>
  `p50 ${pct(xs, 50).toFixed(0)} ms  p95 ${pct(xs, 95).toFixed(0)} ms  max ${Math.max(...xs).toFixed(0)} ms`;

// The bench site is on loopback: allow it (and only it) through the egress policy, like a deployment's EGRESS_ALLOW.
process.env.EGRESS_ALLOW = `127.0.0.1:${new URL(origin).port}`;

async function baselineOne(url: string) {
  const proxy = await startEgressProxy(egressPolicy());
  const browser = await launchCaptureBrowser(proxy.url);
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto(url, { waitUntil: 'load' });
    await page.screenshot({ fullPage: true });
  } finally {
    await browser.close();
    await proxy.close();
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-capture-'));
const storage = new LocalStorage(dataDir);
let n = 0;
async function captureOne(url: string) {
  const out = await capturePages({ urls: [url] });
  await storeWithManifest(storage, ++n, out.files, { urls: [url] });
}

async function timed(fn: (u: string) => Promise<void>, list: string[]) {
  const times: number[] = [];
  for (const u of list) {
    const t = performance.now();
    await fn(u);
    times.push(performance.now() - t);
  }
  return times;
}
async function perMinute(fn: (u: string) => Promise<void>, list: string[], parallel: number) {
  const queue = [...list];
  const t = performance.now();
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let u = queue.shift(); u; u = queue.shift()) await fn(u);
    }),
  );
  return (list.length / (performance.now() - t)) * 60_000;
}

await captureOne(urls[0]); // warm: the first capture hashes the Chromium binary (cached afterwards)
console.log(
  `web capture benchmark: ${PAGES} pages per series (article, gallery of 40 images, list of 300 items, redirect), ${os.cpus().length} CPUs`,
);
const memBase = memorySampler();
const base = await timed(baselineOne, urls);
const baseMem = memBase.stop();
const memCap = memorySampler();
const cap = await timed(captureOne, urls);
const capMem = memCap.stop();
console.log(`baseline  (launch + goto + full-page screenshot): ${fmt(base)}`);
console.log(`capture   (all artefacts + manifest, stored):      ${fmt(cap)}`);
console.log(`ratio capture/baseline p50: ${(pct(cap, 50) / pct(base, 50)).toFixed(2)}x`);
const basePm = await perMinute(baselineOne, urls, 2);
const capPm = await perMinute(captureOne, urls, 2);
console.log(
  `per minute, 2 at a time: baseline ${basePm.toFixed(1)}, capture ${capPm.toFixed(1)} (ratio ${(capPm / basePm).toFixed(2)})`,
);
console.log(
  `peak memory, sequential: baseline node ${baseMem.node.toFixed(0)} MB + chromium ${baseMem.browser.toFixed(0)} MB; capture node ${capMem.node.toFixed(0)} MB + chromium ${capMem.browser.toFixed(0)} MB`,
);
server.close();
fs.rmSync(dataDir, { recursive: true, force: true });
