/**
 * One web capture: every URL in a fresh, isolated Chromium context, then the artefacts (full-page
 * PNG, PDF, final DOM, HAR, WACZ, per-origin TLS chains, DNS/IP facts, headers, redirects and a
 * provenance log). Pure of the database and the store: the job (run-capture.ts) stores what this
 * returns; the benchmark calls it directly.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page, Response } from 'playwright-core';
import { launchCaptureBrowser, helperBinaries, chromiumPath } from './browser.js';
import { dnsFacts, tlsFacts, type DnsFacts, type TlsFacts } from './origin-facts.js';
import {
  EGRESS_UNREACHABLE,
  EgressRefused,
  REFUSED_HEADER,
  checkedAddress,
  egressPolicy,
  egressTarget,
  startEgressProxy,
  type EgressEvent,
  type EgressPolicy,
  type EgressProxy,
  type LocalSite,
} from '../../egress/index.js';
import { warcFromHar, wacz, type HarEntry } from './warc.js';

export interface CaptureStep {
  action: 'scroll' | 'click' | 'wait';
  selector?: string;
  ms?: number;
}
export interface CaptureCookie {
  name: string;
  value: string;
  domain?: string;
  path?: string;
}
export interface CaptureOptions {
  urls: string[];
  steps?: CaptureStep[];
  cookies?: CaptureCookie[];
  /** Per navigation (default 30 s). */
  timeoutMs?: number;
  viewport?: { width: number; height: number };
}

export type PageFailure = 'dns' | 'tls' | 'timeout' | 'network' | 'http';
export interface PageResult {
  url: string;
  finalUrl: string | null;
  status: number | null;
  title: string | null;
  ok: boolean;
  failure?: PageFailure;
  error?: string;
  redirects: Array<{ from: string; to: string; status: number }>;
  remoteAddress?: { ipAddress: string; port: number } | null;
  capturedAt: string;
}
export interface CaptureFile {
  name: string;
  data: Buffer;
  contentType: string;
}
export interface CaptureOutput {
  files: CaptureFile[];
  pages: PageResult[];
  ok: boolean;
}
export interface StepLog {
  at: string;
  action: string;
  detail: string;
  ok: boolean;
}

const nowIso = () => new Date().toISOString();

const TLS_ERROR = /net::(ERR_CERT_[A-Z_]+|ERR_SSL_[A-Z_]+|ERR_BAD_SSL_[A-Z_]+)/;

/**
 * Chromium's error, sorted into the failure the user is shown. Only a certificate verdict (from a
 * server the egress policy let through) is kept; everything else is one message that never tells
 * whether anything answered (refused, closed port, empty response, DNS, timeout alike).
 */
export function classifyError(message: string): { failure: PageFailure; error: string } {
  const tlsError = TLS_ERROR.exec(message);
  return tlsError
    ? { failure: 'tls', error: `net::${tlsError[1]}` }
    : { failure: 'network', error: EGRESS_UNREACHABLE };
}

/** A page stopped at its wall time (captureLimits().pageWallMs), while loading or after. */
const PAST_WALL_TIME = { ok: false, failure: 'timeout', error: '超过单页时限' } as const;

/** Limits of one capture (environment, read per capture). */
export const captureLimits = () => ({
  maxBytes: Number(process.env.CAPTURE_MAX_BYTES) || 200 * 1024 * 1024,
  pageWallMs: Number(process.env.CAPTURE_PAGE_WALL_MS) || 120_000,
});

export interface CaptureHooks {
  progress?: (done: number, total: number) => Promise<void> | void;
  signal?: AbortSignal;
  tsaStart?: { time: string | null; tsa: string };
  /** Policy of every request the browser makes (default: egressPolicy() from the environment). */
  policy?: EgressPolicy;
  /** Sites the proxy serves itself (the sandbox web, in development). */
  local?: LocalSite;
  /** Where the raw network errors go (the server log; never the user). */
  log?: (e: EgressEvent) => void;
}

