/**
 * server/src/http: route helpers that are about HTTP only (ranges, caching headers, envelopes of
 * downloads). Business decisions (who may read what) stay in the routes that call them.
 */
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError, fail } from '../http/envelope.js';
import { contentTypeOf } from '../storage/content-type.js';
import { ObjectNotFoundError, type ObjectStore } from '../storage/index.js';

export type ByteRange = { start: number; end: number };

/**
 * The one byte range of a Range header (RFC 9110 §14.1.2) against a size: the range, 'unsatisfiable'
 * (416), or null when the whole object is served (no header, another unit, a malformed or multi-range header).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

export interface ServeOptions {
  cacheControl: string;
  /** Content-Disposition of the object (http/content-disposition), sent only when it exists. */
  contentDisposition?: string;
}

/**
 * Sends a stored object the way a static file server does, from any store: type, length, ETag and
 * If-None-Match, byte ranges (video seeking) and HEAD. A missing object is a 404 envelope.
 */
export async function serveObject(
  req: FastifyRequest,
  reply: FastifyReply,
  store: ObjectStore,
  key: string,
  opts: ServeOptions,
) {
  const stat = await store.stat(key);
  if (!stat) throw new AppError(404, '文件不存在');
  reply
    .header('content-type', stat.contentType || contentTypeOf(key))
    .header('accept-ranges', 'bytes')
    .header('cache-control', opts.cacheControl);
  if (opts.contentDisposition) reply.header('content-disposition', opts.contentDisposition);
  if (stat.etag) {
    reply.header('etag', stat.etag);
    if (req.headers['if-none-match'] === stat.etag) return reply.status(304).send();
  }
  const range = parseRange(req.headers.range, stat.size);
  if (range === 'unsatisfiable') {
    return reply
      .status(416)
      .header('content-range', `bytes */${stat.size}`)
      .header('content-type', 'application/json; charset=utf-8')
      .send(fail(416, '请求的范围超出文件大小'));
  }
  if (range) reply.status(206).header('content-range', `bytes ${range.start}-${range.end}/${stat.size}`);
  reply.header('content-length', range ? range.end - range.start + 1 : stat.size);
  // An empty stream, not no payload: Fastify's HEAD handling then keeps the Content-Length set above.
  if (req.method === 'HEAD') return reply.send(Readable.from([]));
  try {
    return reply.send(await store.stream(key, range ?? undefined));
  } catch (e) {
    if (e instanceof ObjectNotFoundError) throw new AppError(404, '文件不存在');
    throw e;
  }
}
