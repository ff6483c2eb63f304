/**
 * WARC 1.1 records and a WACZ 1.1.1 package, written from the HAR Chromium recorded (with bodies
 * embedded). No WARC library is in node_modules; the parts we need are plain text framing.
 * Inside the WACZ each record is its own gzip member (archive/data.warc.gz), as WACZ 1.1.1 and
 * ReplayWeb.page expect: the CDXJ offset and length of a record name its member, so a reader
 * inflates that one record. The loose archive.warc beside it stays plain text for people.
 * Bodies are stored decoded (Chromium hands them over decoded), so Content-Encoding and
 * Transfer-Encoding are renamed X-Archive-Orig-* and Content-Length is the stored length, as
 * browser-based crawlers (Browsertrix, Scoop) do; replay tools read these records as they are.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import zlib from 'node:zlib';
import { zipStore } from './zip.js';

export interface HarHeader {
  name: string;
  value: string;
}
export interface HarEntry {
  startedDateTime: string;
  serverIPAddress?: string;
  request: { method: string; url: string; httpVersion?: string; headers: HarHeader[]; postData?: { text?: string } };
  response: {
    status: number;
    statusText?: string;
    httpVersion?: string;
    headers: HarHeader[];
    redirectURL?: string;
    content: { mimeType?: string; text?: string; encoding?: string };
  };
}

const sha256 = (b: Buffer) => crypto.createHash('sha256').update(b).digest('hex');
const CRLF = '\r\n';
const DROPPED = new Set(['content-encoding', 'transfer-encoding', 'content-length']);

function record(headers: Record<string, string>, block: Buffer): Buffer {
  const head = [
    'WARC/1.1',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    `WARC-Block-Digest: sha256:${sha256(block)}`,
    `Content-Length: ${block.length}`,
  ].join(CRLF);
  return Buffer.concat([Buffer.from(head + CRLF + CRLF, 'utf8'), block, Buffer.from(CRLF + CRLF)]);
}

const uuid = () => `<urn:uuid:${crypto.randomUUID()}>`;
const warcDate = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
const ts14 = (iso: string) => new Date(iso).toISOString().replace(/[-:T]/g, '').slice(0, 14);

export function harBody(e: HarEntry): Buffer {
  const c = e.response.content;
  if (!c?.text) return Buffer.alloc(0);
  return Buffer.from(c.text, c.encoding === 'base64' ? 'base64' : 'utf8');
}

function httpHead(first: string, headers: HarHeader[], extra: string[] = []): Buffer {
  const lines = headers
    .filter((h) => !h.name.startsWith(':'))
    .flatMap((h) => {
      const lower = h.name.toLowerCase();
      if (lower === 'content-length') return [];
      return DROPPED.has(lower) ? [`X-Archive-Orig-${h.name}: ${h.value}`] : [`${h.name}: ${h.value}`];
    });
  return Buffer.from([first, ...lines, ...extra].join(CRLF) + CRLF + CRLF, 'utf8');
}

/** SURT form of a URL for the CDXJ index ("com,example)/path?q"). */
export function surt(url: string): string {
  const u = new URL(url);
  const bare = u.hostname.replace(/^\[|\]$/g, '');
  // Addresses stay as they are (SURT reverses names only); 127.0.0.1 -> "127.0.0.1".
  const host = net.isIP(bare)
    ? bare
    : bare
        .replace(/^www\./, '')
        .split('.')
        .reverse()
        .join(',');
  const port = u.port ? `:${u.port}` : '';
  return `${host}${port})${u.pathname.toLowerCase()}${u.search}`;
}

export interface WarcResult {
  /** Plain WARC, every record in a row. */
  warc: Buffer;
  /** The same records, each its own gzip member, in the same order. */
  warcGz: Buffer;
  /** CDXJ over warcGz: offset and length of each response record's gzip member. */
  cdxj: string;
  /** warcGz's name inside the WACZ's archive/ folder, as the CDXJ lines name it. */
  filename: string;
}

/** CDXJ fields of a response record; offset and length are filled in once the record is compressed. */
interface IndexEntry {
  key: string;
  fields: { url: string; mime: string; status: string; digest: string };
}

