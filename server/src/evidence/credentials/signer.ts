/**
 * The platform's Content Credentials (C2PA) signing key and certificate chain. Outside a configured
 * CA (C2PA_CERT_FILE + C2PA_KEY_FILE) a sandbox CA issues it, made like the sandbox TSA's: files in
 * DATA_DIR/evidence/c2pa, created once, ECDSA P-256 (ES256).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { X509Certificate } from '@peculiar/x509';
import { CoseAlgorithmIdentifier, type Signer } from '@trustnxt/c2pa-ts/cose';
import { createFileOnce } from '../../storage/create-file-once.js';
import { derOf, issue, pemOf } from '../../adapters/tsa/sandbox-ca.js';

/** Extended key usages C2PA validators accept for a claim signer (C2PA 2.1 §14.5.1): email protection and the C2PA claim-signing EKU. */
const EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';
const C2PA_CLAIM_SIGNING = '1.3.6.1.4.1.62558.2.1';

export interface CredentialsSigner {
  signer: Signer;
  /** PEM of the signing certificate and of the root that issued it (a validator's trust anchor). */
  certificate: string;
  rootCertificate: string;
}

/** A real CA's certificate chain (leaf first, PEM) and its PKCS#8 PEM key, from C2PA_CERT_FILE / C2PA_KEY_FILE. */
export interface ConfiguredCredentials {
  certificateChain: string;
  privateKey: string;
}

const pemBlocks = (pem: string) => pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];

function signerOf(key: crypto.KeyObject, chainPem: string[]): CredentialsSigner {
  if (!chainPem.length) throw new Error('C2PA certificate chain is empty');
  const [leaf, ...rest] = chainPem.map((p) => new X509Certificate(derOf(p)));
  return {
    signer: {
      algorithm: CoseAlgorithmIdentifier.ES256,
      certificate: leaf,
      // The root stays out of the manifest: validators must hold it as a trust anchor, not take it from the file.
      chainCertificates: rest.slice(0, -1),
      // COSE (RFC 9053 §2.1) wants r|s, not the DER that Node produces by default.
      sign: async (payload) => new Uint8Array(crypto.sign('sha256', payload, { key, dsaEncoding: 'ieee-p1363' })),
    },
    certificate: chainPem[0],
    rootCertificate: chainPem[chainPem.length - 1],
  };
}

const cache = new Map<string, CredentialsSigner>();

/** This server's Content Credentials signer: the configured CA's, else the sandbox's (cached per data folder). */
export function credentialsSignerOf(config: {
  dataDir: string;
  contentCredentials?: ConfiguredCredentials;
}): CredentialsSigner {
  const configured = config.contentCredentials;
  const dir = path.join(config.dataDir, 'evidence', 'c2pa');
  const cacheKey = configured ? `configured:${configured.certificateChain}` : dir;
  let s = cache.get(cacheKey);
  if (!s) {
    s = configured
      ? signerOf(crypto.createPrivateKey(configured.privateKey), pemBlocks(configured.certificateChain))
      : loadSandbox(dir);
    cache.set(cacheKey, s);
  }
  return s;
}

function loadSandbox(dir: string): CredentialsSigner {
  const file = path.join(dir, 'sandbox-c2pa.json');
  createFileOnce(file, () => {
    const gen = () => crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    const caKey = gen();
    const ca = issue({ cn: 'Lumen Sandbox Content Credentials Root CA', key: caKey, ca: true, years: 20 });
    const key = gen();
    const leaf = issue({
      cn: 'Lumen Content Credentials (Sandbox)',
      key,
      issuer: ca,
      ca: false,
      years: 5,
      eku: { oids: [EMAIL_PROTECTION, C2PA_CLAIM_SIGNING], critical: false },
    });
    return JSON.stringify({
      key: key.export({ format: 'pem', type: 'pkcs8' }),
      certificate: pemOf(leaf.cert),
      rootCertificate: pemOf(ca.cert),
    });
  });
  const saved = JSON.parse(fs.readFileSync(file, 'utf8'));
  return signerOf(crypto.createPrivateKey(saved.key), [saved.certificate, saved.rootCertificate]);
}
