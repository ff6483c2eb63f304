import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SandboxTimestampAuthority } from '../../../server/src/adapters/tsa/sandbox.js';
import { HttpTimestampAuthority } from '../../../server/src/adapters/tsa/http.js';
import { verifyTimestampToken } from '../../../verify-receipt.mjs';
import { makeTestApp } from '../../helpers/app.js';
import { appendBlock } from '../../../server/src/evidence/ledger.js';

const run = promisify(execFile);

/** RFC 3161 over HTTP: the adapter's request is one openssl reads, and the token it brings back verifies. */
describe('timestamp authority adapters', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-tsa-'));
  const sandbox = new SandboxTimestampAuthority(path.join(dir, 'keys'));
  let server: http.Server;
  let url = '';
  let lastQuery = Buffer.alloc(0);

  beforeAll(async () => {
    // A TSA service in front of the sandbox: reads the imprint from the query, answers a TimeStampResp.
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        lastQuery = Buffer.concat(chunks);
        if (req.headers['content-type'] !== 'application/timestamp-query') return void res.writeHead(415).end();
        const at = lastQuery.indexOf(Buffer.from([0x04, 0x20]));
        res
          .writeHead(200, { 'content-type': 'application/timestamp-reply' })
          .end(sandbox.timestampDigest(lastQuery.subarray(at + 2, at + 34)));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tsa`;
  });
  afterAll(() => {
    server?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends a TimeStampReq openssl parses and returns a token openssl ts -verify accepts', async () => {
    const note = Buffer.from('lumen.test/evidence-log\n3\nAAAA\n');
    const tsa = new HttpTimestampAuthority(url, sandbox.certificates());
    const reply = await tsa.timestamp(note);
    fs.writeFileSync(path.join(dir, 'q.tsq'), lastQuery);
    const query = await run('openssl', ['ts', '-query', '-in', path.join(dir, 'q.tsq'), '-text']);
    expect(query.stdout).toContain('Hash Algorithm: sha256');
    expect(query.stdout).toContain('Certificate required: yes');
    for (const [name, body] of [
      ['note.txt', note],
      ['r.tsr', reply],
      ['ca.pem', sandbox.certificates().ca!],
    ] as const)
      fs.writeFileSync(path.join(dir, name), body);
    const ok = await run('openssl', [
      'ts',
      '-verify',
      '-data',
      path.join(dir, 'note.txt'),
      '-in',
      path.join(dir, 'r.tsr'),
      '-CAfile',
      path.join(dir, 'ca.pem'),
    ]);
    expect(ok.stdout).toContain('Verification: OK');
    expect((await verifyTimestampToken(reply, note)).ok).toBe(true);
    expect((await verifyTimestampToken(reply, Buffer.from('another note\n'))).ok).toBe(false);
  });

  it('a TSA that is down leaves the checkpoint untimestamped instead of failing the log', async () => {
    const t = await makeTestApp({ TSA_URL: 'http://127.0.0.1:1/tsa' });
    try {
      await t.db.tx((q) =>
        appendBlock(q, { type: 'web-capture', sha256: 'a'.repeat(64), certNo: 'LM2026112300000099' }),
      );
      const r = await t.app.inject({ url: '/api/protection/ledger/proof?certNo=LM2026112300000099' });
      expect(r.statusCode).toBe(200);
      expect(r.json().data).toMatchObject({ treeSize: 1, timestamp: null });
    } finally {
      await t.close();
    }
  });

  it('refuses an HTTP error or a rejection status instead of storing it as a token', async () => {
    await expect(new HttpTimestampAuthority('http://127.0.0.1:1/tsa').timestamp(Buffer.from('x'))).rejects.toThrow();
    const refusing = http.createServer((_req, res) => res.writeHead(200).end(Buffer.from('3005300302010200', 'hex')));
    await new Promise<void>((r) => refusing.listen(0, '127.0.0.1', r));
    const bad = new HttpTimestampAuthority(`http://127.0.0.1:${(refusing.address() as AddressInfo).port}/`);
    await expect(bad.timestamp(Buffer.from('x'))).rejects.toThrow('refused the request (status 2)');
    refusing.close();
  });
});
