import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import S3rver from 's3rver';

/** s3rver's only account. */
export const S3_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
const REGION = 'us-east-1';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The environment that points the product at this server (STORAGE=s3 and S3_*). */
  env: Record<string, string>;
  close: () => Promise<void>;
}

const hmac = (key: crypto.BinaryLike, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * Checks a presigned GET (SigV4 query authentication) the way S3 does: signature, scope and
 * expiry. s3rver itself accepts any SigV4 signature, so without this a tampered or unsigned
 * URL would pass and the tests could not tell a private bucket from a public one.
 */
export function presignedRefusal(req: IncomingMessage, secret: string, now = Date.now()): string | null {
  const [rawPath, rawQuery = ''] = (req.url ?? '').split('?');
  const params = rawQuery
    .split('&')
    .filter(Boolean)
    .map((p) => p.split('=').map((x) => decodeURIComponent(x)) as [string, string]);
  const q = new Map(params);
  const sig = q.get('X-Amz-Signature');
  const cred = q.get('X-Amz-Credential')?.split('/');
  const amzDate = q.get('X-Amz-Date') ?? '';
  if (!sig || !cred || cred.length !== 5 || q.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return 'not presigned';
  const t = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(amzDate);
  if (!t) return 'bad date';
  const signedAt = Date.UTC(+t[1], +t[2] - 1, +t[3], +t[4], +t[5], +t[6]);
  if (now > signedAt + Number(q.get('X-Amz-Expires')) * 1000) return 'expired';
  const signedHeaders = q.get('X-Amz-SignedHeaders') ?? '';
  const canonicalQuery = params
    .filter(([k]) => k !== 'X-Amz-Signature')
    .map(([k, v]) => [rfc3986(k), rfc3986(v)])
    .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] < b[1] ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const headers = signedHeaders
    .split(';')
    .map((h) => `${h}:${String(req.headers[h] ?? '').trim()}\n`)
    .join('');
  const canonical = [req.method, rawPath, canonicalQuery, headers, signedHeaders, 'UNSIGNED-PAYLOAD'].join('\n');
  const scope = cred.slice(1).join('/');
  const toSign = ['AWS4-HMAC-SHA256', amzDate, scope, crypto.createHash('sha256').update(canonical).digest('hex')].join(
    '\n',
  );
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, cred[1]), cred[2]), cred[3]), 'aws4_request');
  return hmac(key, toSign).toString('hex') === sig ? null : 'signature mismatch';
}

interface S3rverObject {
  bucket: string;
  key: string;
  content: Buffer | Readable;
  metadata: Record<string, string>;
}
interface S3rverStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: S3rverObject): Promise<{ size: number; md5: string }>;
}

/**
 * s3rver 3.7.1 (the last release) answers a PUT before its file is written: it resolves when the
 * hash transform finishes, not the file stream, and for a Buffer right after `end()`. A HEAD or GET
 * that follows can then read the old object's size and bytes (seen in CI: an overwritten object
 * was read back as the old one). This waits for the file to be closed, as S3 does before it answers.
 */
function awaitWritesInS3rver() {
  const require = createRequire(import.meta.url);
  const Store = require('s3rver/lib/stores/filesystem.js') as { prototype: S3rverStore };
  Store.prototype.putObject = async function putObject(this: S3rverStore, object: S3rverObject) {
    const objectPath = this.getResourcePath(object.bucket, object.key, 'object');
    await fs.promises.mkdir(path.dirname(objectPath), { recursive: true });
    const md5 = crypto.createHash('md5');
    let size = 0;
    const body = Buffer.isBuffer(object.content) ? Readable.from([object.content]) : object.content;
    const measure = new Transform({
      transform(chunk: Buffer, _enc, done) {
        md5.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    await pipeline(body, measure, fs.createWriteStream(objectPath));
    const digest = md5.digest('hex');
    await this.putMetadata(object.bucket, object.key, object.metadata, digest);
    return { size, md5: digest };
  };
}
awaitWritesInS3rver();

/**
 * A real S3-compatible server (s3rver, files in a temp folder) on a free loopback port with one
 * empty bucket. Anonymous requests are refused and presigned URLs are verified (see presignedRefusal),
 * as on a private bucket of a real service; requests signed in headers (the SDK's) pass to s3rver.
 */
export async function startS3(bucket = 'lumen-test'): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-s3-'));
  const s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    directory: dir,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  await s3.run();
  const server = (s3 as unknown as { httpServer: Server }).httpServer;
  const koa = server.listeners('request')[0] as (req: IncomingMessage, res: ServerResponse) => void;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const presigned = (req.url ?? '').includes('X-Amz-Signature=');
    const refusal = presigned
      ? presignedRefusal(req, S3_KEY.secretAccessKey)
      : req.headers.authorization
        ? null
        : 'anonymous';
    if (refusal) {
      res
        .writeHead(403, { 'content-type': 'application/xml' })
        .end(`<Error><Code>AccessDenied</Code><Message>${refusal}</Message></Error>`);
      return;
    }
    koa(req, res);
  });
  const { port } = server.address() as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: S3_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_KEY.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: async () => {
      await s3.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
