import type { MaterialCard } from '../repositories/material-card.js';

export const MATERIAL_TYPES = [1, 2, 11] as const;
export const DURATION_CLASSES = ['VIDEO_SHORT', 'VIDEO_MIDDLE', 'VIDEO_LONG'] as const;
export const SEARCH_SORTS = ['relevance', 'newest', 'popular', 'price_asc', 'price_desc'] as const;
/** The count cap lives with the material list it also caps; search re-exports it for its callers. */
export { COUNT_CAP } from '../repositories/material-card.js';

export interface SearchQuery {
  keyword?: string;
  type?: (typeof MATERIAL_TYPES)[number];
  duration?: (typeof DURATION_CLASSES)[number];
  categoryId?: number;
  /** Defaults to relevance with a keyword, newest without. */
  sort?: (typeof SEARCH_SORTS)[number];
  page: number;
  pageSize: number;
}

export interface SearchResult {
  list: MaterialCard[];
  /** Matches, capped at COUNT_CAP; totalCapped says the real number is larger. */
  total: number;
  totalCapped: boolean;
  /** The total is an estimate from a sample (frequent terms): shown as "约 2.3 万". */
  totalEstimated: boolean;
  page: number;
  pageSize: number;
}

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
