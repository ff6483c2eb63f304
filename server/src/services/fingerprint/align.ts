import { hammingHex } from './hash256.js';
import { PDQ_MATCH_DISTANCE } from './pdq.js';
import { FRAME_RATE } from './video.js';

/**
 * Temporal alignment of a candidate clip against an original: every frame offset is tried and the
 * one where most candidate frames lie within the PDQ threshold of the original's frame at the same
 * offset wins. That is what makes a trimmed clip match and yields the matching time range.
 * Frames with quality under MIN_QUALITY (black fades, title cards) neither count nor vote.
 */
export interface AlignedFrames {
  hash: string;
  mirrorHash?: string;
  quality: number;
}

export interface Alignment {
  /** Original frame index = candidate frame index + offset. */
  offset: number;
  matched: number;
  /** Candidate frames compared (usable and overlapping the original at this offset). */
  compared: number;
  /** 0-1: matched share of compared frames, weighted by their mean closeness. */
  similarity: number;
  meanDistance: number;
  mirrored: boolean;
  /** Seconds in the original and in the candidate. */
  originalRange: [number, number];
  candidateRange: [number, number];
}

const MIN_QUALITY = 20;
/** At least this many frames must agree (one second at FRAME_RATE): a lone frame is chance. */
const MIN_MATCHED = 2;

export function alignVideo(original: AlignedFrames[], candidate: AlignedFrames[]): Alignment | null {
  let best: Alignment | null = null;
  for (const mirrored of [false, true]) {
    for (let offset = -(candidate.length - 1); offset < original.length; offset++) {
      let matched = 0,
        compared = 0,
        distSum = 0,
        first = -1,
        last = -1;
      for (let j = 0; j < candidate.length; j++) {
        const i = j + offset;
        if (i < 0 || i >= original.length) continue;
        const c = candidate[j],
          o = original[i];
        if (c.quality < MIN_QUALITY || o.quality < MIN_QUALITY) continue;
        compared++;
        const d = hammingHex(mirrored ? (c.mirrorHash ?? c.hash) : c.hash, o.hash);
        if (d <= PDQ_MATCH_DISTANCE) {
          matched++;
          distSum += d;
          if (first < 0) first = j;
          last = j;
        }
      }
      if (matched < MIN_MATCHED || (best && matched <= best.matched)) continue;
      const meanDistance = distSum / matched;
      best = {
        offset,
        matched,
        compared,
        mirrored,
        meanDistance,
        similarity: (matched / compared) * (1 - meanDistance / 256),
        originalRange: [(first + offset) / FRAME_RATE, (last + offset + 1) / FRAME_RATE],
        candidateRange: [first / FRAME_RATE, (last + 1) / FRAME_RATE],
      };
    }
  }
  return best;
}
