import crypto from 'node:crypto';
import { JPEG } from '@trustnxt/c2pa-ts/asset';
import {
  ActionAssertion,
  ClaimVersion,
  DataHashAssertion,
  ManifestStore,
  MetadataAssertion,
  MetadataNamespace,
  type ActionType,
} from '@trustnxt/c2pa-ts/manifest';
import type { Signer } from '@trustnxt/c2pa-ts/cose';
import { IPTC_DIGITAL_SOURCE } from '../../src/schemas/provenance.js';

export interface CameraOrGenerator {
  /** c2pa.actions, each with an IPTC digital source code (`trainedAlgorithmicMedia`) or none. */
  actions: Array<{ action: string; source?: string; agent?: string; description?: string }>;
  /** EXIF Make / Model in a c2pa.metadata assertion. */
  device?: { make: string; model: string };
  claimGenerator?: string;
}

/**
 * A JPEG as a camera or a generator signs it: a C2PA manifest (c2pa-ts, the signer given) with the
 * actions and capture device asked for, the way a creator's file arrives on upload.
 */
export async function signedJpeg(jpeg: Uint8Array, facts: CameraOrGenerator, signer: Signer): Promise<Buffer> {
  const asset = new JPEG(jpeg);
  const store = new ManifestStore();
  const manifest = store.createManifest({
    claimVersion: ClaimVersion.V2,
    assetFormat: 'image/jpeg',
    instanceID: `xmp:iid:${crypto.randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  if (facts.claimGenerator) {
    const at = facts.claimGenerator.lastIndexOf(' ');
    manifest.claim!.claimGeneratorName = facts.claimGenerator.slice(0, at);
    manifest.claim!.claimGeneratorVersion = facts.claimGenerator.slice(at + 1);
  }
  const hash = DataHashAssertion.create('SHA-256');
  manifest.addAssertion(hash);
  const actions = new ActionAssertion();
  actions.actions = facts.actions.map((a) => ({
    action: a.action as ActionType,
    ...(a.source && { digitalSourceType: `${IPTC_DIGITAL_SOURCE}${a.source}` as never }),
    ...(a.agent && { softwareAgent: { name: a.agent } }),
    ...(a.description && { description: a.description }),
  }));
  manifest.addAssertion(actions);
  if (facts.device) {
    const exif = new MetadataAssertion();
    exif.entries = [
      { namespace: MetadataNamespace.TIFF, name: 'Make', value: facts.device.make },
      { namespace: MetadataNamespace.TIFF, name: 'Model', value: facts.device.model },
    ];
    manifest.addAssertion(exif);
  }
  await asset.ensureManifestSpace(store.measureSize());
  await hash.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return Buffer.from(await asset.getDataRange());
}
