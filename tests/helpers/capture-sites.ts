import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { useEgressNetwork } from '../../server/src/egress/index.js';

/** A self-signed certificate for 127.0.0.1 (and dnsNames) made now with openssl, and its SPKI pin for Chromium. */
export function testCertificate(cn = 'lumen-capture-test', dnsNames: string[] = []) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-cert-'));
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-days',
      '2',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-subj',
      `/CN=${cn}`,
      '-addext',
      `subjectAltName=${['IP:127.0.0.1', ...dnsNames.map((d) => `DNS:${d}`)].join(',')}`,
    ],
    { stdio: 'ignore' },
  );
  const cert = fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8');
  const key = fs.readFileSync(path.join(dir, 'key.pem'), 'utf8');
  fs.rmSync(dir, { recursive: true, force: true });
  const spki = crypto
    .createHash('sha256')
    .update(crypto.createPublicKey(cert).export({ type: 'spki', format: 'der' }))
    .digest('base64');
  return { cert, key, spki, fingerprint256: new crypto.X509Certificate(cert).fingerprint256 };
}

/** The loopback site captures are taken of: a page with known content, a redirect, a 404, a clickable link. */
export function siteHandler(marker: string): http.RequestListener {
  return (req, res) => {
    if (req.url === '/old') {
      res.writeHead(301, { location: '/page' });
      return res.end();
    }
    if (req.url === '/missing') {
      res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
      return res.end('<h1>页面不存在</h1>');
    }
    if (req.url === '/logo.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      return res.end(
        '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="red"/></svg>',
      );
    }
    if (req.url === '/next') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return res.end(`<title>下一页</title><p id="next">${marker} 第二页</p>`);
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-test-header': 'capture' });
    res.end(
      `<!doctype html><html><head><title>侵权页面 ${marker}</title></head><body><h1 id="t">${marker}</h1><img src="/logo.svg"><p style="height:2000px">长页面</p><a id="go" href="/next">下一页</a><p id="cookie"></p><script>document.getElementById('cookie').textContent = 'cookie=' + document.cookie;</script></body></html>`,
    );
  };
}

export async function listen(
  server: http.Server | https.Server,
  port = 0,
): Promise<{ origin: string; close: () => Promise<void> }> {
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
  const scheme = server instanceof https.Server ? 'https' : 'http';
  return {
    origin: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections?.();
        server.close(() => r());
      }),
  };
}

/** A name in the test's public web: it resolves to a public-range address whose port leads to a loopback test server. */
export interface PublicSite {
  name: string;
  address: string;
  port: number;
  to: number;
}

/**
 * Installs a public web for the egress policy (its injectable resolver and connector): names
 * resolve to public-range addresses (never the documentation ranges, which the policy refuses),
 * and a connection to such an address and port reaches the loopback server behind it. Loopback
 * itself stays refused. Unknown names do not resolve. Returns the function that restores the system's network.
 */
export function usePublicWeb(sites: PublicSite[]): () => void {
  useEgressNetwork({
    resolve: async (host) => {
      const found = [...new Set(sites.filter((s) => s.name === host).map((s) => s.address))];
      if (!found.length) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
      return found;
    },
    connect: (address, port) => {
      const site = sites.find((s) => s.address === address && s.port === port);
      return net.connect(site ? { host: '127.0.0.1', port: site.to } : { host: address, port });
    },
  });
  return () => useEgressNetwork(null);
}

export const portOf = (origin: string) => Number(new URL(origin).port);
