import type { SearchResult } from '../../../src/schemas/api/material.js';
import { bundledSchema, durationClasses, enumCodes } from '../../../src/schemas/index.js';

// Codes from the contract's tables. The shipped versions, not staff-edited ones: migration 132's
// facet tokens are built from the same types and duration classes.
export const MATERIAL_TYPES = enumCodes<number>('lumen:enums/material-type', bundledSchema);
export const DURATION_CLASSES = durationClasses(bundledSchema).map((c) => c.code);
export const SEARCH_SORTS = enumCodes<string>('lumen:enums/search-sort', bundledSchema);
export const AI_GENERATED_CODES = enumCodes<string>('lumen:enums/ai-generated', bundledSchema);
/** The count cap lives with the material list it also caps; search re-exports it for its callers. */
export { COUNT_CAP } from '../repositories/material-card.js';

export interface SearchQuery {
  keyword?: string;
  type?: number;
  duration?: string;
  categoryId?: number;
  /** The 「AI生成」 filter (lumen:enums/ai-generated): 'yes' AI generated only, 'no' the others; absent for all. */
  ai?: string;
  /** Defaults to relevance with a keyword, newest without. */
  sort?: string;
  page: number;
  pageSize: number;
}

/**
 * A page of matches (the contract's searchResultSchema in src/schemas/api/material.ts): total capped at COUNT_CAP (totalCapped
 * says the real number is larger) or estimated from a sample for frequent terms (totalEstimated).
 */
export type { SearchResult };

/** What the rest of the server uses; a dedicated engine (Meilisearch, Elasticsearch) can replace the SQL one. */
export interface SearchEngine {
  search(q: SearchQuery): Promise<SearchResult>;
}

export interface SearchOptions {
  /** Matches counted before a term counts as frequent (and is shown as "N+"); tests lower it. */
  countCap?: number;
  /** Sample hits from which the total is estimated instead of counted; tests raise it to count always. */
  estimateMinHits?: number;
  /** Read pages from order bucket ranges (migration 996); tests turn it off to compare with sorting every match. */
  orderBuckets?: boolean;
  /** Read pages through the tokens ranked in each order (migrations 999, 1000); tests turn it off to compare. */
  ranked?: boolean;
  /** Longest walk along an order's index before a bucket range is read instead; tests set 0 to read ranges. */
  walkRows?: number;
  /** Matches up to which every match is sorted, never placed; tests set 0 to place pages of a small catalogue. */
  sortMatchesMax?: number;
  /**
   * Sampling rates, powers of two, sparsest first. Only the default ones have indexes (migration
   * 995); tests sample every row (1) to read the buckets of a small catalogue.
   */
  sampleRates?: number[];
}
