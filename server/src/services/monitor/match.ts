import type { Queryable } from '../../db/index.js';
import { bandCandidates, workFrames } from '../../repositories/monitor-fingerprints.js';
import { alignVideo, type Alignment } from '../fingerprint/align.js';
import { hammingHex, probeKeys } from '../fingerprint/hash256.js';
import { MONITOR_MIN_QUALITY, PDQ_MATCH_DISTANCE } from '../fingerprint/pdq.js';
import type { ImageFingerprint } from '../fingerprint/image.js';
import type { VideoFrameHash } from '../fingerprint/video.js';

/**
 * Matching of found media against the fingerprint index. Images: the candidate's hash and mirror
 * hash are probed through the band index, then compared exactly. Video: every usable frame is
 * probed; each work that shares frames is aligned over time (align.ts) for the matching range.
 */
export interface ImageMatch {
  workId: number;
  distance: number;
  similarity: number;
  mirrored: boolean;
}
export interface VideoMatch {
  workId: number;
  alignment: Alignment;
  distance: number;
  similarity: number;
}

const similarityOf = (distance: number) => Math.round((1 - distance / 256) * 1000) / 1000;

export async function matchImage(q: Queryable, fp: ImageFingerprint, workIds?: number[]): Promise<ImageMatch[]> {
  if (fp.quality < MONITOR_MIN_QUALITY) return [];
  const probes = [...new Set([...probeKeys(fp.hash), ...probeKeys(fp.mirrorHash)])];
  const best = new Map<number, ImageMatch>();
  for (const c of await bandCandidates(q, probes, workIds)) {
    const direct = hammingHex(c.hash, fp.hash),
      mirror = hammingHex(c.hash, fp.mirrorHash);
    const distance = Math.min(direct, mirror);
    if (distance > PDQ_MATCH_DISTANCE) continue;
    const prev = best.get(c.workId);
    if (!prev || distance < prev.distance)
      best.set(c.workId, { workId: c.workId, distance, similarity: similarityOf(distance), mirrored: mirror < direct });
  }
  return [...best.values()].sort((a, b) => a.distance - b.distance);
}

/** A video counts as a copy when at least half of the overlapping usable frames agree. */
export const MIN_VIDEO_SHARE = 0.5;

export async function matchVideo(q: Queryable, frames: VideoFrameHash[], workIds?: number[]): Promise<VideoMatch[]> {
  const usable = frames.filter((f) => f.quality >= MONITOR_MIN_QUALITY);
  if (!usable.length) return [];
  const probes = new Set<number>();
  for (const f of usable) for (const k of [...probeKeys(f.hash), ...probeKeys(f.mirrorHash)]) probes.add(k);
  const works = new Set<number>();
  for (const c of await bandCandidates(q, [...probes], workIds)) {
    if (works.has(c.workId)) continue;
    if (
      usable.some((f) => Math.min(hammingHex(f.hash, c.hash), hammingHex(f.mirrorHash, c.hash)) <= PDQ_MATCH_DISTANCE)
    )
      works.add(c.workId);
  }
  const out: VideoMatch[] = [];
  for (const workId of works) {
    const a = alignVideo(await workFrames(q, workId), frames);
    if (!a || a.matched / a.compared < MIN_VIDEO_SHARE) continue;
    out.push({
      workId,
      alignment: a,
      distance: Math.round(a.meanDistance),
      similarity: Math.round(a.similarity * 1000) / 1000,
    });
  }
  return out.sort((a, b) => b.similarity - a.similarity);
}