async function runSteps(page: Page, steps: CaptureStep[], log: (action: string, detail: string, ok: boolean) => void) {
  for (const s of steps) {
    try {
      if (s.action === 'scroll') {
        // Scroll to the bottom in screen-sized moves so lazily loaded content appears.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 100));
          }
          window.scrollTo(0, 0);
        });
        log('scroll', '滚动至页面底部', true);
      } else if (s.action === 'click' && s.selector) {
        await page.click(s.selector, { timeout: 5000 });
        log('click', s.selector, true);
        await page.waitForLoadState('load', { timeout: 10_000 }).catch(() => {});
      } else if (s.action === 'wait') {
        const ms = Math.min(Math.max(Number(s.ms) || 1000, 0), 30_000);
        await page.waitForTimeout(ms);
        log('wait', `${ms} ms`, true);
      }
    } catch (err) {
      log(s.action, `${s.selector ?? ''} ${(err as Error).message.split('\n')[0]}`.trim(), false);
    }
  }
}

/** Why the policy refuses a page's first address, or null when it may be opened. */
async function firstHopRefused(policy: EgressPolicy, url: string, local?: LocalSite): Promise<string | null> {
  try {
    const target = egressTarget(url);
    if (local?.handles(target.url)) return null;
    await checkedAddress(policy, target.host, target.port);
    return null;
  } catch (err) {
    if (err instanceof EgressRefused) return err.message;
    throw err;
  }
}

