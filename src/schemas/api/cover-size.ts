/**
 * A public cover is also served smaller, cropped to the phone tile's 16:10 box, as WebP:
 * GET /files/media-public/<key>?w=360 (made on first request, then kept). The mobile site's tiles
 * ask for it: a tenth of the bytes of the 480-pixel JPEG on a phone's connection, and every tile's
 * picture the same size.
 */
export const COVER_WIDTHS = [360] as const;
export type CoverWidth = (typeof COVER_WIDTHS)[number];

/** Height of a cover of this width (16:10). */
export const coverHeight = (width: CoverWidth) => Math.round((width * 10) / 16);

/** Query of GET /files/media-public/<key>. */
export const publicFileQuerySchema = {
  type: 'object',
  properties: {
    w: { type: 'integer', enum: [...COVER_WIDTHS], title: '封面宽度（像素，16:10 WebP；不填为原封面）' },
  },
} as const;

/** A picture of the public store ("/files/media-public/<yyyymm>/<hex>.jpg|png|webp"). */
const PUBLIC_PICTURE = /^\/files\/media-public\/[0-9]{6}\/[a-f0-9]+\.(jpg|png|webp)$/;

/** The URL of a cover at this width; any other address (an external one, a video) as it is. */
export function coverAt<T extends string | null | undefined>(url: T, width: CoverWidth): T | string {
  return url && PUBLIC_PICTURE.test(url) ? `${url}?w=${width}` : url;
}
