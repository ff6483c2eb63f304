import type { Queryable } from '../db/index.js';
import { CARD_COLUMNS, toCard } from '../repositories/material-card.js';
import {
  COUNT_CAP,
  MATERIAL_TYPES,
  type SearchEngine,
  type SearchOptions,
  type SearchQuery,
  type SearchResult,
} from './index.js';
import { normalise, queryTokens } from './tokens.js';
import { facetTokens } from './facets.js';
import { bundledSchema, durationClasses } from '../../../src/schemas/index.js';

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

/**
 * The search orders, each ending on a column pair an index serves (migration 131), with the bucket
 * tokens migration 996 gives every material for it: `bucket` is the SQL function of the row's
 * bucket, `prefix` its tokens' names, `top` a bound on the highest bucket a row can have (ranges
 * reaching further than MAX_RANGE_TOKENS below it are not read).
 */
interface Order {
  orderBy: string;
  bucket: string;
  prefix: string;
  desc: boolean;
  top: () => number;
}
/** 4 * log2 of the largest int column value: buckets of downloads and prices never pass it. */
const LOG_BUCKET_TOP = 124;
const DAY_MS = 86_400_000;
const ORDERS: Record<string, Order> = {
  popular: {
    orderBy: 'm.downloads DESC, m.id DESC',
    bucket: 'popularity_bucket(m.downloads)',
    prefix: '~p',
    desc: true,
    top: () => LOG_BUCKET_TOP,
  },
  // Materials are created now or earlier (created_at defaults to now()); a day of slack for clocks.
  newest: {
    orderBy: 'm.created_at DESC, m.id DESC',
    bucket: 'created_day(m.created_at)',
    prefix: '~n',
    desc: true,
    top: () => Math.floor(Date.now() / DAY_MS) + 1,
  },
  price_asc: {
    orderBy: 'm.price_cents ASC, m.id ASC',
    bucket: 'price_bucket(m.price_cents)',
    prefix: '~c',
    desc: false,
    top: () => LOG_BUCKET_TOP,
  },
  price_desc: {
    orderBy: 'm.price_cents DESC, m.id DESC',
    bucket: 'price_bucket(m.price_cents)',
    prefix: '~c',
    desc: true,
    top: () => LOG_BUCKET_TOP,
  },
};
/**
 * Tokens ranked in an order (migrations 999 and 1000): the index expression whose lexemes are
 * '<token><mark><bucket>', the bucket's SQL, and the order read backwards (to find its last bucket).
 */
interface Ranked {
  tokens: string;
  mark: string;
  bucket: string;
  order: Order;
  reversed: string;
  /** Its column has few distinct values (prices), so one bucket can hold thousands of a term's matches. */
  coarse?: boolean;
}
/** The columns every order sorts by. */
const ORDER_COLUMNS = 'm.id, m.downloads, m.created_at, m.price_cents';
const ORDER_RANK_TOKENS = 'order_rank_tokens(m.search_tokens, m.downloads, m.created_at, m.price_cents)';
const RANKED: Record<string, Ranked> = {
  title: {
    tokens: 'm.title_rank_tokens',
    mark: '^',
    bucket: ORDERS.popular.bucket,
    order: ORDERS.popular,
    reversed: 'm.downloads ASC, m.id ASC',
  },
  popular: {
    tokens: ORDER_RANK_TOKENS,
    mark: '^p',
    bucket: ORDERS.popular.bucket,
    order: ORDERS.popular,
    reversed: 'm.downloads ASC, m.id ASC',
  },
  newest: {
    tokens: ORDER_RANK_TOKENS,
    mark: '^w',
    bucket: 'created_week(m.created_at)',
    order: ORDERS.newest,
    reversed: 'm.created_at ASC, m.id ASC',
  },
  price_asc: {
    tokens: ORDER_RANK_TOKENS,
    mark: '^c',
    bucket: ORDERS.price_asc.bucket,
    order: ORDERS.price_asc,
    reversed: 'm.price_cents DESC, m.id DESC',
    coarse: true,
  },
  price_desc: {
    tokens: ORDER_RANK_TOKENS,
    mark: '^c',
    bucket: ORDERS.price_desc.bucket,
    order: ORDERS.price_desc,
    reversed: 'm.price_cents ASC, m.id ASC',
    coarse: true,
  },
};

