/**
 * Chunked upload throughput against one plain POST of the same file, same server process, loopback.
 *
 *   node --import tsx bench/upload.ts [--mb 200] [--runs 3] [--port 3107]
 *
 * The file is a valid MP4 (noise video made once with the bundled ffmpeg, cached in /tmp), so both
 * paths run their content checks. Plain: one multipart POST to /api/protection/deposit (stream to a
 * temp file with SHA-256, content check, store, ledger). Chunked: the simple-uploader.js protocol as
 * the browser runs it (init, one test GET, 1 MB chunks, 3 at a time, assembly with SHA-256, content
 * check, stored once). Prints both throughputs, their ratio (goal >= 50%), p50/p95/max chunk times
 * (max is the last chunk, which assembles) and the median ratio over the runs (each pair runs back
 * to back on one warm server, so load from elsewhere hits both sides of a pair alike).
 * PGlite in a temp DATA_DIR by default; PostgreSQL when TEST_DATABASE_URL is set.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { exited, prepareServerData, startServer } from '../tests/helpers/server-process.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const MB = 1000 * 1000;
const targetBytes = arg('mb', 200) * MB;
const runs = arg('runs', 3);
const port = arg('port', 3107);
const CHUNK = 1024 * 1024;
const SIMULTANEOUS = 3;

/** A noise MP4 of about the target size and at least 10 s (the deposit rule's minimum). */
async function benchFile(): Promise<string> {
  const out = `/tmp/lumen-bench-upload-${targetBytes}.mp4`;
  if (fs.existsSync(out)) return out;
  const ffmpeg = (await import('@ffmpeg-installer/ffmpeg')).default.path;
  console.log(`making ${out} ...`);
  execFileSync(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'nullsrc=s=1024x576:r=25,geq=random(1)*255:128:128',
    '-t',
    '60',
    '-fs',
    String(targetBytes),
    '-c:v',
    'mpeg4',
    '-q:v',
    '1',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  return out;
}

/** CPU milliseconds a process has used (Linux /proc), to tell server work from waiting. */
function cpuMs(pid: number): number {
  try {
    const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

// A lean client (keep-alive sockets, prebuilt multipart bodies) for both paths: the browser's
// XHR costs the server machine nothing, so the bench client should cost it as little as possible.
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });

/** POSTs multipart fields plus one file part (a Buffer, or a stream of known size); resolves status and JSON body. */
function postMultipart(
  url: string,
  headers: Record<string, string>,
  fields: Record<string, string>,
  fileField: string,
  fileName: string,
  body: Buffer | Readable,
  bodySize: number,
): Promise<{ status: number; json: any }> {
  const boundary = `----lumenbench${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${encodeURIComponent(fileName)}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(head.length + bodySize + tail.length),
        },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (d) => parts.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(parts).toString() || 'null') }),
        );
      },
    );
    req.on('error', reject);
    req.write(head);
    if (Buffer.isBuffer(body)) req.end(Buffer.concat([body, tail]));
    else {
      body.on('end', () => req.end(tail));
      body.pipe(req, { end: false });
    }
  });
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const mbps = (bytes: number, ms: number) => bytes / MB / (ms / 1000);

async function plainPost(
  base: string,
  auth: Record<string, string>,
  path: string,
  size: number,
  name: string,
): Promise<number> {
  const data = JSON.stringify({
    workName: '基准测试视频',
    workCategory: 10,
    files: [{ name, size, type: 'video/mp4' }],
  });
  const t0 = performance.now();
  const res = await postMultipart(
    `${base}/api/protection/deposit`,
    auth,
    { data },
    'files',
    name,
    fs.createReadStream(path, { highWaterMark: 1024 * 1024 }),
    size,
  );
  if (res.status !== 200) throw new Error(`plain POST ${res.status}: ${res.json?.msg}`);
  return performance.now() - t0;
}

async function chunked(
  base: string,
  auth: Record<string, string>,
  size: number,
  fh: fs.promises.FileHandle,
  name: string,
): Promise<{ ms: number; chunkMs: number[] }> {
  const t0 = performance.now();
  const init = await fetch(`${base}/api/upload/init`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, size, workType: 1, chunkSize: CHUNK }),
  });
  const u = (await init.json()).data;
  if (!u?.id) throw new Error(`init ${init.status}`);
  const params = (n: number) => {
    const start = (n - 1) * CHUNK;
    const end = n === u.totalChunks ? size : start + CHUNK;
    return {
      start,
      end,
      fields: {
        chunkNumber: n,
        chunkSize: CHUNK,
        currentChunkSize: end - start,
        totalSize: size,
        identifier: u.id,
        filename: name,
        relativePath: name,
        totalChunks: u.totalChunks,
      },
    };
  };
  // As the uploader does with checkChunkUploadedByResponse: one test GET, then only POSTs.
  const test = await fetch(
    `${base}/api/upload/chunk?${new URLSearchParams(Object.entries(params(1).fields).map(([k, v]) => [k, String(v)]))}`,
    { headers: auth },
  );
  if (test.status !== 204) throw new Error(`test GET ${test.status}`);
  const chunkMs: number[] = [];
  let next = 1;
  let last: any = null;
  const worker = async () => {
    while (next <= u.totalChunks) {
      const n = next++;
      const p = params(n);
      // Like File.slice in the browser: the range is read before it is sent.
      const bytes = Buffer.allocUnsafe(p.end - p.start);
      await fh.read(bytes, 0, bytes.length, p.start);
      const fields = Object.fromEntries(Object.entries(p.fields).map(([k, v]) => [k, String(v)]));
      const c0 = performance.now();
      const res = await postMultipart(`${base}/api/upload/chunk`, auth, fields, 'file', name, bytes, bytes.length);
      const body = res.json;
      chunkMs.push(performance.now() - c0);
      if (res.status !== 200) throw new Error(`chunk ${n}: ${res.status} ${body?.msg}`);
      if (body.data.state !== 'receiving') last = body.data;
    }
  };
  await Promise.all(Array.from({ length: SIMULTANEOUS }, worker));
  if (last?.state !== 'complete') throw new Error(`upload ended ${last?.state}`);
  return { ms: performance.now() - t0, chunkMs };
}

const path = await benchFile();
const size = fs.statSync(path).size;
const fh = await fs.promises.open(path, 'r');
const data = await prepareServerData();
const server = await startServer(data.dataDir, data.env, port);
const auth = { authorization: data.token };
try {
  console.log(
    `file ${(size / MB).toFixed(1)} MB, ${Math.max(Math.floor(size / CHUNK), 1)} chunks of 1 MiB, ${SIMULTANEOUS} at a time, ${data.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}, loopback`,
  );
  const ratios: number[] = [];
  for (let r = 1; r <= runs; r++) {
    const pid = server.child.pid!;
    const cpu0 = cpuMs(pid);
    const plainMs = await plainPost(server.base, auth, path, size, `plain-${r}.mp4`);
    const cpu1 = cpuMs(pid);
    const own1 = process.cpuUsage();
    const c = await chunked(server.base, auth, size, fh, `chunked-${r}.mp4`);
    const own2 = process.cpuUsage(own1);
    const cpu2 = cpuMs(pid);
    console.log(
      `CPU: server plain ${(cpu1 - cpu0).toFixed(0)} ms, server chunked ${(cpu2 - cpu1).toFixed(0)} ms, bench client chunked ${((own2.user + own2.system) / 1000).toFixed(0)} ms`,
    );
    const plain = mbps(size, plainMs);
    const chunk = mbps(size, c.ms);
    ratios.push(chunk / plain);
    console.log(
      `run ${r}: plain POST ${plainMs.toFixed(0)} ms = ${plain.toFixed(1)} MB/s | chunked ${c.ms.toFixed(0)} ms = ${chunk.toFixed(1)} MB/s | ratio ${((chunk / plain) * 100).toFixed(0)}% (goal >= 50%) | chunk POST p50 ${pct(c.chunkMs, 50).toFixed(1)} ms, p95 ${pct(c.chunkMs, 95).toFixed(1)} ms, max ${Math.max(...c.chunkMs).toFixed(0)} ms`,
    );
  }
  console.log(`median ratio over ${runs} runs: ${(pct(ratios, 50) * 100).toFixed(0)}% (goal >= 50%)`);
} finally {
  agent.destroy();
  await fh.close();
  server.child.kill('SIGTERM');
  await exited(server.child);
  await data.cleanup();
}
