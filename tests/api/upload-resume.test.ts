import http from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { noisePng } from '../helpers/media.js';
import { chunkParams, IMAGE, range, sha256, SMALL_CHUNK, type UploadInfo } from '../helpers/upload.js';
import { exited, freePort, prepareServerData, startServer, type ServerProcess } from '../helpers/server-process.js';

/**
 * A real server process (PGlite in DATA_DIR, or PostgreSQL with TEST_DATABASE_URL) killed with
 * SIGKILL in the middle of an upload: every chunk it had answered is still there after a restart,
 * the chunk whose body was cut off is not, and the upload finishes from where the test GET says.
 */
describe('chunked upload survives kill -9 of the server', () => {
  let server: ServerProcess | undefined;
  let cleanup = async () => {};
  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGKILL');
      await exited(server.child);
    }
    await cleanup();
  });

  it('resumes from the chunks the test GET lists', async () => {
    const data = await prepareServerData();
    cleanup = data.cleanup;
    const auth = { authorization: data.token };
    const port = await freePort();
    server = await startServer(data.dataDir, data.env, port);
    const png = await noisePng(900, 700);

    const init = await fetch(`${server.base}/api/upload/init`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: '断点续传.png', size: png.length, workType: IMAGE, chunkSize: SMALL_CHUNK }),
    });
    const upload = (await init.json()).data as UploadInfo;
    const post = async (base: string, n: number) => {
      const c = chunkParams(upload, png, n, '断点续传.png');
      const form = new FormData();
      for (const [k, v] of Object.entries(c.params)) form.append(k, v);
      form.append('file', new Blob([new Uint8Array(c.bytes)]), '断点续传.png');
      return fetch(`${base}/api/upload/chunk`, { method: 'POST', headers: auth, body: form });
    };
    for (const n of [1, 2, 3]) expect((await post(server.base, n)).status).toBe(200);

    // Chunk 4 is on the wire, half its bytes sent, when the server dies.
    const c4 = chunkParams(upload, png, 4, 'x.png');
    const boundary = 'lumenkill';
    const head = Object.entries(c4.params)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('');
    const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: application/octet-stream\r\n\r\n`;
    const req = http.request(`${server.base}/api/upload/chunk`, {
      method: 'POST',
      headers: {
        ...auth,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length * 3 + c4.bytes.length + 200),
      },
    });
    const reqDone = new Promise((resolve) => {
      req.on('error', resolve);
      req.on('response', resolve);
    });
    req.write(Buffer.from(head + fileHead));
    req.write(c4.bytes.subarray(0, c4.bytes.length / 2));
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGKILL');
    await exited(server.child);
    await reqDone;

    server = await startServer(data.dataDir, data.env, port);
    const q = (n: number) => new URLSearchParams(chunkParams(upload, png, n).params);
    const test1 = await fetch(`${server.base}/api/upload/chunk?${q(1)}`, { headers: auth });
    expect(test1.status).toBe(200);
    expect((await test1.json()).data).toMatchObject({ state: 'receiving', uploaded: [1, 2, 3] });
    expect((await fetch(`${server.base}/api/upload/chunk?${q(4)}`, { headers: auth })).status).toBe(204);

    let last: Response | undefined;
    for (const n of range(4, upload.totalChunks)) {
      last = await post(server.base, n);
      expect(last.status, `chunk ${n}`).toBe(200);
    }
    expect((await last!.json()).data).toMatchObject({
      state: 'complete',
      sha256: sha256(png),
      filename: '断点续传.png',
    });
    server.child.kill('SIGTERM');
    await exited(server.child);
  }, 240_000);
});
