/**
 * Content Credentials (C2PA 2.1) on a licensed copy: a manifest signed by the platform that names the
 * work, its creator, the licence, the deposit certificate and its evidence receipt (leaf index and
 * the witnessed checkpoint that includes it), with the creator's original as the parent ingredient.
 * Written by @trustnxt/c2pa-ts into the file's own container (JPEG APP11, PNG caBX, MP4 uuid box);
 * every other byte of the image data or the video streams stays the original's.
 */
import crypto from 'node:crypto';
import { JPEG, PNG, type Asset } from '@trustnxt/c2pa-ts/asset';
import { JSONBox, type IBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  ActionAssertion,
  Assertion,
  BMFFHashAssertion,
  ClaimVersion,
  CreativeWorkAssertion,
  DataHashAssertion,
  IngredientAssertion,
  ManifestStore,
  RelationshipType,
} from '@trustnxt/c2pa-ts/manifest';
import type { ActionType } from '@trustnxt/c2pa-ts/manifest';
import type { Signer } from '@trustnxt/c2pa-ts/cose';
import { Mp4Asset } from './mp4.js';

/** Labels of Lumen's own assertions (reverse-domain, as C2PA 2.1 §6.1 asks of entity-specific ones). */
export const LICENCE_LABEL = 'cn.lumen.licence';
export const DEPOSIT_LABEL = 'cn.lumen.deposit';

export interface DeliveryFacts {
  work: { id: number; title: string; url: string; creator: string };
  licence: {
    number: string;
    orderNo: string;
    scenario: string;
    scenarioName: string;
    licensee: string;
    licensedAt: string;
    verifyUrl: string;
  };
  /** The original as the creator uploaded it: the parent ingredient. */
  original: { sha256: string; format: string; fileName: string };
  /** The deposit certificate and its evidence receipt (docs/evidence-log.md); absent for a work never deposited. */
  deposit: { certNo: string; certificateUrl: string; receipt: unknown } | null;
}

/** A JSON assertion under an entity-specific label. */
class JsonAssertion extends Assertion {
  override uuid = new CreativeWorkAssertion().uuid;
  constructor(
    label: string,
    private readonly data: Record<string, unknown>,
  ) {
    super();
    this.label = label;
  }
  readContentFromJUMBF(): void {}
  generateJUMBFBoxForContent(): IBox {
    const box = new JSONBox();
    box.content = this.data;
    return box;
  }
}

/** The media type of bytes Lumen signs (JPEG, PNG, MP4), read from their first bytes; null for any other. */
export function sniffCredentialFormat(head: Uint8Array): 'image/jpeg' | 'image/png' | 'video/mp4' | null {
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  if (Buffer.from(head.subarray(0, 8)).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (Buffer.from(head.subarray(4, 8)).toString('latin1') === 'ftyp') return 'video/mp4';
  return null;
}

/** The c2pa-ts asset for these bytes when they are a format Lumen signs (by content, not by name). */
export function credentialAssetOf(bytes: Uint8Array): Asset | null {
  if (JPEG.canRead(bytes)) return new JPEG(bytes);
  if (PNG.canRead(bytes)) return new PNG(bytes);
  if (Mp4Asset.canRead(bytes)) return new Mp4Asset(bytes);
  return null;
}

/**
 * The licensed copy: `bytes` with a signed manifest added, or null when the format is not one Lumen
 * signs (the caller then delivers the original unchanged). Bytes that already carry a manifest (the
 * creator's own camera or editor) keep it out of the copy: c2pa-ts replaces the store, and the
 * original's hash in the ingredient still points at it.
 */
export async function signDelivery(
  bytes: Uint8Array,
  facts: DeliveryFacts,
  signer: Signer,
): Promise<Uint8Array | null> {
  const asset = credentialAssetOf(bytes);
  if (!asset) return null;
  const mimeType = asset instanceof Mp4Asset ? 'video/mp4' : asset.mimeType;
  const store = new ManifestStore();
  const manifest = store.createManifest({
    claimVersion: ClaimVersion.V2,
    assetFormat: mimeType,
    instanceID: `xmp:iid:${crypto.randomUUID()}`,
    defaultHashAlgorithm: 'SHA-256',
    signer,
  });
  const hash: BMFFHashAssertion | DataHashAssertion =
    asset instanceof Mp4Asset
      ? BMFFHashAssertion.createV2('jumbf manifest', 'SHA-256')
      : DataHashAssertion.create('SHA-256');
  manifest.addAssertion(hash);

  const ingredient = IngredientAssertion.createV3(RelationshipType.ParentOf);
  ingredient.title = facts.original.fileName;
  ingredient.format = facts.original.format;
  ingredient.documentID = `lumen:work:${facts.work.id}`;
  // The original's SHA-256 is also the deposit's: the receipt's leaf commits to it.
  ingredient.instanceID = `lumen:sha256:${facts.original.sha256}`;
  manifest.addAssertion(ingredient);

  const actions = new ActionAssertion();
  actions.actions = [
    {
      action: 'c2pa.opened' as ActionType,
      parameters: { ingredients: [manifest.createAssertionReference(ingredient)] },
      softwareAgent: { name: '流明素材 Lumen' },
      description: '授权下载：原文件，仅添加内容凭证',
    },
  ];
  manifest.addAssertion(actions);

  const work = new CreativeWorkAssertion();
  work.creativeWork = {
    '@type': 'CreativeWork',
    name: facts.work.title,
    url: facts.work.url,
    author: [{ '@type': 'Person', name: facts.work.creator }],
    copyrightHolder: { '@type': 'Person', name: facts.work.creator },
  } as never;
  manifest.addAssertion(work);
  manifest.addAssertion(new JsonAssertion(LICENCE_LABEL, { ...facts.licence }));
  if (facts.deposit) manifest.addAssertion(new JsonAssertion(DEPOSIT_LABEL, { ...facts.deposit }));

  await asset.ensureManifestSpace(store.measureSize());
  await hash.updateWithAsset(asset);
  await manifest.sign(signer);
  await asset.writeManifestJUMBF(store.getBytes());
  return asset.getDataRange();
}
