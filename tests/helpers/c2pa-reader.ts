import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import init, { WasmReader } from '@contentauth/c2pa-wasm';

/**
 * The independent C2PA reader of the tests: c2pa-rs compiled to WebAssembly (@contentauth/c2pa-wasm),
 * not c2pa-ts which writes Lumen's manifests. Loaded once per worker from the package's own .wasm.
 */
let ready: Promise<unknown> | null = null;
const wasmFile = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm')), 'c2pa_bg.wasm');

/** The parts of c2pa-rs's manifest JSON the tests read. */
export interface C2paManifest {
  assertions: Array<{ label: string; data: Record<string, unknown> }>;
  ingredients?: Array<Record<string, unknown>>;
  signature_info: { common_name?: string; issuer?: string; alg?: string };
}

export interface C2paReport {
  state: string;
  manifest: C2paManifest;
  success: string[];
  failure: Array<{ code: string; explanation?: string }>;
}

/** Reads and validates `bytes` (format: its media type); `trustAnchors` (PEM) makes a chain to them trusted. */
export async function readC2pa(format: string, bytes: Uint8Array, trustAnchors?: string): Promise<C2paReport> {
  ready ??= init({ module_or_path: fs.readFileSync(wasmFile()) });
  await ready;
  const ctx = trustAnchors ? JSON.stringify({ trust: { trust_anchors: trustAnchors } }) : undefined;
  const reader = await WasmReader.fromBytes(format, bytes, ctx);
  try {
    const store = JSON.parse(reader.json());
    const results = store.validation_results?.activeManifest ?? { success: [], failure: [] };
    return {
      state: store.validation_state,
      manifest: store.manifests[store.active_manifest],
      success: results.success.map((s: { code: string }) => s.code),
      failure: results.failure,
    };
  } finally {
    reader.free();
  }
}

/** The data of the active manifest's assertion `label`. */
export const assertionOf = (r: C2paReport, label: string) => r.manifest.assertions.find((a) => a.label === label)?.data;
