import { describe, expect, it } from 'vitest';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { CDXIndexer, WARCParser } from 'warcio';
import { wacz, warcFromHar, type HarEntry } from '../../../server/src/services/capture/warc';
import { unzipStore, zipStore } from '../../../server/src/services/capture/zip';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const html = '<html><head><title>猫咪摄影</title></head><body><h1>侵权页面</h1><img src="/img/猫.png"></body></html>';
const pageUrl = 'https://shop.example.com/%E5%95%86%E5%93%81/1?q=%E7%8C%AB';
const imageUrl = 'https://shop.example.com/img/%E7%8C%AB.png';

const entry = (url: string, mimeType: string, body: Buffer, headers: Array<[string, string]>): HarEntry => ({
  startedDateTime: '2026-11-28T08:00:00.000Z',
  serverIPAddress: '[2001:db8::1]',
  request: { method: 'GET', url, headers: [{ name: 'User-Agent', value: 'Chromium' }] },
  response: {
    status: 200,
    statusText: 'OK',
    headers: headers.map(([name, value]) => ({ name, value })),
    content: { mimeType, text: body.toString('base64'), encoding: 'base64' },
  },
});

const har = [
  entry(pageUrl, 'text/html; charset=utf-8', Buffer.from(html), [
    ['Content-Type', 'text/html; charset=utf-8'],
    ['Content-Encoding', 'br'],
    ['Content-Length', '41'],
  ]),
  entry(imageUrl, 'image/png', png, [['Content-Type', 'image/png']]),
];

async function records(bytes: Uint8Array) {
  const out: Array<{ type: string | null; uri: string | null; payload: Buffer }> = [];
  for await (const r of new WARCParser([bytes])) {
    out.push({ type: r.warcType ?? null, uri: r.warcTargetURI ?? null, payload: Buffer.from(await r.readFully(true)) });
  }
  return out;
}

describe('WARC and WACZ of a web capture (read back with warcio, the Webrecorder reader)', () => {
  const w = warcFromHar(har, { software: 'Lumen test' });

  it('writes each record as its own gzip member, the same records as the plain WARC', async () => {
    expect(w.filename).toBe('data.warc.gz');
    expect(w.warcGz.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // Multi-member gzip inflates to the plain WARC byte for byte.
    expect(zlib.gunzipSync(w.warcGz).equals(w.warc)).toBe(true);
    const plain = await records(w.warc);
    const packed = await records(w.warcGz);
    expect(packed.map((r) => [r.type, r.uri])).toEqual(plain.map((r) => [r.type, r.uri]));
    expect(packed.map((r) => r.type)).toEqual(['warcinfo', 'response', 'request', 'response', 'request']);
    const image = packed.find((r) => r.type === 'response' && r.uri === imageUrl)!;
    expect(image.payload.equals(png)).toBe(true);
    const page = packed.find((r) => r.type === 'response' && r.uri === pageUrl)!;
    expect(page.payload.toString('utf8')).toBe(html);
  });

  it('indexes each response by the offset and length of its gzip member, as warcio indexes the file', async () => {
    const ours = w.cdxj
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line.slice(line.indexOf('{'))));
    const theirs: Array<Record<string, unknown>> = [];
    for await (const cdx of new CDXIndexer().iterRecords(new WARCParser([w.warcGz]), w.filename)) theirs.push(cdx);
    expect(ours.map((c) => c.url).sort()).toEqual([imageUrl, pageUrl].sort());
    for (const c of ours) {
      const match = theirs.find((t) => t.url === c.url && String(t.status) === '200');
      expect(match, c.url).toBeDefined();
      expect([c.offset, c.length, c.filename]).toEqual([String(match!.offset), String(match!.length), w.filename]);
      // The member alone inflates to exactly that one response.
      const member = w.warcGz.subarray(Number(c.offset), Number(c.offset) + Number(c.length));
      const [only, ...rest] = await records(member);
      expect(rest).toEqual([]);
      expect([only.type, only.uri]).toEqual(['response', c.url]);
      expect(c.digest).toBe(`sha256:${crypto.createHash('sha256').update(only.payload).digest('hex')}`);
    }
  });

  it('packs archive/data.warc.gz in the WACZ with hashes that match, and names the main page', () => {
    const files = unzipStore(wacz(w, [{ url: pageUrl, ts: '2026-11-28T08:00:00Z', title: '猫咪摄影' }], meta));
    expect([...files.keys()].sort()).toEqual([
      'archive/data.warc.gz',
      'datapackage-digest.json',
      'datapackage.json',
      'indexes/index.cdx',
      'pages/pages.jsonl',
    ]);
    expect(files.get('archive/data.warc.gz')!.equals(w.warcGz)).toBe(true);
    const dp = JSON.parse(files.get('datapackage.json')!.toString('utf8'));
    expect(dp).toMatchObject({ wacz_version: '1.1.1', mainPageURL: pageUrl });
    for (const r of dp.resources) expect(r.hash).toBe(`sha256:${sha(files.get(r.path)!)}`);
    const digest = JSON.parse(files.get('datapackage-digest.json')!.toString('utf8'));
    expect(digest.hash).toBe(`sha256:${sha(files.get('datapackage.json')!)}`);
  });

  it('marks zip entry names as UTF-8, so Chinese names read back as written', () => {
    const zip = zipStore([{ name: '证据/网页截图.png', data: png }]);
    const flags = zip.readUInt16LE(6); // the local header's general-purpose flags
    expect(flags & 0x0800).toBe(0x0800);
    expect([...unzipStore(zip).keys()]).toEqual(['证据/网页截图.png']);
  });
});

const meta = { title: '网页取证', software: 'Lumen test', created: '2026-11-28T08:00:01Z' };
const sha = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
