import type { Queryable } from '../db/index.js';
import { CARD_COLUMNS, toCard } from '../repositories/material-card.js';
import { COUNT_CAP, type SearchEngine, type SearchQuery, type SearchResult } from './index.js';
import { normalise, queryTokens } from './tokens.js';
import { facetTokens } from './facets.js';

/** Runs of one script in a query: '熊猫panda 航拍' -> 熊猫, panda, 航拍 (each must appear verbatim). */
export function queryTerms(keyword: string): string[] {
  return [...new Set(normalise(keyword).match(/[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g) ?? [])];
}

/**
 * Search statements are planned with their terms every time: a prepared statement may settle on a
 * generic plan, which cannot tell a term in 30% of the catalogue from one in 0.01%.
 */
const UNPREPARED = { prepare: false } as const;

const likeArg = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
// Text the LIKE recheck compares against. Only CJK runs are rechecked, so no lower()/normalize()
// per row (they cost more than the rest of the query on long candidate lists).
const ALL = "(m.title || ' ' || array_to_string(m.tags, ' ') || ' ' || m.description)";
const CJK_RUN = /^[\u3400-\u9fff\uf900-\ufaff]+$/;

// Every order ends on a column pair an index serves (migration 131), so a frequent term walks
// the index and stops at the page instead of sorting every match.
const POPULAR = 'm.downloads DESC, m.id DESC';
/**
 * How far a frequent term's page is read along an order's index before the engine gives up and
 * sorts every match instead. Only terms with more than the count cap's matches walk; the planner cannot
 * tell them from rare ones, because it multiplies the frequencies of a query's bigrams, which
 * occur together far more often than chance.
 */
const WALK_ROWS = [2_000, 20_000];
/**
 * Migration 995's samples: 1 on-sale material in 1024 and 1 in 128, each with its own small GIN
 * index. Counting a query's matches in them tells a frequent term from a rare one before the full
 * index is read; the sparse one first, so a very frequent term reads a few hundred rows. The text
 * must stay identical to the indexes' predicates for the planner to use them.
 */
const SAMPLES = [1024, 128].map((rate) => ({ rate, sql: `(hashint8(m.id) & ${rate - 1}) = 0` }));
/** Sample hits from which the total is estimated instead of counted: 16 hits are within ±25% or so. */
const ESTIMATE_MIN_HITS = 16;
/** How long the catalogue size the walk heuristics use is reused. */
const CATALOGUE_SIZE_TTL_MS = 60_000;
const SORTS: Record<string, string> = {
  newest: 'm.created_at DESC, m.id DESC',
  popular: POPULAR,
  price_asc: 'm.price_cents ASC, m.id ASC',
  price_desc: 'm.price_cents DESC, m.id DESC',
};

/** A WHERE clause with its own numbered parameters, extended one condition at a time. */
class Where {
  readonly params: unknown[] = [];
  private readonly parts: string[] = ['m.status = 1'];
  arg(v: unknown): string {
    this.params.push(v);
    return `$${this.params.length}`;
  }
  and(sql: string): this {
    this.parts.push(sql);
    return this;
  }
  clone(): Where {
    const w = new Where();
    w.params.push(...this.params);
    w.parts.splice(0, w.parts.length, ...this.parts);
    return w;
  }
  get sql(): string {
    return this.parts.join(' AND ');
  }
}

/**
 * Chinese search on plain SQL (tech notes, "Chinese search"): the GIN-indexed token column
 * (search/vector.ts) finds candidates by the AND of the query's bigrams, and a LIKE recheck keeps
 * only items containing longer terms verbatim. Relevance is three tiers read one after another:
 * title hits (weight A), then tag hits (B), then description-only hits, each by popularity. Identical
 * SQL on PGlite and PostgreSQL.
 */
export class SqlSearchEngine implements SearchEngine {
  private catalogueSize = { rows: 0, at: -Infinity };

  constructor(
    private db: Queryable,
    private countCap = COUNT_CAP,
    private estimateMinHits = ESTIMATE_MIN_HITS,
  ) {}

  async search(q: SearchQuery): Promise<SearchResult> {
    const base = new Where();
    if (q.categoryId) base.and(`m.category_id = ${base.arg(q.categoryId)}`);
    const offset = (q.page - 1) * q.pageSize;
    const empty = { list: [], total: 0, totalCapped: false, totalEstimated: false, page: q.page, pageSize: q.pageSize };

    const keyword = q.keyword?.trim() ?? '';
    if (!keyword) {
      // Browsing filters on the columns; a keyword search filters by the facet tokens below instead
      // (the same rows: migration 132), since column conditions beside them only make the planner
      // AND a bitmap of half the table into the count.
      if (q.type) base.and(`m.type = ${base.arg(q.type)}`);
      if (q.duration) {
        base.and('m.type = 1');
        if (q.duration === 'VIDEO_SHORT') base.and('m.duration_sec < 600');
        else if (q.duration === 'VIDEO_MIDDLE') base.and('m.duration_sec >= 600 AND m.duration_sec <= 1800');
        else base.and('m.duration_sec > 1800');
      }
      return this.finish(q, base, await this.page(base, SORTS[q.sort ?? 'newest'] ?? SORTS.newest, offset, q.pageSize));
    }

    const tokens = queryTokens(keyword);
    // Nothing searchable (only punctuation): no match rather than everything.
    if (!tokens.length) return empty;
    const tsq = (w: string) => tokens.map((t) => `'${t}'${w}`).join(' & ');
    const matched = base.clone();
    const filters = facetTokens(q).map((t) => ` & '${t}'`).join('');
    matched.and(`m.search_tokens @@ ${matched.arg(tsq('') + filters)}::tsquery`);
    // Tokens are exact for 1-2 character CJK runs and Latin words; longer CJK runs need their
    // bigrams adjacent, which only the text can tell.
    for (const t of queryTerms(keyword).filter((x) => x.length > 2 && CJK_RUN.test(x))) matched.and(`${ALL} LIKE ${matched.arg(likeArg(t))}`);

    // Sized first: the size decides how a page is read (walk for frequent terms, else sort). A term
    // frequent in the sample is estimated; only the others are counted, which is cheap for them.
    const sampled = await this.estimate(matched);
    const estimated = sampled !== null;
    const n = sampled ?? (await this.count(matched, this.countCap));
    // Walk only past the cap: below it, sorting every match costs less than a walk that fails.
    const frequent = n > this.countCap;
    // The walk's windows worth trying: those expected to hold the page (matches spread evenly; the
    // popular order, where frequent terms crowd the top, does better than that).
    const density = frequent ? n / Math.max(n, await this.onSaleRows()) : 0;
    const read = async (w: Where, orderBy: string, skip: number, limit: number) =>
      (frequent && (await this.walk(w, orderBy, skip, limit, density))) || this.page(w, orderBy, skip, limit);
    const result = (rows: Record<string, unknown>[]) => this.result(q, n, rows, estimated);

    const sort = q.sort ?? 'relevance';
    if (sort !== 'relevance') return result(await read(matched, SORTS[sort], offset, q.pageSize));

    // Tiers: title (A), tags but not title (AB minus A), the rest. Each is a disjoint slice of `matched`.
    const inTitle = (w: Where) => `m.search_tokens @@ ${w.arg(tsq(':A'))}::tsquery`;
    const inTitleOrTags = (w: Where) => `m.search_tokens @@ ${w.arg(tsq(':AB'))}::tsquery`;
    const tiers = [
      (w: Where) => w.and(inTitle(w)),
      (w: Where) => w.and(inTitleOrTags(w)).and(`NOT ${inTitle(w)}`),
      (w: Where) => w.and(`NOT ${inTitleOrTags(w)}`),
    ];
    const list: Record<string, unknown>[] = [];
    let skip = offset;
    for (const tier of tiers) {
      const w = tier(matched.clone());
      const rows = await read(w, POPULAR, skip, q.pageSize - list.length);
      list.push(...rows);
      if (list.length === q.pageSize) break;
      // The page starts in a later tier: skip this tier's rows (counted only when none were read).
      skip = rows.length ? 0 : Math.max(0, skip - (await this.count(w, skip)));
    }
    return result(list);
  }

  /** Matches of `w` estimated from the first sample with enough hits, or null: count them instead. */
  private async estimate(w: Where): Promise<number | null> {
    for (const s of SAMPLES) {
      const r = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM materials m WHERE ${w.sql} AND ${s.sql}`, w.params, UNPREPARED);
      const hits = Number(r.rows[0].n);
      if (hits >= this.estimateMinHits) return hits * s.rate;
    }
    return null;
  }

  /** About how many materials there are: the planner's figure from the last ANALYZE, reused for a minute. */
  private async onSaleRows(): Promise<number> {
    if (performance.now() - this.catalogueSize.at > CATALOGUE_SIZE_TTL_MS) {
      const r = await this.db.query<{ n: number }>("SELECT reltuples::float8 AS n FROM pg_class WHERE oid = 'materials'::regclass");
      this.catalogueSize = { rows: Math.max(0, Number(r.rows[0]?.n ?? 0)), at: performance.now() };
    }
    return this.catalogueSize.rows;
  }

  /**
   * A page read along the order's index: the first `rows` approved materials in that order, then
   * filtered. Null when they hold fewer than offset + limit matches (the caller sorts instead).
   */
  private async walk(w: Where, orderBy: string, offset: number, limit: number, density: number): Promise<Record<string, unknown>[] | null> {
    for (const rows of WALK_ROWS) {
      if (rows < offset + limit || rows * density < offset + limit) continue;
      const params = [...w.params, rows, limit, offset];
      const n = params.length;
      const r = await this.db.query<Record<string, unknown>>(
        `SELECT ${CARD_COLUMNS} FROM (SELECT * FROM materials m WHERE m.status = 1 ORDER BY ${orderBy} LIMIT $${n - 2}) m
         WHERE ${w.sql} ORDER BY ${orderBy} LIMIT $${n - 1} OFFSET $${n}`,
        params,
        UNPREPARED,
      );
      if (r.rows.length === limit) return r.rows;
    }
    return null;
  }

  private async page(w: Where, orderBy: string, offset: number, limit: number): Promise<Record<string, unknown>[]> {
    const params = [...w.params, limit, offset];
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT ${CARD_COLUMNS} FROM materials m WHERE ${w.sql} ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
      UNPREPARED,
    );
    return r.rows;
  }

  /** Matches of `w`, counted up to `cap` + 1 (a frequent term costs no more than the cap). */
  private async count(w: Where, cap: number): Promise<number> {
    const params = [...w.params, cap + 1];
    const r = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM materials m WHERE ${w.sql} LIMIT $${params.length}) s`,
      params,
      UNPREPARED,
    );
    return Number(r.rows[0].n);
  }

  private async finish(q: SearchQuery, matched: Where, rows: Record<string, unknown>[]): Promise<SearchResult> {
    return this.result(q, await this.count(matched, this.countCap), rows);
  }

  /** An estimated n is shown rounded and never capped; a counted one is capped at countCap. */
  private result(q: SearchQuery, n: number, rows: Record<string, unknown>[], estimated = false): SearchResult {
    const total = estimated ? roughly(n) : Math.min(n, this.countCap);
    return { list: rows.map(toCard), total, totalCapped: !estimated && n > this.countCap, totalEstimated: estimated, page: q.page, pageSize: q.pageSize };
  }
}

/** An estimate to two significant figures (23,456 -> 23,000): more digits would claim a precision it lacks. */
function roughly(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}