/** One WARC: a warcinfo record, then a request and a response record per HAR entry. */
export function warcFromHar(entries: HarEntry[], info: Record<string, string>, filename = 'data.warc.gz'): WarcResult {
  const records: Array<{ bytes: Buffer; index?: IndexEntry }> = [];
  const push = (bytes: Buffer, index?: IndexEntry) => records.push({ bytes, index });
  const infoBlock = Buffer.from(
    Object.entries(info)
      .map(([k, v]) => `${k}: ${v}`)
      .join(CRLF) + CRLF,
    'utf8',
  );
  push(
    record(
      {
        'WARC-Type': 'warcinfo',
        'WARC-Record-ID': uuid(),
        'WARC-Date': warcDate(new Date().toISOString()),
        'WARC-Filename': filename,
        'Content-Type': 'application/warc-fields',
      },
      infoBlock,
    ),
  );
  for (const e of entries) {
    if (!/^https?:/.test(e.request.url) || !e.response || e.response.status <= 0) continue;
    const date = warcDate(e.startedDateTime);
    const body = harBody(e);
    const respId = uuid();
    const statusLine = `HTTP/1.1 ${e.response.status} ${e.response.statusText || ''}`.trimEnd();
    const respBlock = Buffer.concat([
      httpHead(statusLine, e.response.headers, [`Content-Length: ${body.length}`]),
      body,
    ]);
    const ip: Record<string, string> = e.serverIPAddress
      ? { 'WARC-IP-Address': e.serverIPAddress.replace(/^\[|\]$/g, '') }
      : {};
    const payloadDigest = `sha256:${sha256(body)}`;
    const resp = record(
      {
        'WARC-Type': 'response',
        'WARC-Record-ID': respId,
        'WARC-Date': date,
        'WARC-Target-URI': e.request.url,
        ...ip,
        'Content-Type': 'application/http;msgtype=response',
        'WARC-Payload-Digest': payloadDigest,
      },
      respBlock,
    );
    const mime = (e.response.content.mimeType || 'application/octet-stream').split(';')[0];
    push(resp, {
      key: `${surt(e.request.url)} ${ts14(e.startedDateTime)}`,
      fields: { url: e.request.url, mime, status: String(e.response.status), digest: payloadDigest },
    });
    const u = new URL(e.request.url);
    const reqBody = Buffer.from(e.request.postData?.text ?? '', 'utf8');
    const hasHost = e.request.headers.some((h) => h.name.toLowerCase() === 'host');
    const reqBlock = Buffer.concat([
      httpHead(
        `${e.request.method} ${u.pathname}${u.search} HTTP/1.1`,
        e.request.headers,
        hasHost ? [] : [`Host: ${u.host}`],
      ),
      reqBody,
    ]);
    push(
      record(
        {
          'WARC-Type': 'request',
          'WARC-Record-ID': uuid(),
          'WARC-Date': date,
          'WARC-Target-URI': e.request.url,
          'WARC-Concurrent-To': respId,
          'Content-Type': 'application/http;msgtype=request',
        },
        reqBlock,
      ),
    );
  }
  const members: Buffer[] = [];
  const index: string[] = [];
  let offset = 0;
  for (const r of records) {
    const member = zlib.gzipSync(r.bytes);
    if (r.index) {
      const at = { length: String(member.length), offset: String(offset), filename };
      index.push(`${r.index.key} ${JSON.stringify({ ...r.index.fields, ...at })}`);
    }
    members.push(member);
    offset += member.length;
  }
  return {
    warc: Buffer.concat(records.map((r) => r.bytes)),
    warcGz: Buffer.concat(members),
    cdxj: index.sort().join('\n') + (index.length ? '\n' : ''),
    filename,
  };
}

export interface WaczPage {
  url: string;
  ts: string;
  title?: string;
}

/** A WACZ 1.1.1 package: archive/data.warc.gz, indexes/index.cdx (CDXJ), pages/pages.jsonl, datapackage(.json, -digest.json). */
export function wacz(
  w: WarcResult,
  pages: WaczPage[],
  meta: { title: string; software: string; created: string },
): Buffer {
  const pagesJsonl =
    [
      JSON.stringify({ format: 'json-pages-1.0', id: 'pages', title: 'All Pages' }),
      ...pages.map((p, i) => JSON.stringify({ id: `page-${i + 1}`, url: p.url, ts: p.ts, title: p.title ?? p.url })),
    ].join('\n') + '\n';
  const files: Array<{ path: string; data: Buffer }> = [
    { path: `archive/${w.filename}`, data: w.warcGz },
    { path: 'indexes/index.cdx', data: Buffer.from(w.cdxj, 'utf8') },
    { path: 'pages/pages.jsonl', data: Buffer.from(pagesJsonl, 'utf8') },
  ];
  const datapackage = Buffer.from(
    JSON.stringify(
      {
        profile: 'data-package',
        wacz_version: '1.1.1',
        title: meta.title,
        created: meta.created,
        software: meta.software,
        mainPageURL: pages[0]?.url,
        mainPageDate: pages[0]?.ts,
        resources: files.map((f) => ({
          name: f.path.split('/').pop(),
          path: f.path,
          hash: `sha256:${sha256(f.data)}`,
          bytes: f.data.length,
        })),
      },
      null,
      2,
    ),
    'utf8',
  );
  const digest = Buffer.from(
    JSON.stringify({ path: 'datapackage.json', hash: `sha256:${sha256(datapackage)}` }, null, 2),
    'utf8',
  );
  return zipStore([
    ...files.map((f) => ({ name: f.path, data: f.data })),
    { name: 'datapackage.json', data: datapackage },
    { name: 'datapackage-digest.json', data: digest },
  ]);
}
