/**
 * Reading Content Credentials from a file (the verify page, and uploads: issue #34 part 2) with
 * c2pa-ts: the active manifest's claims, whether its signature and bindings hold, and whether it
 * was signed by this platform's certificate. c2pa-ts does not check a chain to a trust list, so
 * "signed by the platform" is a byte comparison with our own signing certificate.
 */
import { JPEG, PNG, type Asset } from '@trustnxt/c2pa-ts/asset';
import { SuperBox } from '@trustnxt/c2pa-ts/jumbf';
import {
  ActionAssertion,
  CreativeWorkAssertion,
  IngredientAssertion,
  ManifestStore,
  ValidationResult,
} from '@trustnxt/c2pa-ts/manifest';
import { Mp4Asset } from './mp4.js';
import { derOf } from '../../adapters/tsa/sandbox-ca.js';

export interface CredentialAction {
  action: string;
  digitalSourceType?: string;
  softwareAgent?: string;
  description?: string;
}

export interface ReadCredentials {
  /** False when the file holds a manifest store that does not parse (a corrupt or truncated one). */
  readable: boolean;
  /** Signature, hashed references and the hard binding all hold (trust in the signer aside). */
  valid: boolean;
  /** Failed validation codes (C2PA status codes), for showing why a copy does not verify. */
  failures: string[];
  signedByPlatform: boolean;
  signer: string | null;
  claimGenerator: string | null;
  actions: CredentialAction[];
  ingredients: Array<{ title?: string; format?: string; relationship?: string; instanceID?: string }>;
  /** Other assertions by label (JSON or CBOR content), e.g. cn.lumen.licence, stds.exif. */
  assertions: Record<string, unknown>;
}

/** c2pa-ts's asset for a JPEG, PNG or MP4; null for any other format. */
function assetOf(bytes: Uint8Array): Asset | null {
  if (JPEG.canRead(bytes)) return new JPEG(bytes);
  if (PNG.canRead(bytes)) return new PNG(bytes);
  if (Mp4Asset.canRead(bytes)) return new Mp4Asset(bytes);
  return null;
}

const contentOf = (box: SuperBox | undefined): unknown =>
  (box?.contentBoxes[0] as { content?: unknown } | undefined)?.content;

/** The active manifest of `bytes`, or null when the file carries none (or is not a format read here). */
export async function readCredentials(
  bytes: Uint8Array,
  platformCertificatePem?: string,
): Promise<ReadCredentials | null> {
  const asset = assetOf(bytes);
  const jumbf = asset?.getManifestJUMBF();
  if (!asset || !jumbf) return null;
  let store: ManifestStore;
  let result: ValidationResult;
  try {
    store = ManifestStore.read(SuperBox.fromBuffer(new Uint8Array(jumbf)));
    result = await store.validate(asset);
  } catch (e) {
    return {
      readable: false,
      valid: false,
      failures: ValidationResult.fromError(e as Error).statusEntries.map((s) => s.code),
      signedByPlatform: false,
      signer: null,
      claimGenerator: null,
      actions: [],
      ingredients: [],
      assertions: {},
    };
  }
  const manifest = store.getActiveManifest();
  const cert = manifest?.signature?.signatureData.certificate;
  const out: ReadCredentials = {
    readable: true,
    valid: result.isValid,
    failures: result.statusEntries.filter((s) => !s.success).map((s) => s.code),
    signedByPlatform:
      !!cert && !!platformCertificatePem && Buffer.from(cert.rawData).equals(derOf(platformCertificatePem)),
    signer: cert ? (/CN=([^,]+)/.exec(cert.subject)?.[1] ?? cert.subject) : null,
    // claim_generator_info's name and version (claimGeneratorInfo is c2pa-ts's label suffix, not this).
    claimGenerator: manifest?.claim?.claimGeneratorName
      ? [manifest.claim.claimGeneratorName, manifest.claim.claimGeneratorVersion].filter(Boolean).join(' ')
      : null,
    actions: [],
    ingredients: [],
    assertions: {},
  };
  for (const a of manifest?.assertions?.assertions ?? []) {
    if (a instanceof ActionAssertion) {
      // c2pa-ts maps a v2 action without its description: read it from the assertion's own content.
      const raw = (contentOf(a.sourceBox) as { actions?: Array<{ description?: unknown }> } | undefined)?.actions;
      for (const [i, x] of a.actions.entries()) {
        const rawDescription = raw?.[i]?.description;
        out.actions.push({
          action: String(x.action),
          digitalSourceType: x.digitalSourceType ? String(x.digitalSourceType) : undefined,
          softwareAgent: x.softwareAgent?.name,
          description: x.description ?? (typeof rawDescription === 'string' ? rawDescription : undefined),
        });
      }
    } else if (a instanceof IngredientAssertion) {
      out.ingredients.push({
        title: a.title,
        format: a.format,
        relationship: a.relationship,
        instanceID: a.instanceID,
      });
    } else if (a instanceof CreativeWorkAssertion) {
      out.assertions[a.label] = a.creativeWork;
    } else if (a.fullLabel) {
      out.assertions[a.fullLabel] = contentOf(a.sourceBox);
    }
  }
  return out;
}
