import sharp from 'sharp';

/**
 * The copy transformations the monitor must see through (used by the sandbox web and the
 * benchmark alike, so both measure the same thing). Each takes an encoded image, returns a JPEG/PNG.
 */
export const IMAGE_TRANSFORMS = [
  'crop',
  'rescale',
  'recompress',
  'watermark',
  'colour',
  'mirror',
  'padding',
  'text',
] as const;
export type ImageTransform = (typeof IMAGE_TRANSFORMS)[number];

export const TRANSFORM_LABELS: Record<ImageTransform, string> = {
  crop: '裁剪',
  rescale: '缩放',
  recompress: '重新压缩',
  watermark: '加水印',
  colour: '调色',
  mirror: '镜像',
  padding: '加边框',
  text: '叠加文字',
};

const svgText = (w: number, h: number, text: string, size: number, y: number, opacity: number) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}"><text x="50%" y="${y}" font-size="${size}" text-anchor="middle" fill="white" fill-opacity="${opacity}" stroke="black" stroke-opacity="${opacity / 2}" font-family="sans-serif" font-weight="bold">${text}</text></svg>`,
  );

export async function transformImage(input: Buffer, t: ImageTransform): Promise<Buffer> {
  const img = sharp(input).rotate();
  const { width = 640, height = 480 } = await img.metadata();
  switch (t) {
    case 'crop': // 8% off each side, as a reposter trimming the frame
      return img
        .extract({
          left: Math.round(width * 0.08),
          top: Math.round(height * 0.08),
          width: Math.round(width * 0.84),
          height: Math.round(height * 0.84),
        })
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'rescale':
      return img
        .resize(Math.max(32, Math.round(width * 0.4)))
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'recompress':
      return img.jpeg({ quality: 18 }).toBuffer();
    case 'watermark':
      return img
        .composite([
          { input: svgText(width, height, 'COPY SITE', Math.round(height / 6), Math.round(height * 0.6), 0.45) },
        ])
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'colour':
      return img.modulate({ hue: 25, saturation: 1.4, brightness: 1.1 }).jpeg({ quality: 85 }).toBuffer();
    case 'mirror':
      return img.flop().jpeg({ quality: 85 }).toBuffer();
    case 'padding':
      return img
        .extend({
          top: Math.round(height * 0.12),
          bottom: Math.round(height * 0.12),
          left: Math.round(width * 0.1),
          right: Math.round(width * 0.1),
          background: '#ffffff',
        })
        .jpeg({ quality: 85 })
        .toBuffer();
    case 'text':
      return img
        .composite([
          {
            input: svgText(
              width,
              height,
              'Best wallpapers 2026',
              Math.round(height / 12),
              Math.round(height * 0.92),
              0.95,
            ),
          },
        ])
        .jpeg({ quality: 85 })
        .toBuffer();
  }
}

/** An unrelated picture (distractor): random shapes on a random gradient, reproducible by seed. */
export async function unrelatedImage(seed: number, width = 480, height = 360): Promise<Buffer> {
  let s = seed * 9301 + 49297;
  const rnd = () => (s = (s * 9301 + 49297) % 233280) / 233280;
  const col = () => `rgb(${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)},${Math.floor(rnd() * 255)})`;
  let shapes = '';
  for (let i = 0; i < 14; i++) {
    shapes +=
      rnd() < 0.5
        ? `<circle cx="${rnd() * width}" cy="${rnd() * height}" r="${10 + rnd() * 90}" fill="${col()}" fill-opacity="${0.4 + rnd() * 0.6}"/>`
        : `<rect x="${rnd() * width}" y="${rnd() * height}" width="${20 + rnd() * 200}" height="${20 + rnd() * 150}" fill="${col()}" transform="rotate(${rnd() * 90} ${width / 2} ${height / 2})"/>`;
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="${rnd()}" y2="1"><stop offset="0" stop-color="${col()}"/><stop offset="1" stop-color="${col()}"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/>${shapes}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}
