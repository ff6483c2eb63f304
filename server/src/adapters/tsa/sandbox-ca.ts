import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createFileOnce } from '../../storage/create-file-once.js';
import { OID, bits, bool, ecdsaSha256AlgId, explicit, int, octets, oid, seq, set, tlv, utcTime, utf8 } from './der.js';

/** A key pair and its certificate (DER), as the sandbox TSA keeps them. */
export interface Issued {
  key: crypto.KeyObject;
  cert: Buffer;
  /** DER of the certificate's subject Name (the issuer Name of what it signs). */
  name: Buffer;
  serial: Buffer;
  spki: Buffer;
}

const CA_CN = 'Lumen Sandbox Timestamp Root CA';
const TSA_CN = 'Lumen Sandbox TSA';
/** The subject Names are rebuilt from these (deterministic DER), so nothing re-parses a certificate. */
export const nameOf = (cn: string) =>
  seq(
    set(seq(oid(OID.country), tlv(0x13, Buffer.from('CN')))),
    set(seq(oid(OID.organization), utf8('流明素材（沙箱）'))),
    set(seq(oid(OID.commonName), utf8(cn))),
  );
const extension = (id: string, critical: boolean, value: Buffer) =>
  seq(oid(id), ...(critical ? [bool(true)] : []), octets(value));
/**
 * A certificate for `key` signed by `issuer` (self-signed without one). A leaf gets the extended key
 * usages in `eku` (default: the TSA's one critical timeStamping).
 */
export function issue(opts: {
  cn: string;
  key: crypto.KeyObject;
  issuer?: Issued;
  ca: boolean;
  years: number;
  eku?: { oids: string[]; critical: boolean };
}): Issued {
  const eku = opts.eku ?? { oids: [OID.timeStamping], critical: true };
  const spki = crypto.createPublicKey(opts.key).export({ format: 'der', type: 'spki' });
  const ski = crypto.createHash('sha1').update(spki.subarray(-65)).digest();
  const serial = crypto.randomBytes(12);
  serial[0] &= 0x7f;
  const name = nameOf(opts.cn);
  const now = new Date();
  const notBefore = new Date(now.getTime() - 60_000);
  const notAfter = new Date(now.getTime() + opts.years * 365 * 86_400_000);
  const exts = opts.ca
    ? [
        extension(OID.basicConstraints, true, seq(bool(true))),
        extension(OID.keyUsage, true, bits(Buffer.from([0x06]), 1)),
        extension(OID.subjectKeyId, false, octets(ski)),
      ]
    : [
        extension(OID.basicConstraints, true, seq()),
        extension(OID.keyUsage, true, bits(Buffer.from([0xc0]), 6)),
        // RFC 3161 §2.3: the TSA certificate has exactly one, critical, extended key usage: timeStamping.
        extension(OID.extKeyUsage, eku.critical, seq(...eku.oids.map(oid))),
        extension(OID.subjectKeyId, false, octets(ski)),
        extension(
          OID.authorityKeyId,
          false,
          seq(tlv(0x80, crypto.createHash('sha1').update(opts.issuer!.spki.subarray(-65)).digest())),
        ),
      ];
  const tbs = seq(
    explicit(0, int(2)),
    int(serial),
    ecdsaSha256AlgId(),
    opts.issuer?.name ?? name,
    seq(utcTime(notBefore), utcTime(notAfter)),
    name,
    spki,
    explicit(3, seq(...exts)),
  );
  const signature = crypto.sign('sha256', tbs, opts.issuer?.key ?? opts.key);
  return { key: opts.key, cert: seq(tbs, ecdsaSha256AlgId(), bits(signature)), name, serial, spki };
}

export const pemOf = (der: Buffer) =>
  `-----BEGIN CERTIFICATE-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)!
    .join('\n')}\n-----END CERTIFICATE-----\n`;
export const derOf = (pem: string) => Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');

/**
 * The sandbox CA and TSA certificates (ECDSA P-256) in `dir`, created on first use.
 */
export function loadSandboxCa(dir: string): { ca: Issued; tsa: Issued } {
  const file = path.join(dir, 'sandbox-tsa.json');
  createFileOnce(file, () => {
    const caKey = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const ca = issue({ cn: CA_CN, key: caKey, ca: true, years: 20 });
    const tsaKey = crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const tsa = issue({ cn: TSA_CN, key: tsaKey, issuer: ca, ca: false, years: 10 });
    const pkcs8 = (k: crypto.KeyObject) => k.export({ format: 'pem', type: 'pkcs8' }) as string;
    return JSON.stringify({
      caKey: pkcs8(caKey),
      caCert: pemOf(ca.cert),
      tsaKey: pkcs8(tsaKey),
      tsaCert: pemOf(tsa.cert),
    });
  });
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  const load = (keyPem: string, certPem: string, cn: string): Issued => {
    const cert = derOf(certPem);
    const x = new crypto.X509Certificate(cert);
    return {
      key: crypto.createPrivateKey(keyPem),
      cert,
      name: nameOf(cn),
      serial: Buffer.from(x.serialNumber, 'hex'),
      spki: x.publicKey.export({ format: 'der', type: 'spki' }),
    };
  };
  return { ca: load(saved.caKey, saved.caCert, CA_CN), tsa: load(saved.tsaKey, saved.tsaCert, TSA_CN) };
}
