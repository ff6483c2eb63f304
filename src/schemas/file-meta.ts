/**
 * Browser side of the upload rules: reads what checkFileMeta needs from a File — pixel size of
 * images (an <img>), duration of video/audio (a media element's metadata). What the browser cannot
 * decode (e.g. AVI, WMV) stays undefined, and the server measures it from the bytes.
 */
import type { FileMeta } from './file-rules';

export interface MetaProbes {
  image(url: string): Promise<{ width: number; height: number } | undefined>;
  duration(url: string, kind: 'video' | 'audio'): Promise<number | undefined>;
}

const PROBE_TIMEOUT_MS = 10_000;

function withTimeout<T>(run: (done: (v: T | undefined) => void) => () => void): Promise<T | undefined> {
  return new Promise((resolve) => {
    let cleanup = () => {};
    const timer = setTimeout(() => finish(undefined), PROBE_TIMEOUT_MS);
    function finish(v: T | undefined) {
      clearTimeout(timer);
      cleanup();
      resolve(v);
    }
    cleanup = run(finish);
  });
}

/** Real DOM probes: an <img> for pixels, a <video>/<audio> for duration. */
export const domProbes: MetaProbes = {
  image: (url) =>
    withTimeout((done) => {
      const img = new Image();
      img.onload = () => done({ width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => done(undefined);
      img.src = url;
      return () => {
        img.onload = img.onerror = null;
      };
    }),
  duration: (url, kind) =>
    withTimeout((done) => {
      const el = document.createElement(kind);
      el.preload = 'metadata';
      el.onloadedmetadata = () => done(Number.isFinite(el.duration) ? el.duration : undefined);
      el.onerror = () => done(undefined);
      el.src = url;
      return () => {
        el.onloadedmetadata = el.onerror = null;
        el.removeAttribute('src');
      };
    }),
};

/** Metadata of one selected file, in the shape the x-file-rule keyword checks. */
export async function readFileMeta(file: File, probes: MetaProbes = domProbes): Promise<FileMeta> {
  const meta: FileMeta = { name: file.name, size: file.size, type: file.type };
  const major = file.type.split('/')[0];
  if (major !== 'image' && major !== 'video' && major !== 'audio') return meta;
  const url = URL.createObjectURL(file);
  try {
    if (major === 'image') {
      const dim = await probes.image(url);
      if (dim) Object.assign(meta, dim);
    } else {
      const d = await probes.duration(url, major);
      if (d !== undefined) meta.durationSec = d;
    }
  } finally {
    URL.revokeObjectURL(url);
  }
  return meta;
}
