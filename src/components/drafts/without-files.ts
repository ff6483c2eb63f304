/** True for what the file widgets put in form data ({name, size, type, ...}): the bytes stay in the browser. */
const isFileMeta = (v: unknown): boolean =>
  !!v &&
  typeof v === 'object' &&
  !Array.isArray(v) &&
  typeof (v as any).name === 'string' &&
  typeof (v as any).size === 'number' &&
  typeof (v as any).type === 'string';

/**
 * Form data without chosen files, for a draft: a draft keeps typed fields only, since the files
 * themselves cannot be stored with it; on resume the applicant picks the files again.
 */
export function withoutFiles(v: unknown): any {
  if (Array.isArray(v)) {
    const kept = v.filter((x) => !isFileMeta(x)).map(withoutFiles);
    return kept.length || !v.length ? kept : undefined;
  }
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (isFileMeta(x)) continue;
      const y = withoutFiles(x);
      if (y !== undefined) out[k] = y;
    }
    return out;
  }
  return v;
}
