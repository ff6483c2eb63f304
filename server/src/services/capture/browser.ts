/**
 * The capture browser: the system Chromium (CHROMIUM_PATH, default /usr/bin/chromium) driven by
 * playwright-core, one fresh browser process per capture (no profile, cache, extensions or stored
 * cookies survive from one capture to the next). The SHA-256 of each helper binary goes into the
 * provenance log; hashing the 280 MB Chromium binary costs about a second, so it is cached per
 * (path, size, mtime).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { Browser } from 'playwright-core';

export const chromiumPath = () => process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/**
 * SPKI pins (base64 SHA-256 of a public key) Chromium accepts despite an unknown issuer: for tests
 * and staging sites with their own certificates only; production leaves it empty.
 */
const trustedSpki = () =>
  (process.env.CAPTURE_TRUSTED_SPKI ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Every request of the browser goes through the egress proxy (server/src/egress/proxy.ts), loopback
 * included (`<-loopback>` removes Chromium's implicit bypass); QUIC is off so nothing leaves over
 * UDP, and WebRTC may not use UDP outside the proxy.
 */
export async function launchCaptureBrowser(proxyUrl: string): Promise<Browser> {
  const pins = trustedSpki();
  // Loaded when the first capture runs: playwright-core is a large module that every server
  // process would otherwise compile at start-up for a feature most processes never use.
  const { chromium } = await import('playwright-core');
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: [
      '--disable-extensions',
      '--no-first-run',
      '--disable-sync',
      '--disable-background-networking',
      '--incognito',
      '--no-sandbox',
      `--proxy-server=${proxyUrl}`,
      '--proxy-bypass-list=<-loopback>',
      '--disable-quic',
      '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--webrtc-ip-handling-policy=disable_non_proxied_udp',
      '--dns-prefetch-disable',
      // Chromium's own traffic (component updates, sign-in, reporting) has no place in an evidence capture.
      '--disable-component-update',
      '--disable-domain-reliability',
      '--no-pings',
      '--disable-default-apps',
      '--disable-features=Translate,OptimizationHints,MediaRouter,AutofillServerCommunication,CertificateTransparencyComponentUpdater',
      ...(pins.length ? [`--ignore-certificate-errors-spki-list=${pins.join(',')}`] : []),
    ],
  });
}

const hashCache = new Map<string, string>();

/** SHA-256 (hex) of a file, streamed; null when it cannot be read. */
export async function fileSha256(file: string): Promise<string | null> {
  try {
    const st = await fs.promises.stat(file);
    const key = `${file}:${st.size}:${st.mtimeMs}`;
    const cached = hashCache.get(key);
    if (cached) return cached;
    const h = crypto.createHash('sha256');
    for await (const chunk of fs.createReadStream(file)) h.update(chunk as Buffer);
    const hex = h.digest('hex');
    hashCache.set(key, hex);
    return hex;
  } catch {
    return null;
  }
}

/** The helper binaries a capture relies on, with their hashes (the Debian launcher script and the real binary). */
export async function helperBinaries(extra: string[] = []): Promise<Array<{ path: string; sha256: string | null }>> {
  const files = [chromiumPath(), '/usr/lib/chromium/chromium', ...extra].filter(
    (f, i, all) => all.indexOf(f) === i && fs.existsSync(f),
  );
  return Promise.all(files.map(async (path) => ({ path, sha256: await fileSha256(path) })));
}
