import fs from 'node:fs';

/** The burnt-in mark on every public derivative. */
export const WATERMARK_TEXT = '流明素材';

/** A CJK font for ffmpeg's drawtext (librsvg finds fonts through fontconfig by itself). */
export const CJK_FONT = [
  '/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc',
  '/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc',
  '/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc',
].find((f) => fs.existsSync(f));

/** Tiled diagonal "流明素材" over an image of w x h, for sharp's composite. */
export function watermarkSvg(w: number, h: number): Buffer {
  const size = Math.max(18, Math.round(w / 16));
  const rows: string[] = [];
  for (let y = 0; y < h + size * 4; y += size * 3)
    for (let x = -w / 2; x < w; x += size * 6) rows.push(`<text x="${x}" y="${y}">${WATERMARK_TEXT}</text>`);
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <g transform="rotate(-24 ${w / 2} ${h / 2})" font-family="Noto Sans CJK SC, Noto Serif CJK SC, sans-serif" font-weight="bold" font-size="${size}" fill="#fff" fill-opacity="0.4" stroke="#000" stroke-opacity="0.2">${rows.join('')}</g></svg>`);
}
