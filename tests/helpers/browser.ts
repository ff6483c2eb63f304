import { chromium, type Browser, type BrowserContext, type Download } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The WeChat in-app browser on an iPhone (login and payment take the WeChat paths there). */
export const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.47(0x18002f2f) NetType/WIFI Language/zh_CN';

/** Debian's Chromium, headless, with the flags that keep it off the closed network. */
export const CHROMIUM_LAUNCH = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
};

/** Where the browser files share one Chromium: set by tests/e2e/csp-setup.ts from the global setup. */
export const SHARED_BROWSER_ENV = 'LUMEN_E2E_BROWSER_WS';

/**
 * A browser for one test file: the browser pass's shared Chromium when there is one (its global
 * setup launches it once; a launch cost 0.7 CPU-s and about a second, 24 times a pass), else a
 * Chromium of its own. Each file still works in contexts of its own, and its close() ends only
 * those contexts and the connection.
 */
export function launchBrowser(): Promise<Browser> {
  const shared = process.env[SHARED_BROWSER_ENV];
  return shared ? chromium.connect(shared) : chromium.launch(CHROMIUM_LAUNCH);
}

/** A finished download's bytes, streamed through Playwright: Download.path() has no file when the browser is shared. */
export async function downloadBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** One Content-Security-Policy violation seen in a page (what the browser refused to load or run). */
export interface CspViolation {
  page: string;
  directive: string;
  blocked: string;
  source: string;
  sample: string;
}

/** Violations of every context made by newContext, kept in Node so navigations and closed pages lose none. */
const cspViolations: CspViolation[] = [];
const openContexts = new Set<BrowserContext>();

// Runs in every page and frame before the app: each violation goes to window.__cspViolations (for a
// look in devtools) and, through the binding, to this process.
const CSP_LISTENER = `(() => {
  window.__cspViolations = [];
  window.addEventListener('securitypolicyviolation', (e) => {
    const v = { page: location.href, directive: e.effectiveDirective || e.violatedDirective, blocked: String(e.blockedURI || ''),
      source: (e.sourceFile || '') + ':' + (e.lineNumber || 0), sample: String(e.sample || '') };
    window.__cspViolations.push(v);
    if (typeof window.__reportCspViolation === 'function') window.__reportCspViolation(v);
  }, true);
})();`;

/**
 * A desktop (zh-CN) or mobile context whose pages report CSP violations (see takeCspViolations). Contexts ask for reduced motion unless told
 * otherwise: the product then starts no looping previews (src/hooks/use-reduced-motion.ts), which
 * kept Chromium decoding video at 0.3-0.4 CPU-s a second for every detail page a test left open.
 * tests/e2e/catalogue.test.ts takes both paths, with and without the preference.
 */
export async function newContext(
  browser: Browser,
  opts: { mobile?: boolean; userAgent?: string; motion?: 'reduce' | 'no-preference'; ignoreHTTPSErrors?: boolean } = {},
): Promise<BrowserContext> {
  const reducedMotion = opts.motion ?? 'reduce';
  // ignoreHTTPSErrors: a site with a self-signed certificate (tests/e2e/journeys/deployment.pg.test.ts).
  const ignoreHTTPSErrors = opts.ignoreHTTPSErrors ?? false;
  const ctx = await browser.newContext(
    opts.mobile
      ? {
          userAgent: opts.userAgent ?? MOBILE_UA,
          viewport: { width: 390, height: 844 },
          reducedMotion,
          ignoreHTTPSErrors,
        }
      : { viewport: { width: 1366, height: 900 }, locale: 'zh-CN', reducedMotion, ignoreHTTPSErrors },
  );
  await ctx.exposeBinding('__reportCspViolation', (_source, v: CspViolation) => void cspViolations.push(v));
  await ctx.addInitScript(CSP_LISTENER);
  openContexts.add(ctx);
  ctx.on('close', () => openContexts.delete(ctx));
  return ctx;
}

/**
 * Every violation reported since the last call, then forgets them. Pages still open are asked
 * directly too, in case a report was still on its way through the binding.
 */
export async function takeCspViolations(): Promise<CspViolation[]> {
  const seen = new Set(cspViolations.map((v) => JSON.stringify(v)));
  for (const ctx of openContexts) {
    for (const page of ctx.pages()) {
      const inPage = await page
        .evaluate(() => (window as unknown as { __cspViolations?: CspViolation[] }).__cspViolations ?? [])
        .catch(() => []);
      for (const v of inPage) if (!seen.has(JSON.stringify(v))) cspViolations.push(v);
    }
  }
  return cspViolations.splice(0);
}
