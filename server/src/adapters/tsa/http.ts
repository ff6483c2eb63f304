import crypto from 'node:crypto';
import { bool, int, octets, seq, sha256AlgId } from './der.js';
import type { TimestampAuthority } from './types.js';

/**
 * A real RFC 3161 TSA over HTTP (RFC 3161 §3.4): POST a DER TimeStampReq as
 * application/timestamp-query, read a TimeStampResp. The request asks for the TSA certificate
 * in the token (certReq) and carries a random nonce; the token is checked by the verifiers that
 * read receipts, and its status here (granted: 0 or 1).
 */
export class HttpTimestampAuthority implements TimestampAuthority {
  readonly name: string;
  constructor(
    private url: string,
    private pem: { tsa: string | null; ca: string | null } = { tsa: null, ca: null },
    private timeoutMs = 5_000,
  ) {
    this.name = new URL(url).host;
  }

  certificates() {
    return this.pem;
  }

  /** The DER TimeStampReq for SHA-256(data). */
  static request(data: Uint8Array, nonce = crypto.randomBytes(8)): Buffer {
    return seq(
      int(1),
      seq(sha256AlgId(), octets(crypto.createHash('sha256').update(data).digest())),
      int(nonce),
      bool(true),
    );
  }

  async timestamp(data: Uint8Array): Promise<Buffer> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: new Uint8Array(HttpTimestampAuthority.request(data)),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new Error(`TSA ${this.name} answered HTTP ${res.status}`);
    const body = Buffer.from(await res.arrayBuffer());
    // TimeStampResp ::= SEQUENCE { status PKIStatusInfo ::= SEQUENCE { status INTEGER, ... }, token }:
    // with short lengths the status INTEGER's value is the byte after "02 01".
    const at = body.indexOf(Buffer.from([0x02, 0x01]));
    const status = at >= 0 && at < 12 ? body[at + 2] : -1;
    if (status !== 0 && status !== 1) throw new Error(`TSA ${this.name} refused the request (status ${status})`);
    return body;
  }
}
