import type { SearchQuery } from './index.js';

/**
 * Search tokens of a query's filters: migration 132 adds the same tokens to every material's
 * vector ('~t' + type, '~d' + duration class), so filters narrow the GIN intersection itself.
 * They can never collide with text tokens, which are CJK characters or [a-z0-9] words.
 */
export function facetTokens(q: Pick<SearchQuery, 'type' | 'duration'>): string[] {
  const out: string[] = [];
  // A duration class exists on videos only, so it stands for '~t1' too (whose list holds half the table).
  if (q.duration) out.push(`~d${q.duration.slice('VIDEO_'.length).toLowerCase()}`);
  // A type other than video beside a duration class matches nothing, as it must.
  if (q.type && (!q.duration || Number(q.type) !== 1)) out.push(`~t${q.type}`);
  return out;
}
