import { chromium, type Browser, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Debian's Chromium, headless, with the flags that keep it off the closed network. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

export const MOBILE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

export function newContext(browser: Browser, opts: { mobile?: boolean } = {}): Promise<BrowserContext> {
  return browser.newContext(opts.mobile ? { userAgent: MOBILE_UA, viewport: { width: 390, height: 844 } } : { viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
}