/**
 * The samples of migrations 995, 998, 1001 and 1003: 1 on-sale material in 8,192, in 1,024 and in 128,
 * each with its own small GIN index. Reading a query's matches in them tells a frequent term from
 * a rare one before the full index is read (the sparsest first, so a very frequent term reads a
 * few dozen rows), and where in the order its matches lie. The text must stay identical to the
 * indexes' predicates for the planner to use them.
 */
const SAMPLE_RATES = [8192, 1024, 128];
/**
 * The rate of material_search_sample (migration 1003): the sampled rows copied into a small table
 * that stays in shared buffers. A sample of a multiple of it is read there (same column names, so
 * the same conditions); any other (tests sample every row: 1) from materials itself.
 */
const SAMPLE_TABLE_RATE = 128;
/** The catalogue's own buckets come from the sample of about this rate (1 in 8,192 is 122 rows at 1M). */
const CATALOGUE_RATE = 1024;
const sampleOf = (rate: number) => ({
  rate,
  sql: `(hashint8(m.id) & ${rate - 1}) = 0`,
  from: rate % SAMPLE_TABLE_RATE === 0 ? 'material_search_sample' : 'materials',
});
/**
 * The token column as only the sample indexes hold it (migration 998). Sample queries match this,
 * never the column itself, so the planner cannot read a sample through the full index.
 */
const STRIPPED_TOKENS = 'strip(m.search_tokens)';
/**
 * Sample hits from which the total is estimated instead of counted: 8 hits are within ±35% or so
 * (about 1,000 matches at 1 in 128). Counting exactly reads every match, 10-30 ms for a few
 * thousand at 1M; the page shows the estimate as "约 N".
 */
const ESTIMATE_MIN_HITS = 8;
/** Matches up to which a page is read by sorting them all (cheaper than placing it). */
const SORT_MATCHES_MAX = 1_000;
/** A bucket range is picked to hold about this many times the rows a page needs (the sample is rough). */
const RANGE_MARGIN = 2;
/** Wider bucket ranges (old days for "newest") are not worth a query: the engine sorts every match. */
const MAX_RANGE_TOKENS = 160;
/** Sample hits that place a page well enough: fewer, and the next denser sample is read too. */
const PLACE_ENOUGH_HITS = 128;
/**
 * Sample hits enough where pages are read without the sample (readTop): it then only estimates
 * the total (32 hits: within 20% or so) and places relevance's rarely read tag and description
 * tiers. A denser sample cost up to 25 ms (1 in 128 of a term in 6%).
 */
const ESTIMATE_ENOUGH_HITS = 32;
/**
 * Rows of an order's index a walk reads: chosen when the catalogue sample says the page lies
 * within them, since reading the top of the order beats intersecting frequent tokens' lists.
 */
const WALK_ROWS = 2_000;
/** The shortest walk: the catalogue sample cannot tell positions closer than its rate. */
const WALK_MIN_ROWS = 256;
/** The largest bucket range read: a quarter of the catalogue (at 40% PostgreSQL scans the table), or 20,000 rows in a smaller one. */
const RANGE_MAX_SHARE = 0.25;
const RANGE_MAX_ROWS = 20_000;
/** How long the catalogue's buckets are reused. */
const CATALOGUE_TTL_MS = 60_000;
/** Every bucket function once (the two price orders share one), for the catalogue sample. */
const BUCKETS = [...new Set(Object.values(ORDERS).map((o) => o.bucket))];

/** A sample: its rate, its condition on a row, and the table holding its rows. */
type Sampled = ReturnType<typeof sampleOf>;

/** A sample of a query's matches: each hit's bucket in the order and which relevance tier it is in. */
interface SampleHit {
  bucket: number;
  tier: number;
}
interface Sample {
  rate: number;
  hits: SampleHit[];
}

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
 * title hits (weight A), then tag hits (B), then description-only hits, each by popularity. A page
 * of a frequent term is read from the matches in a range of order buckets (migration 996) that the
 * sample says holds it, not by sorting every match. Identical SQL on PGlite and PostgreSQL.
 */
export class SqlSearchEngine implements SearchEngine {
  private catalogue: { rate: number; byOrder: Map<string, number[]>; at: number } = {
    rate: 1,
    byOrder: new Map(),
    at: -Infinity,
  };
  private readonly samples: Sampled[];
  private readonly countCap: number;
  private readonly estimateMinHits: number;
  private readonly orderBuckets: boolean;
  private readonly walkRows: number;
  private readonly sortMatchesMax: number;
  private readonly ranked: boolean;

