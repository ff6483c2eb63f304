import crypto from 'node:crypto';
import {
  OID,
  ecdsaSha256AlgId,
  explicit,
  generalizedTime,
  int,
  octets,
  oid,
  seq,
  set,
  sha256AlgId,
  tlv,
} from './der.js';
import { loadSandboxCa, pemOf, type Issued } from './sandbox-ca.js';
import type { TimestampAuthority } from './types.js';

/** The sandbox TSA's policy (an arc under a private number: nobody else's policy). */
export const SANDBOX_POLICY = '1.3.6.1.4.1.55555.3161.1';

/**
 * A real RFC 3161 TSA signed by a local test CA (files in DATA_DIR/evidence/tsa). Tokens carry
 * the TSA certificate and an ESS signing-certificate-v2 attribute, as `openssl ts -verify` needs.
 */
export class SandboxTimestampAuthority implements TimestampAuthority {
  readonly name = 'sandbox';
  private keys: { ca: Issued; tsa: Issued };
  constructor(dir: string) {
    this.keys = loadSandboxCa(dir);
  }

  certificates() {
    return { tsa: pemOf(this.keys.tsa.cert), ca: pemOf(this.keys.ca.cert) };
  }

  async timestamp(data: Uint8Array, at = new Date()): Promise<Buffer> {
    return this.timestampDigest(crypto.createHash('sha256').update(data).digest(), at);
  }

  /** The token for a SHA-256 message imprint (what an HTTP TimeStampReq carries). */
  timestampDigest(digest: Uint8Array, at = new Date()): Buffer {
    const { tsa } = this.keys;
    const tstInfo = seq(
      int(1),
      oid(SANDBOX_POLICY),
      seq(sha256AlgId(), octets(digest)),
      int(crypto.randomBytes(16)),
      generalizedTime(at),
    );
    const signedAttrs = [
      seq(oid(OID.contentType), set(oid(OID.tstInfo))),
      seq(oid(OID.messageDigest), set(octets(crypto.createHash('sha256').update(tstInfo).digest()))),
      // ESSCertIDv2 with the default hash (SHA-256) omitted, as DER requires.
      seq(
        oid(OID.signingCertificateV2),
        set(seq(seq(seq(octets(crypto.createHash('sha256').update(tsa.cert).digest()))))),
      ),
    ];
    const attrsSet = set(...signedAttrs);
    const signature = crypto.sign('sha256', attrsSet, tsa.key);
    const signerInfo = seq(
      int(1),
      seq(this.keys.ca.name, int(tsa.serial)),
      sha256AlgId(),
      // [0] IMPLICIT SET OF Attribute: the same bytes as the signed SET with the tag changed.
      Buffer.concat([Buffer.from([0xa0]), attrsSet.subarray(1)]),
      ecdsaSha256AlgId(),
      octets(signature),
    );
    const signedData = seq(
      int(3),
      set(sha256AlgId()),
      seq(oid(OID.tstInfo), explicit(0, octets(tstInfo))),
      tlv(0xa0, tsa.cert),
      set(signerInfo),
    );
    const token = seq(oid(OID.signedData), explicit(0, signedData));
    return seq(seq(int(0)), token);
  }
}
