import type { Queryable } from '../db/index.js';
import { CARD_COLUMNS, toCard } from '../repositories/material-card.js';
import { COUNT_CAP, type SearchEngine, type SearchQuery, type SearchResult } from './index.js';
import { normalise, queryTokens } from './tokens.js';

/** Runs of one script in a query: '熊猫panda 航拍' -> 熊猫, panda, 航拍 (each must appear verbatim). */
export function queryTerms(keyword: string): string[] {
  return [...new Set(normalise(keyword).match(/[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g) ?? [])];
}

const likeArg = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
// Text the LIKE recheck compares against. Only CJK runs are rechecked, so no lower()/normalize()
// per row (they cost more than the rest of the query on long candidate lists).
const ALL = "(m.title || ' ' || array_to_string(m.tags, ' ') || ' ' || m.description)";
const CJK_RUN = /^[\u3400-\u9fff\uf900-\ufaff]+$/;

const SORTS: Record<string, string> = {
  newest: 'm.created_at DESC, m.id DESC',
  popular: 'm.downloads DESC, m.views DESC, m.id DESC',
  price_asc: 'm.price_cents ASC, m.id DESC',
  price_desc: 'm.price_cents DESC, m.id DESC',
};

/**
 * Chinese search on plain SQL (tech notes, "Chinese search"): the GIN-indexed token column
 * (search/vector.ts) finds candidates by the AND of the query's bigrams, a LIKE recheck keeps
 * only items containing longer terms verbatim, and relevance ranks title hits (weight A) above
 * tag hits (B) above description-only hits, then popularity and recency. Identical SQL on
 * PGlite and PostgreSQL.
 */
export class SqlSearchEngine implements SearchEngine {
  constructor(private db: Queryable) {}

  async search(q: SearchQuery): Promise<SearchResult> {
    const params: unknown[] = [];
    const arg = (v: unknown) => (params.push(v), `$${params.length}`);
    const where = ['m.status = 1'];
    let tsq: ((w: string) => string) | undefined;
    const keyword = q.keyword?.trim() ?? '';
    if (keyword) {
      const tokens = queryTokens(keyword);
      // Nothing searchable (only punctuation): no match rather than everything.
      if (!tokens.length) return { list: [], total: 0, totalCapped: false, page: q.page, pageSize: q.pageSize };
      tsq = (w: string) => tokens.map((t) => `'${t}'${w}`).join(' & ');
      where.push(`m.search_tokens @@ ${arg(tsq(''))}::tsquery`);
      // Tokens are exact for 1-2 character CJK runs and Latin words; longer CJK runs need their
      // bigrams adjacent, which only the text can tell.
      for (const t of queryTerms(keyword).filter((x) => x.length > 2 && CJK_RUN.test(x))) where.push(`${ALL} LIKE ${arg(likeArg(t))}`);
    }
    if (q.type) where.push(`m.type = ${arg(q.type)}`);
    if (q.duration) {
      where.push('m.type = 1');
      if (q.duration === 'VIDEO_SHORT') where.push('m.duration_sec < 600');
      else if (q.duration === 'VIDEO_MIDDLE') where.push('m.duration_sec >= 600 AND m.duration_sec <= 1800');
      else where.push('m.duration_sec > 1800');
    }
    if (q.categoryId) where.push(`m.category_id = ${arg(q.categoryId)}`);
    const whereSql = where.join(' AND ');
    const countParams = [...params, COUNT_CAP + 1];
    const sort = q.sort ?? (tsq ? 'relevance' : 'newest');
    let orderBy = SORTS[sort === 'relevance' ? 'newest' : sort];
    if (sort === 'relevance' && tsq) {
      // Title hits (weight A) rank above tag hits (B) above description-only hits.
      const rank = `CASE WHEN m.search_tokens @@ ${arg(tsq(':A'))}::tsquery THEN 3 WHEN m.search_tokens @@ ${arg(tsq(':AB'))}::tsquery THEN 2 ELSE 1 END`;
      orderBy = `${rank} DESC, m.downloads DESC, m.views DESC, m.created_at DESC, m.id DESC`;
    }
    const rows = await this.db.query(
      `SELECT ${CARD_COLUMNS} FROM materials m WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ${arg(q.pageSize)} OFFSET ${arg((q.page - 1) * q.pageSize)}`,
      params,
    );
    const count = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM materials m WHERE ${whereSql} LIMIT $${countParams.length}) s`,
      countParams,
    );
    const n = Number(count.rows[0].n);
    return { list: rows.rows.map(toCard), total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP, page: q.page, pageSize: q.pageSize };
  }
}
