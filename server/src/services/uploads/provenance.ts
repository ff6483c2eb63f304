/**
 * Content Credentials of an uploaded original (issue #34 part 2): the C2PA manifest read when the
 * upload is assembled, summarised for the work's provenance (src/schemas/provenance.ts). A corrupt,
 * unsigned or tampered manifest never refuses the upload: its validation state is recorded instead.
 */
import fs from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { readCredentials } from '../../evidence/credentials/read.js';
import { provenanceOf, type Provenance } from '../../../../src/schemas/provenance.js';

/**
 * Largest original read for its manifest on upload: c2pa-ts reads a whole file in memory and hashes
 * it. Images stay far below (the image rule allows 50 MB); a longer video is recorded as 'skipped'.
 */
export const MAX_PROVENANCE_BYTES = 512 * 1024 * 1024;

/** The provenance summary of the file at `file` (`size` bytes), or null when it carries no manifest. */
export async function readUploadProvenance(
  file: string,
  size: number,
  log?: Pick<FastifyBaseLogger, 'warn'>,
): Promise<Provenance | null> {
  if (size > MAX_PROVENANCE_BYTES) return provenanceOf('skipped');
  const bytes = await fs.promises.readFile(file);
  try {
    return provenanceOf(await readCredentials(bytes));
  } catch (err) {
    // The container itself (JPEG segments, PNG chunks, MP4 boxes) did not parse where the manifest sits.
    log?.warn({ err }, 'content credentials of an upload could not be read');
    return provenanceOf({
      readable: false,
      valid: false,
      failures: [],
      signer: null,
      claimGenerator: null,
      actions: [],
      assertions: {},
    });
  }
}
