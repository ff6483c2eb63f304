import type { FileMeta, UploadRule } from '../../schemas';

/** Duration of a media file from a <video>/<audio> element; undefined when the browser cannot decode it. */
function mediaDuration(file: File, tag: 'video' | 'audio'): Promise<number | undefined> {
  return new Promise((resolve) => {
    const el = document.createElement(tag);
    const url = URL.createObjectURL(file);
    const done = (v: number | undefined) => {
      URL.revokeObjectURL(url);
      resolve(v);
    };
    el.preload = 'metadata';
    el.onloadedmetadata = () => done(Number.isFinite(el.duration) ? el.duration : undefined);
    // Formats the browser cannot play (AVI, WMV) stay "not measured": the server decides.
    el.onerror = () => done(undefined);
    el.src = url;
  });
}

/**
 * What the browser can tell about a file for the rule's checks: name, size, type, and the image
 * dimensions or media duration when the rule needs them (null = tried and failed to decode).
 */
export async function readFileMeta(file: File, rule?: UploadRule): Promise<FileMeta> {
  const meta: FileMeta = { name: file.name, size: file.size, type: file.type };
  if (!rule) return meta;
  const needsDims = rule.kind === 'image' && (rule.minWidth || rule.minHeight || rule.maxWidth || rule.maxHeight);
  if (needsDims && typeof createImageBitmap === 'function') {
    try {
      const bmp = await createImageBitmap(file);
      meta.width = bmp.width;
      meta.height = bmp.height;
      bmp.close();
    } catch {
      meta.width = null;
      meta.height = null;
    }
  }
  if (rule.minDurationSec && (rule.kind === 'video' || rule.kind === 'audio') && typeof document !== 'undefined') {
    const d = await mediaDuration(file, rule.kind);
    if (d !== undefined) meta.durationSec = d;
  }
  return meta;
}