export async function capturePages(opts: CaptureOptions, hooks: CaptureHooks = {}): Promise<CaptureOutput> {
  const startedAt = nowIso();
  const policy = hooks.policy ?? egressPolicy();
  const limits = captureLimits();
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const steps: StepLog[] = [];
  const log = (action: string, detail: string, ok = true) => steps.push({ at: nowIso(), action, detail, ok });
  const tmp = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'lumen-capture-'));
  const harPath = path.join(tmp, 'archive.har');
  const files: CaptureFile[] = [];
  const pages: PageResult[] = [];
  const responses: Array<{
    url: string;
    status: number;
    method: string;
    headers: Record<string, string>;
    remote: unknown;
    security: unknown;
    at: string;
  }> = [];
  const failures: Array<{ url: string; error: string; at: string }> = [];
  const consoleLog: Array<{ at: string; type: string; text: string }> = [];
  let browser: Browser | null = null;
  let proxy: EgressProxy | null = null;
  try {
    proxy = await startEgressProxy(policy, { maxBytes: limits.maxBytes, log: hooks.log, local: hooks.local });
    browser = await launchCaptureBrowser(proxy.url);
    log('launch', `Chromium ${browser.version()}`);
    const context = await browser.newContext({
      recordHar: { path: harPath, content: 'embed', mode: 'full' },
      viewport: opts.viewport ?? { width: 1366, height: 768 },
      serviceWorkers: 'block',
      acceptDownloads: false,
      locale: 'zh-CN',
    });
    if (opts.cookies?.length) {
      await context.addCookies(
        opts.cookies.map((c) => ({
          name: c.name,
          value: c.value,
          domain: c.domain ?? new URL(opts.urls[0]).hostname,
          path: c.path ?? '/',
        })),
      );
      log('cookies', `设置 ${opts.cookies.length} 个 Cookie：${opts.cookies.map((c) => c.name).join(', ')}`);
    }
    const userAgent = await (async () => {
      const p = await context.newPage();
      const ua = await p.evaluate(() => navigator.userAgent);
      await p.close();
      return ua;
    })();
    // Chromium sees only the proxy's address: the server that answered is the one the proxy connected to.
    const remoteOf = (url: string) => {
      try {
        const u = new URL(url);
        const port = Number(u.port) || (u.protocol === 'https:' ? 443 : 80);
        const c = [...proxy!.connections]
          .reverse()
          .find((x) => x.host === u.hostname.replace(/^\[|\]$/g, '') && x.port === port);
        return c ? { ipAddress: c.address, port } : null;
      } catch {
        return null;
      }
    };
    context.on('response', (r: Response) => {
      const at = nowIso();
      if (r.headers()[REFUSED_HEADER]) return void failures.push({ url: r.url(), error: EGRESS_UNREACHABLE, at });
      void Promise.all([r.allHeaders().catch(() => r.headers()), r.securityDetails().catch(() => null)]).then(
        ([headers, security]) => {
          responses.push({
            url: r.url(),
            status: r.status(),
            method: r.request().method(),
            headers,
            remote: remoteOf(r.url()),
            security,
            at,
          });
        },
      );
    });
    context.on('requestfailed', (req) =>
      failures.push({ url: req.url(), error: classifyError(req.failure()?.errorText ?? '').error, at: nowIso() }),
    );

    for (let i = 0; i < opts.urls.length; i++) {
      if (hooks.signal?.aborted) throw new Error('capture aborted');
      const url = opts.urls[i];
      const dir = `page-${i + 1}`;
      // A first address the policy refuses is not even opened (the proxy would refuse it all the
      // same; this spares a page, a navigation and its idle wait per refused address).
      const refused = await firstHopRefused(policy, url, hooks.local);
      if (refused) {
        hooks.log?.({ at: nowIso(), kind: 'refused', host: '', port: 0, reason: `goto ${url}: ${refused}` });
        pages.push({
          url,
          finalUrl: null,
          status: null,
          title: null,
          ok: false,
          redirects: [],
          capturedAt: nowIso(),
          failure: 'network',
          error: EGRESS_UNREACHABLE,
        });
        log('goto', `${url} 失败：${EGRESS_UNREACHABLE}`, false);
        await hooks.progress?.(i + 1, opts.urls.length);
        continue;
      }
      const page = await context.newPage();
      page.on('console', (m) => consoleLog.push({ at: nowIso(), type: m.type(), text: m.text().slice(0, 500) }));
      const result: PageResult = {
        url,
        finalUrl: null,
        status: null,
        title: null,
        ok: false,
        redirects: [],
        capturedAt: nowIso(),
      };
      log('goto', url);
      let response: Response | null = null;
      // The page's wall time: steps and snapshots included; past it the page is closed, so whatever waits fails.
      let pastWallTime = false;
      const wall = setTimeout(() => {
        pastWallTime = true;
        log('limit', `${dir}: 超过单页时限 ${Math.round(limits.pageWallMs / 1000)} 秒`, false);
        void page.close().catch(() => {});
      }, limits.pageWallMs);
      try {
        response = await page.goto(url, { waitUntil: 'load', timeout: timeoutMs });
        await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
        if (response?.headers()[REFUSED_HEADER]) throw new Error(`egress refused ${url}`);
      } catch (err) {
        const raw = (err as Error).message.split('\n')[0];
        hooks.log?.({ at: nowIso(), kind: 'refused', host: '', port: 0, reason: `goto ${url}: ${raw}` });
        response = null;
        // A slow page closed by its wall time while loading fails with "page closed": that is the time
        // limit, not an unreachable address (seen on a loaded machine, where loading alone took 2.5 s).
        Object.assign(result, pastWallTime ? PAST_WALL_TIME : classifyError(raw));
        log('goto', `${url} 失败：${result.error}`, false);
      }
      if (response)
        try {
          result.status = response.status();
          result.finalUrl = page.url();
          result.remoteAddress = remoteOf(response.url());
          for (let req = response.request().redirectedFrom(); req; req = req.redirectedFrom()) {
            const r = await req.response();
            result.redirects.unshift({
              from: req.url(),
              to: r?.headers().location ? new URL(r.headers().location, req.url()).href : '',
              status: r?.status() ?? 0,
            });
          }
          result.ok = response.status() < 400;
          if (!result.ok) {
            result.failure = 'http';
            result.error = `HTTP ${response.status()}`;
          }
          log('response', `${result.finalUrl} HTTP ${response.status()}`, result.ok);
          await runSteps(page, opts.steps ?? [], log);
          result.title = await page.title().catch(() => null);
          files.push({
            name: `${dir}/screenshot.png`,
            data: await page.screenshot({ fullPage: true, type: 'png' }),
            contentType: 'image/png',
          });
          files.push({
            name: `${dir}/page.pdf`,
            data: await page.pdf({ printBackground: true, format: 'A4' }),
            contentType: 'application/pdf',
          });
          files.push({
            name: `${dir}/dom.html`,
            data: Buffer.from(await page.content(), 'utf8'),
            contentType: 'text/html; charset=utf-8',
          });
          log('snapshot', `${dir}: 整页截图、PDF、DOM`);
        } catch (err) {
          if (!page.isClosed()) throw err;
          for (const f of files.filter((x) => x.name.startsWith(`${dir}/`))) files.splice(files.indexOf(f), 1);
          Object.assign(result, PAST_WALL_TIME);
        }
      clearTimeout(wall);
      pages.push(result);
      await page.close().catch(() => {});
      await hooks.progress?.(i + 1, opts.urls.length);
    }
    await context.close(); // writes the HAR
    log('close', '浏览器上下文已关闭，HAR 已写出');

    const har = JSON.parse(await fs.promises.readFile(harPath, 'utf8'));
    const entries: HarEntry[] = har.log?.entries ?? [];
    // Facts only about hosts the policy let the browser reach: nothing about inner names or addresses.
    const reached = new Set(proxy.connections.map((c) => `${c.host}:${c.port}`));
    const hostPort = (u: URL) =>
      `${u.hostname.replace(/^\[|\]$/g, '')}:${Number(u.port) || (u.protocol === 'https:' ? 443 : 80)}`;
    const seenUrls = [...opts.urls, ...responses.map((r) => r.url)]
      .filter((u) => /^https?:/.test(u))
      .map((u) => new URL(u))
      .filter((u) => reached.has(hostPort(u)));
    const hosts = [...new Set(seenUrls.map((u) => u.hostname.replace(/^\[|\]$/g, '')))];
    const dns: DnsFacts[] = await Promise.all(hosts.map((h) => dnsFacts(h, policy)));
    const httpsOrigins = [...new Set(seenUrls.filter((u) => u.protocol === 'https:').map((u) => u.origin))];
    const tlsList: TlsFacts[] = await Promise.all(httpsOrigins.map((o) => tlsFacts(o, policy)));
    for (const t of tlsList) {
      if (t.pem)
        files.push({
          name: `tls/${new URL(t.origin).host.replace(/[^a-z0-9.-]/gi, '_')}.pem`,
          data: Buffer.from(t.pem, 'utf8'),
          contentType: 'application/x-pem-file',
        });
    }
    const browserVersion = browser.version();
    const software = `Lumen web capture (playwright-core, Chromium ${browserVersion})`;
    const warc = warcFromHar(entries, {
      software,
      format: 'WARC File Format 1.1',
      'http-header-user-agent': userAgent,
      'capture-started': startedAt,
    });
    const okPages = pages.filter((p) => p.finalUrl);
    files.push({
      name: 'archive.wacz',
      data: wacz(
        warc,
        okPages.map((p) => ({ url: p.finalUrl!, ts: p.capturedAt, title: p.title ?? undefined })),
        { title: `网页取证 ${opts.urls[0]}`, software, created: nowIso() },
      ),
      contentType: 'application/wacz',
    });
    files.push({ name: 'archive.warc', data: warc.warc, contentType: 'application/warc' });
    files.push({
      name: 'archive.har',
      data: Buffer.from(JSON.stringify(har, null, 1), 'utf8'),
      contentType: 'application/json',
    });
    const egress = proxy.connections.map(({ host, port, address, at }) => ({ host, port, address, at }));
    files.push({
      name: 'network.json',
      data: Buffer.from(
        JSON.stringify(
          {
            pages,
            responses,
            failures,
            dns,
            tls: tlsList.map(({ pem: _pem, ...t }) => t),
            egress,
            console: consoleLog,
          },
          null,
          2,
        ),
        'utf8',
      ),
      contentType: 'application/json',
    });
    const provenance = {
      format: 'lumen.capture-provenance/v1',
      serverTime: { started: startedAt, finished: nowIso() },
      tsaTimeAtStart: hooks.tsaStart ?? null,
      browser: {
        name: 'Chromium',
        version: browserVersion,
        executable: chromiumPath(),
        userAgent,
        headless: true,
        freshContext: true,
        serviceWorkers: 'blocked',
        extensions: 'disabled',
        egress: 'every request through the checking proxy (public addresses, ports 80/443 unless EGRESS_ALLOW)',
      },
      helpers: await helperBinaries(),
      host: {
        hostname: os.hostname(),
        platform: `${os.type()} ${os.release()} ${os.arch()}`,
        node: process.version,
        addresses: Object.values(os.networkInterfaces())
          .flat()
          .filter((a) => a && !a.internal)
          .map((a) => a!.address),
      },
      options: {
        urls: opts.urls,
        steps: opts.steps ?? [],
        cookies: (opts.cookies ?? []).map((c) => ({ name: c.name, domain: c.domain ?? null })),
        timeoutMs,
        viewport: opts.viewport ?? { width: 1366, height: 768 },
      },
      steps,
    };
    files.push({
      name: 'provenance.json',
      data: Buffer.from(JSON.stringify(provenance, null, 2), 'utf8'),
      contentType: 'application/json',
    });
    return { files, pages, ok: pages.some((p) => p.ok) };
  } finally {
    await browser?.close().catch(() => {});
    await proxy?.close().catch(() => {});
    await fs.promises.rm(tmp, { recursive: true, force: true }).catch(() => {});
  }
}
