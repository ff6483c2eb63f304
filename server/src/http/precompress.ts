import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * Static compression done once at build time: a `.br` and a `.gz` beside every text asset of the
 * built client, so the server sends bytes from disk instead of compressing each cold load again
 * (that cost 28–73 ms of CPU per load). Used by vite.config.ts and by the client plugin.
 */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this, headers outweigh the saving (same threshold as @fastify/compress). */
const MIN_BYTES = 1024;

/** Files under a folder, recursively. */
function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? walk(p) : [p];
  });
}

/** Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside each compressible file; returns how many. */
export function precompressDir(dir: string): number {
  let n = 0;
  for (const file of walk(dir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const raw = fs.readFileSync(file);
    if (raw.length < MIN_BYTES) continue;
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
    fs.writeFileSync(
      `${file}.br`,
      zlib.brotliCompressSync(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      }),
    );
    n++;
  }
  return n;
}

export type StaticEncoding = 'br' | 'gzip';

/** The encoding to send for an Accept-Encoding header (br first, then gzip); q=0 refuses one. */
export function pickEncoding(
  acceptEncoding: string | undefined,
  available: StaticEncoding[] = ['br', 'gzip'],
): StaticEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  return available.find((e) => accepted.has(e) || accepted.has('*'));
}
