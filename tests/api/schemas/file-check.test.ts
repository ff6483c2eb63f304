import { describe, expect, it } from 'vitest';
import { checkUploadedFile } from '../../../server/src/security/file-check.js';
import { resolveRule, ruleMessage, dimensionMessage, durationMessage } from '../../../src/schemas/index.js';
import { jpeg, makeMedia, noisePng } from '../../helpers/media.js';

const rule = (name: string) => resolveRule(`lumen:rules/deposit#${name}`)!;

describe('server upload check (deposit rules)', () => {
  it('accepts a 1000x1000 JPEG and reports its measured metadata', async () => {
    const r = await checkUploadedFile(rule('image'), { buffer: await jpeg(1000, 1000), filename: 'a.jpg' });
    expect(r.message).toBeNull();
    expect(r.meta).toMatchObject({ type: 'image/jpeg', width: 1000, height: 1000 });
  });

  it('refuses an image over 5 MB with the spec message', async () => {
    const big = await noisePng(1400, 1400);
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    const r = await checkUploadedFile(rule('image'), { buffer: big, filename: 'big.png' });
    expect(r.message).toBe('请上传JPG/PNG/JPEG格式图片，大小不超过5MB');
  });

  it('refuses too small pixel dimensions', async () => {
    const r = await checkUploadedFile(rule('image'), { buffer: await jpeg(300, 500), filename: 'small.jpeg' });
    expect(r.message).toBe(dimensionMessage(rule('image')));
    expect(r.message).toBe('图片尺寸需在400x400至5000x5000像素之间');
  });

  it('judges type by content: a PDF renamed .jpg and a text file are refused', async () => {
    const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
    expect((await checkUploadedFile(rule('image'), { buffer: pdfBytes, filename: 'x.jpg' })).message).toBe(
      ruleMessage(rule('image')),
    );
    expect(
      (await checkUploadedFile(rule('document'), { buffer: Buffer.from('hello'), filename: 'x.pdf' })).message,
    ).toBe('请上传PDF格式文件，大小不超过10MB');
  });

  it('measures video duration from MP4, AVI and WMV containers', async () => {
    for (const ext of ['mp4', 'avi', 'wmv'] as const) {
      const long = await checkUploadedFile(rule('video'), { path: await makeMedia(11, ext), filename: `long.${ext}` });
      expect(long.message, ext).toBeNull();
      expect(long.meta.durationSec!, ext).toBeGreaterThan(10.5);
      const short = await checkUploadedFile(rule('video'), { path: await makeMedia(3, ext), filename: `short.${ext}` });
      expect(short.message, ext).toBe(durationMessage(rule('video')));
    }
  });

  it('accepts MP3 and WAV audio and refuses an MP4 for the audio rule', async () => {
    for (const ext of ['mp3', 'wav'] as const) {
      expect(
        (await checkUploadedFile(rule('audio'), { path: await makeMedia(2, ext), filename: `t.${ext}` })).message,
        ext,
      ).toBeNull();
    }
    const mp4 = await checkUploadedFile(rule('audio'), { path: await makeMedia(2, 'mp4'), filename: 'v.mp4' });
    expect(mp4.message).toBe('请上传MP3/WAV格式音频，大小不超过50MB');
  });
});