  constructor(
    private db: Queryable,
    options: SearchOptions = {},
  ) {
    this.countCap = options.countCap ?? COUNT_CAP;
    this.estimateMinHits = options.estimateMinHits ?? ESTIMATE_MIN_HITS;
    this.orderBuckets = options.orderBuckets ?? true;
    this.walkRows = options.walkRows ?? WALK_ROWS;
    this.sortMatchesMax = options.sortMatchesMax ?? SORT_MATCHES_MAX;
    this.ranked = options.ranked ?? true;
    this.samples = (options.sampleRates ?? SAMPLE_RATES).map(sampleOf);
  }

  async search(q: SearchQuery): Promise<SearchResult> {
    const base = new Where();
    if (q.categoryId) base.and(`m.category_id = ${base.arg(q.categoryId)}`);
    // A column condition like the category's: the samples (migration 1091) carry the column too.
    if (q.ai === 'yes' || q.ai === 'no') base.and(q.ai === 'yes' ? 'm.ai_generated' : 'NOT m.ai_generated');
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
        // The shipped table, as migration 132's facets; the querystring schema admits only its codes.
        const c = durationClasses(bundledSchema).find((d) => d.code === q.duration)!;
        if (c.minSec !== undefined) base.and(`m.duration_sec ${c.minInclusive ? '>=' : '>'} ${c.minSec}`);
        if (c.maxSec !== undefined) base.and(`m.duration_sec ${c.maxInclusive ? '<=' : '<'} ${c.maxSec}`);
      }
      return this.finish(
        q,
        base,
        await this.page(base, (ORDERS[q.sort ?? 'newest'] ?? ORDERS.newest).orderBy, offset, q.pageSize),
      );
    }

    const tokens = queryTokens(keyword);
    // Nothing searchable (only punctuation): no match rather than everything.
    if (!tokens.length) return empty;
    const tsq = (w: string) => tokens.map((t) => `'${t}'${w}`).join(' & ');
    const facets = facetTokens(q);
    const filters = facets.map((t) => ` & '${t}'`).join('');
    // The matches, tested by `test` on the tsquery: `matched` through the full index; `sampled` in
    // the form only the sample indexes hold, so the planner cannot read a sample through the full
    // index; `checked` as a per-row test that no index can take over, where another index finds
    // the rows (ranked tokens, an order's btree). It was the stripped form too, but strip() builds
    // each row's vector anew: 1.4 µs a row, 60% of checking a bucket's 800 rows.
    const matching = (test: (tsquery: string) => string) => {
      const w = base.clone();
      w.and(test(`${w.arg(tsq('') + filters)}::tsquery`));
      // Tokens are exact for 1-2 character CJK runs and Latin words; longer CJK runs need their
      // bigrams adjacent, which only the text can tell.
      for (const t of queryTerms(keyword).filter((x) => x.length > 2 && CJK_RUN.test(x)))
        w.and(`${ALL} LIKE ${w.arg(likeArg(t))}`);
      return w;
    };
    const matched = matching((x) => `m.search_tokens @@ ${x}`);
    const sampled = matching((x) => `${STRIPPED_TOKENS} @@ ${x}`);
    const checked = matching((x) => `(m.search_tokens @@ ${x}) IS TRUE`);

    const sort = q.sort ?? 'relevance';
    const order = ORDERS[sort] ?? ORDERS.popular;
    const relevance = sort === 'relevance';
    const tierQueries: [string, string] | null = relevance ? [tsq(':A'), tsq(':AB')] : null;
    // The order's ranked tokens (migration 1000) hold the filters' tokens too (migration 1002), so
    // a bucket's list is of filtered matches only; the title's (migration 999) hold the text only.
    // Not by price: a price bucket's filter list is a large part of the catalogue (the images at
    // the lowest price), and merging it cost more than checking the term's matches in the table.
    const rank = relevance ? RANKED.title : (RANKED[sort] ?? RANKED.popular);
    const rankTokens = relevance || rank.coarse ? tokens : [...tokens, ...facets];
    // Sized first. A term frequent in the sample is estimated; only the others are counted, which
    // is cheap for them. The sample also places the matches in the order, for the reads that need it.
    // The page, or relevance's title hits, is read at once through the ranked tokens, which need no
    // sample (on two connections of PostgreSQL's pool; PGlite runs the two in turn). Not in a coarse
    // order: a dense term is walked there, which only the sample's estimate can tell (readByPrice).
    const [place, top] = await Promise.all([
      this.sample(sampled, order, tierQueries, relevance || this.ranked ? ESTIMATE_ENOUGH_HITS : PLACE_ENOUGH_HITS),
      this.ranked && !rank.coarse ? this.readTop(checked, rankTokens, rank, offset, q.pageSize) : null,
    ]);
    // Outside relevance, readTop reads every match up to the page's end: a short page is the last.
    const page = top && (top.length === q.pageSize || !relevance) ? top : null;
    const estimated = place.hits.length >= this.estimateMinHits;
    if (!estimated) {
      // Too few sample hits to estimate from: few matches, counted. A page read already needs
      // nothing more; else one statement finds, counts and sorts them (counting them and then
      // sorting them read each match twice: 50 + 50 ms at 1M).
      if (page?.length === q.pageSize) return this.result(q, await this.count(matched, this.countCap), page);
      const all = await this.sortAndCount(matched, order, tierQueries, offset, q.pageSize);
      if (all) return this.result(q, all.n, all.rows);
    }
    const n = estimated ? place.hits.length * place.rate : await this.count(matched, this.countCap);
    const result = (rows: Record<string, unknown>[]) => this.result(q, n, rows, estimated);
    if (page) return result(page);
    if (rank.coarse && this.ranked)
      return result(await this.readByPrice(checked, rankTokens, rank, n, offset, q.pageSize));
    // Up to a few thousand matches, sorting them all costs less than placing the page.
    // `placed` reads a page where the sample places it (bucket range or walk); `sorted` sorts every match.
    const read = async (placed: Where, sorted: Where, tier: number | null, skip: number, limit: number) =>
      (tier === 0 ? top : null) ??
      (n > this.sortMatchesMax ? await this.readBuckets(placed, order, skip, limit, place, tier, n) : null) ??
      this.sortEvery(sorted, order.orderBy, skip, limit);

    if (!relevance) return result(await read(matched, matched, null, offset, q.pageSize));

    // Tiers: title (A), tags but not title (AB minus A), the rest. Each is a disjoint slice of `matched`.
    // Told by weight (`@@ 'x':A`), which no index holds: right for reads the bucket tokens narrow in
    // the main index. Or by the same test on the title and title+tag token indexes (migration 997):
    // right for sorting or counting a tier, which then reads only its own matches. Each form in its
    // place: offered the title index for a range read, the planner took it alone (its estimate of a
    // tier's size is poor) and read 9,000 title matches instead of the 200 in the range.
    const inTitle = (w: Where, indexed: boolean) =>
      indexed
        ? `ts_filter(m.search_tokens, '{a}') @@ ${w.arg(tsq(''))}::tsquery`
        : `m.search_tokens @@ ${w.arg(tsq(':A'))}::tsquery`;
    const inTitleOrTags = (w: Where, indexed: boolean) =>
      indexed
        ? `ts_filter(m.search_tokens, '{a,b}') @@ ${w.arg(tsq(''))}::tsquery`
        : `m.search_tokens @@ ${w.arg(tsq(':AB'))}::tsquery`;
    const tiers = [
      (w: Where, indexed: boolean) => w.and(inTitle(w, indexed)),
      (w: Where, indexed: boolean) => w.and(inTitleOrTags(w, indexed)).and(`NOT ${inTitle(w, false)}`),
      (w: Where) => w.and(`NOT ${inTitleOrTags(w, false)}`),
    ];
    const list: Record<string, unknown>[] = [];
    let skip = offset;
    for (const [i, tier] of tiers.entries()) {
      const sorted = tier(matched.clone(), true);
      const rows = await read(tier(matched.clone(), false), sorted, i, skip, q.pageSize - list.length);
      list.push(...rows);
      if (list.length === q.pageSize) break;
      // The page starts in a later tier: skip this tier's rows (counted only when none were read).
      skip = rows.length ? 0 : Math.max(0, skip - (await this.count(sorted, skip)));
    }
    return result(list);
  }

  /**
   * The query's matches in the densest sample worth reading, read sparsest first: a denser sample
   * is read only while the hits are fewer than `enough` (a hundred hits place a page well and
   * estimate the total within 10%). It places pages in the order and estimates the total.
   * Each hit carries its bucket in `order` and, given the tiers' queries (relevance), its tier:
   * 0 title, 1 tags, 2 description.
   */
  private async sample(w: Where, order: Order, tiers: [string, string] | null, enough: number): Promise<Sample> {
    const s = w.clone();
    const tier = tierOf(s, tiers);
    let place: Sample = { rate: 1, hits: [] };
    for (const { rate, sql, from } of await this.samplesWorthReading(enough)) {
      const r = await this.db.query<SampleHit>(
        `SELECT ${order.bucket} AS bucket, ${tier} AS tier FROM ${from} m WHERE ${s.sql} AND ${sql}`,
        s.params,
        UNPREPARED,
      );
      place = { rate, hits: r.rows.map((h) => ({ bucket: Number(h.bucket), tier: Number(h.tier) })) };
      if (place.hits.length >= enough) break;
    }
    return place;
  }

  /**
   * The samples a query reads, sparsest first. A sparse sample of a small catalogue holds fewer
   * rows than `enough` hits (1 in 8,192 of 200,000 items is 24 rows), so it is skipped there (one
   * statement less per query). The densest is always read.
   */
  private async samplesWorthReading(enough: number): Promise<Sampled[]> {
    if (this.samples.length === 1) return this.samples;
    const rows = await this.catalogueRows();
    const densest = this.samples[this.samples.length - 1];
    return this.samples.filter((s) => s === densest || rows / s.rate >= enough);
  }

  /** On-sale materials, estimated from the catalogue's sample. */
  private async catalogueRows(): Promise<number> {
    const catalogue = await this.catalogueBuckets();
    return catalogue.rate * (catalogue.byOrder.get(BUCKETS[0]) ?? []).length;
  }

  /**
   * The on-sale catalogue's buckets in every order, from the sample of CATALOGUE_RATE (reused for a minute):
   * how many rows a walk along an order's index reads before it passes a bucket.
   */
  private async catalogueBuckets(): Promise<{ rate: number; byOrder: Map<string, number[]> }> {
    if (performance.now() - this.catalogue.at > CATALOGUE_TTL_MS) {
      const { rate, sql, from } =
        this.samples.find((s) => s.rate <= CATALOGUE_RATE) ?? this.samples[this.samples.length - 1];
      const everything = MATERIAL_TYPES.map((t) => `'~t${t}'`).join(' | ');
      const byOrder = new Map<string, number[]>();
      const r = await this.db.query<Record<string, number>>(
        `SELECT ${BUCKETS.map((b, i) => `${b} AS b${i}`).join(', ')}
         FROM ${from} m WHERE m.status = 1 AND ${STRIPPED_TOKENS} @@ $1::tsquery AND ${sql}`,
        [everything],
        UNPREPARED,
      );
      BUCKETS.forEach((b, i) =>
        byOrder.set(
          b,
          r.rows.map((row) => Number(row[`b${i}`])),
        ),
      );
      this.catalogue = { rate, byOrder, at: performance.now() };
    }
    return this.catalogue;
  }

  /**
   * A page read from the matches in a range of order buckets, the range the sample expects to hold
   * RANGE_MARGIN times the rows up to the page's end. Every row in the range precedes every row out of
   * it in the order, so a page that fills up there is the page of all matches. Null when the sample
   * cannot place the page or the range holds too few rows: the caller sorts every match instead.
   */
  private async readBuckets(
    w: Where,
    order: Order,
    offset: number,
    limit: number,
    sample: Sample,
    tier: number | null,
    matches: number,
  ): Promise<Record<string, unknown>[] | null> {
    if (!this.orderBuckets) return null;
    // Rows that sorting instead would read, the yardstick for a long walk: a title or title+tag tier
    // only its own matches (migration 997's indexes find them), the description tier or a whole
    // query every match.
    const inTiers = (upTo: number) => sample.rate * sample.hits.filter((h) => h.tier <= upTo).length;
    const sortRows = tier === 0 || tier === 1 ? inTiers(tier) : matches;
    const buckets = sample.hits.filter((h) => tier === null || h.tier === tier).map((h) => h.bucket);
    buckets.sort((a, b) => (order.desc ? b - a : a - b));
    const k = Math.ceil((RANGE_MARGIN * (offset + limit)) / sample.rate);
    // A range that holds too few (the sample is rough) is widened once, to four times the hits.
    for (const hits of [k, 4 * k]) {
      if (hits > buckets.length)
        return hits === k ? this.walkSparseTier(w, order, offset, limit, sample, buckets.length, sortRows) : null;
      const read = await this.readFrom(
        w,
        order,
        offset,
        limit,
        sample,
        buckets,
        buckets[hits - 1],
        matches,
        sortRows,
        hits === k,
      );
      if (read !== undefined) return read;
    }
    return null;
  }

  /**
   * A tier too small for the sample to place its page. A walk goes as far as the tier's density
   * says the page lies, when that reads fewer rows than sorting would (`sortRows`: the tier's own
   * matches for title and tag tiers, every match for the description tier); else the caller sorts.
   */
  private async walkSparseTier(
    w: Where,
    order: Order,
    offset: number,
    limit: number,
    sample: Sample,
    tierHits: number,
    sortRows: number,
  ): Promise<Record<string, unknown>[] | null> {
    const walkRows = Math.ceil(
      (RANGE_MARGIN * (offset + limit) * (await this.catalogueRows())) / Math.max(1, tierHits * sample.rate),
    );
    if (walkRows > sortRows / 2) return null;
    return this.walk(w, order.orderBy, offset, limit, Math.max(WALK_MIN_ROWS, walkRows));
  }

  /**
   * The page read from `edge` on (see readBuckets): a row array, null to sort every match, or
   * undefined when the range held too few rows and a wider one may hold the page.
   */
  private async readFrom(
    w: Where,
    order: Order,
    offset: number,
    limit: number,
    sample: Sample,
    buckets: number[],
    edge: number,
    matches: number,
    sortRows: number,
    mayWalk: boolean,
  ): Promise<Record<string, unknown>[] | null | undefined> {
    const inRange = (b: number) => (order.desc ? b >= edge : b <= edge);
    // Where the page lies in the whole catalogue: `before` rows of it are in the range, and a walk
    // meets the page about as far along as the tier's sample hits in the range say (interpolated).
    const catalogue = await this.catalogueBuckets();
    const all = catalogue.byOrder.get(order.bucket) ?? [];
    const before = catalogue.rate * all.filter(inRange).length;
    const expected = sample.rate * buckets.filter(inRange).length;
    const walkRows = Math.max(
      WALK_MIN_ROWS,
      Math.ceil(before * Math.min(1, (RANGE_MARGIN * (offset + limit)) / expected)),
    );
    // A short walk first; then the range, unless its bucket lists are a large part of the catalogue
    // (the GIN index then merges lists as long as the table, and the planner scans the table); then
    // a long walk; else the caller sorts every match.
    const short = walkRows <= this.walkRows;
    if (short && mayWalk) {
      const walked = await this.walk(w, order.orderBy, offset, limit, walkRows);
      if (walked) return walked;
    }
    // The GIN index merges the range's lists and the query's: past a quarter of the catalogue either
    // costs about a table scan.
    const wide = Math.max(RANGE_MAX_ROWS, RANGE_MAX_SHARE * catalogue.rate * all.length);
    if (before > wide || matches > wide) {
      // A long walk only where sorting every match would read more rows than it.
      const long = !short && mayWalk && walkRows <= sortRows / 2;
      return long ? this.walk(w, order.orderBy, offset, limit, walkRows) : null;
    }
    if ((order.desc ? order.top() - edge : edge) >= MAX_RANGE_TOKENS) return null;
    const r = w.clone();
    // The range runs from the edge to the bucket of the order's first row, read off the order's
    // index in the same statement: bucket tokens no row has would each still cost the GIN scan
    // (75 tokens instead of 10 made a PGlite read six times slower).
    const first = `(SELECT ${order.bucket} FROM materials m WHERE m.status = 1 ORDER BY ${order.orderBy} LIMIT 1)`;
    const [lo, hi] = order.desc ? [r.arg(edge), first] : [first, r.arg(edge)];
    r.and(
      `m.search_tokens @@ (SELECT string_agg(quote_literal(${r.arg(order.prefix)} || g), ' | ')::tsquery FROM generate_series(${lo}::int, ${hi}) g)`,
    );
    const params = [...r.params, limit, offset];
    // Materialized: the range's rows are found through the token index and sorted, never by walking
    // the order's index (which the planner would pick, not knowing the range is the order's top).
    const rows = await this.db.query<Record<string, unknown>>(
      `WITH hits AS MATERIALIZED (SELECT ${CARD_COLUMNS} FROM materials m WHERE ${r.sql})
       SELECT * FROM hits m ORDER BY ${order.orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
      UNPREPARED,
    );
    return rows.rows.length === limit ? rows.rows : undefined;
  }

  /**
   * A page by price (a coarse order: few distinct values), after the sample. A price bucket holds
   * many matches of a dense term (18 price buckets in the bench: the 4,000 images of 熊猫 at the
   * lowest price read and sorted for a page, 70 ms at 1M), so a term dense in the catalogue (the
   * sample's estimate `matches`) is walked along the order's index first; else the ranked tokens.
   * Not in the other orders, read beside the sample: popular terms crowd the top of the popularity
   * order, so a rarer one's walk fell short there and the ranked read followed anyway (5 ms lost).
   */
  private async readByPrice(
    w: Where,
    rankTokens: string[],
    rank: Ranked,
    matches: number,
    offset: number,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    const walkRows = Math.ceil((RANGE_MARGIN * (offset + limit) * (await this.catalogueRows())) / Math.max(1, matches));
    const walked =
      walkRows <= this.walkRows
        ? await this.walk(w, rank.order.orderBy, offset, limit, Math.max(WALK_MIN_ROWS, walkRows))
        : null;
    return walked ?? this.readTop(w, rankTokens, rank, offset, limit);
  }

  /**
   * A page of matches in `rank`'s order through its ranked tokens (migrations 999, 1000, 1002):
   * title hits by popularity for relevance, every match for the other orders. One statement steps
   * from the order's first bucket one bucket at a time, keeping the ids of each bucket's first
   * matches (per token, filters' included, one lexeme '<token><mark><bucket>', a short list),
   * until it holds the page's rows; then it reads the page by id. It reads about the page's rows
   * wherever the matches lie: placing the page by the sample read 20 to 5,000 rows (1 in 1,024
   * places it within a thousand), and reading a range of buckets with the query's plain tokens
   * merged their whole posting lists (10-25 ms at 1M).
   */
  private async readTop(
    w: Where,
    rankTokens: string[],
    rank: Ranked,
    offset: number,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    const { order } = rank;
    const r = w.clone();
    const tokens = r.arg(rankTokens);
    const mark = r.arg(rank.mark);
    const need = r.arg(offset + limit);
    const step = order.desc ? -1 : 1;
    const inBucket = (g: string) =>
      `${rank.tokens} @@ (SELECT string_agg(quote_literal(t || ${mark} || (${g})), ' & ') FROM unnest(${tokens}::text[]) t)::tsquery`;
    const params = [...r.params, limit, offset];
    // Each step keeps its bucket's first matches in the order (at most the page's rows; OFFSET 0
    // keeps the planner from walking the order's index instead of reading the bucket); the page
    // is then read by id from the last step's list: nothing is read twice, and no statement ORs the
    // lexemes of many buckets (each a look-up in the GIN index: 0.3-0.7 ms apiece on PGlite).
    const rows = await this.db.query<Record<string, unknown>>(
      `WITH RECURSIVE ends AS (
         SELECT (SELECT ${rank.bucket} FROM materials m WHERE m.status = 1 ORDER BY ${order.orderBy} LIMIT 1) AS first,
                (SELECT ${rank.bucket} FROM materials m WHERE m.status = 1 ORDER BY ${rank.reversed} LIMIT 1) AS last
       ),
       buckets(g, ids) AS (
         SELECT (SELECT first FROM ends) - (${step}), '{}'::bigint[]
         UNION ALL
         SELECT b.g + (${step}), b.ids || ARRAY(
           SELECT m.id FROM (SELECT ${ORDER_COLUMNS} FROM materials m WHERE ${r.sql} AND ${inBucket('b.g + (' + step + ')')} OFFSET 0) m
           ORDER BY ${order.orderBy} LIMIT ${need})
         FROM buckets b, ends e
         WHERE cardinality(b.ids) < ${need} AND b.g <> e.last AND b.g BETWEEN least(e.first, e.last) - 1 AND greatest(e.first, e.last) + 1
       )
       SELECT ${CARD_COLUMNS} FROM materials m
       WHERE m.id = ANY((SELECT ids FROM buckets ORDER BY cardinality(ids) DESC LIMIT 1)::bigint[])
       ORDER BY ${order.orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
      UNPREPARED,
    );
    return rows.rows;
  }

  /**
   * A page read along the order's index: the first `rows` on-sale materials in that order, then
   * filtered. Null when they hold fewer than offset + limit matches.
   */
  private async walk(
    w: Where,
    orderBy: string,
    offset: number,
    limit: number,
    rows: number,
  ): Promise<Record<string, unknown>[] | null> {
    if (offset + limit > rows) return null;
    const params = [...w.params, rows, limit, offset];
    const n = params.length;
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT ${CARD_COLUMNS} FROM (SELECT * FROM materials m WHERE m.status = 1 ORDER BY ${orderBy} LIMIT $${n - 2}) m
       WHERE ${w.sql} ORDER BY ${orderBy} LIMIT $${n - 1} OFFSET $${n}`,
      params,
      UNPREPARED,
    );
    return r.rows.length === limit ? r.rows : null;
  }

  /**
   * A page of a query's matches, all of them found (through the token indexes, or the table when
   * they are most of it) and then sorted. OFFSET 0 keeps the planner from walking the order's index
   * instead, hoping to meet the page early: the engine walks where the sample says it pays, and the
   * planner's guess could be far out (a title tier of 短 in short videos: 302,045 rows walked, 1.9 s,
   * at 1M; found and sorted: milliseconds).
   */
  private async sortEvery(
    w: Where,
    orderBy: string,
    offset: number,
    limit: number,
  ): Promise<Record<string, unknown>[]> {
    const params = [...w.params, limit, offset];
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT ${CARD_COLUMNS} FROM (SELECT ${CARD_COLUMNS} FROM materials m WHERE ${w.sql} OFFSET 0) m
       ORDER BY ${orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
      UNPREPARED,
    );
    return r.rows;
  }

  /**
   * A page of all the matches sorted, relevance tiers first when given, and how many they are. Null
   * when the page lies past the last match (no row to carry the count): the caller counts then.
   */
  private async sortAndCount(
    w: Where,
    order: Order,
    tiers: [string, string] | null,
    offset: number,
    limit: number,
  ): Promise<{ n: number; rows: Record<string, unknown>[] } | null> {
    const s = w.clone();
    const tier = tierOf(s, tiers);
    const params = [...s.params, limit, offset];
    const r = await this.db.query<Record<string, unknown>>(
      `SELECT ${CARD_COLUMNS}, count(*) OVER () AS matches
       FROM (SELECT ${CARD_COLUMNS}, ${tier} AS tier FROM materials m WHERE ${s.sql} OFFSET 0) m
       ORDER BY m.tier, ${order.orderBy} LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
      UNPREPARED,
    );
    if (!r.rows.length) return null;
    return { n: Number(r.rows[0].matches), rows: r.rows };
  }

  /** A page of a browse (no keyword): the planner walks the order's index. */
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
    return {
      list: rows.map(toCard),
      total,
      totalCapped: !estimated && n > this.countCap,
      totalEstimated: estimated,
      page: q.page,
      pageSize: q.pageSize,
    };
  }
}

/** Each row's relevance tier (0 title, 1 tags, 2 description) given the tiers' queries, else 0. */
function tierOf(w: Where, tiers: [string, string] | null): string {
  if (!tiers) return '0';
  return `CASE WHEN m.search_tokens @@ ${w.arg(tiers[0])}::tsquery THEN 0 WHEN m.search_tokens @@ ${w.arg(tiers[1])}::tsquery THEN 1 ELSE 2 END`;
}

/** An estimate to two significant figures (23,456 -> 23,000): more digits would claim a precision it lacks. */
function roughly(n: number): number {
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(n)) - 1);
  return Math.round(n / unit) * unit;
}

/** The engine the app searches with (search/index.ts holds the types it implements, so it does not import this file). */
export function createSearchEngine(db: Queryable, options: SearchOptions = {}): SearchEngine {
  return new SqlSearchEngine(db, options);
}
