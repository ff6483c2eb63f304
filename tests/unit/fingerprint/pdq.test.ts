import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fingerprintImage, referencePdq } from '../../../server/src/services/fingerprint/image.js';
import { bandKeys, hammingHex, probeKeys } from '../../../server/src/services/fingerprint/hash256.js';
import { PDQ_MATCH_DISTANCE } from '../../../server/src/services/fingerprint/pdq.js';

const DIR = path.join(__dirname, '../../fixtures/pdq');
const reference: Record<string, string> = JSON.parse(fs.readFileSync(path.join(DIR, 'reference.json'), 'utf8'));
const labelme = Object.keys(reference).filter((f) => f.startsWith('q'));

describe('PDQ port against Meta reference hashes', () => {
  it.each(labelme)('%s lands within distance 10 of the reference when quality >= 80', async (file) => {
    const r = await referencePdq(fs.readFileSync(path.join(DIR, file)));
    expect(r.hash).toMatch(/^[0-9a-f]{64}$/);
    if (r.quality >= 80) expect(hammingHex(r.hash, reference[file])).toBeLessThanOrEqual(10);
    // Flat images (q0003, q0004) are below Meta's usable quality of 50 and may differ.
    else expect(r.quality).toBeLessThan(50);
  });

  it('reports full quality for textured images and low quality for flat ones', async () => {
    const q = await Promise.all(
      labelme.map(async (f) => (await referencePdq(fs.readFileSync(path.join(DIR, f)))).quality),
    );
    expect(q.filter((x) => x >= 80).length).toBeGreaterThanOrEqual(5);
    const flat = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    expect((await referencePdq(flat)).quality).toBe(0);
  });

  it('a rescaled copy of the reference bridge stays within the match threshold; mirrors match through the mirror hash', async () => {
    const buf = fs.readFileSync(path.join(DIR, 'bridge-256.jpg'));
    const fp = await fingerprintImage(buf);
    expect(hammingHex(fp.hash, reference['bridge-1-original.jpg'])).toBeLessThanOrEqual(PDQ_MATCH_DISTANCE);
    const flopped = await fingerprintImage(await sharp(buf).flop().png().toBuffer());
    expect(hammingHex(flopped.hash, fp.hash)).toBeGreaterThan(60);
    expect(hammingHex(flopped.mirrorHash, fp.hash)).toBeLessThanOrEqual(4);
  });

  it('padding with a uniform border is trimmed before hashing', async () => {
    const buf = fs.readFileSync(path.join(DIR, 'q1050.jpg'));
    const padded = await sharp(buf)
      .extend({ top: 40, bottom: 40, left: 60, right: 60, background: '#ffffff' })
      .png()
      .toBuffer();
    const [a, b] = await Promise.all([fingerprintImage(buf), fingerprintImage(padded)]);
    expect(hammingHex(a.hash, b.hash)).toBeLessThanOrEqual(16);
    expect(hammingHex((await referencePdq(padded)).hash, a.hash)).toBeGreaterThan(hammingHex(a.hash, b.hash));
  });

  it('unrelated reference images are far apart', () => {
    const hashes = labelme.slice(2).map((f) => reference[f]);
    for (let i = 0; i < hashes.length; i++)
      for (let j = i + 1; j < hashes.length; j++)
        expect(hammingHex(hashes[i], hashes[j])).toBeGreaterThan(PDQ_MATCH_DISTANCE);
  });
});

describe('multi-index band keys', () => {
  it('any hash within distance 31 shares a probe key with the stored band keys', () => {
    const base = reference['q1050.jpg'];
    for (let trial = 0; trial < 200; trial++) {
      const bits = new Set<number>();
      while (bits.size < PDQ_MATCH_DISTANCE) bits.add(Math.floor(Math.random() * 256));
      const bytes = Buffer.from(base, 'hex');
      for (const b of bits) bytes[b >> 3] ^= 1 << (b & 7);
      const near = bytes.toString('hex');
      expect(hammingHex(base, near)).toBe(PDQ_MATCH_DISTANCE);
      const stored = new Set(bandKeys(base));
      expect(probeKeys(near).some((k) => stored.has(k))).toBe(true);
    }
  });
});
