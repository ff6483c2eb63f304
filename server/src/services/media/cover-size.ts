import sharp from 'sharp';
import type { ObjectStore } from '../../storage/index.js';
import { PUBLIC_GROUP } from '../../storage/groups.js';
import { coverHeight, type CoverWidth } from '../../../../src/schemas/api/cover-size.js';

/** Where a smaller cover is kept: beside the public media, under a path no public key matches. */
export const coverSizeKey = (key: string, width: CoverWidth) =>
  `${PUBLIC_GROUP}/sized/w${width}/${key.replace(/\.[a-z]+$/, '')}.webp`;

/** A cover larger than this is no cover (a cover is made at 480 pixels wide). */
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

const making = new Map<string, Promise<string | null>>();

/**
 * The key of the public picture `key` ("<yyyymm>/<hex>.jpg") at `width`, 16:10, WebP: made and
 * stored on first request (concurrent requests share one making), then read as it is. Null when
 * there is no such picture; the picture itself when it is too large to be a cover.
 */
export function coverAtWidth(store: ObjectStore, key: string, width: CoverWidth): Promise<string | null> {
  const sized = coverSizeKey(key, width);
  const pending = making.get(sized);
  if (pending) return pending;
  const job = (async () => {
    // The common case, once made: one look-up.
    if (await store.exists(sized)) return sized;
    const source = `${PUBLIC_GROUP}/${key}`;
    const stat = await store.stat(source);
    if (!stat) return null;
    if (stat.size > MAX_SOURCE_BYTES) return source;
    const out = await sharp(await store.get(source), { limitInputPixels: 40_000_000 })
      .rotate()
      .resize(width, coverHeight(width), { fit: 'cover', position: 'attention' })
      .webp({ quality: 70 })
      .toBuffer();
    await store.put(sized, out, { contentType: 'image/webp' });
    return sized;
  })().finally(() => making.delete(sized));
  making.set(sized, job);
  return job;
}
