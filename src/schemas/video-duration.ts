/**
 * The video duration classes of lumen:enums/video-duration with their bounds in seconds, so the
 * client's filter and the server's search condition come from the one table (they had drifted).
 */
import { currentSchema, type SchemaLookup } from './registry';
import type { EnumBranch } from './types';

export const VIDEO_DURATION_ID = 'lumen:enums/video-duration';

export interface DurationClass {
  code: string;
  label: string;
  /** Lower bound in seconds; absent when the class starts at 0 (durations are never negative). */
  minSec?: number;
  minInclusive: boolean;
  /** Upper bound in seconds; absent for the open-ended class. */
  maxSec?: number;
  maxInclusive: boolean;
}

export function durationClasses(lookup: SchemaLookup = currentSchema): DurationClass[] {
  const table = lookup(VIDEO_DURATION_ID);
  if (!table) throw new Error(`Unknown schema ${VIDEO_DURATION_ID}`);
  return ((table.oneOf ?? []) as EnumBranch[]).map((b) => {
    const min = b['x-min-minutes'] as number | undefined;
    const max = b['x-max-minutes'] as number | undefined;
    return {
      code: String(b.const),
      label: b.title,
      minSec: min ? min * 60 : undefined,
      minInclusive: b['x-min-exclusive'] !== true,
      maxSec: max === undefined ? undefined : max * 60,
      maxInclusive: b['x-max-inclusive'] === true,
    };
  });
}

/** Whether a length in seconds falls in a class. */
export function inDurationClass(c: DurationClass, sec: number): boolean {
  if (c.minSec !== undefined && (c.minInclusive ? sec < c.minSec : sec <= c.minSec)) return false;
  if (c.maxSec !== undefined && (c.maxInclusive ? sec > c.maxSec : sec >= c.maxSec)) return false;
  return true;
}
