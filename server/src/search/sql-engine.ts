import type { Queryable } from '../db/index.js';
import { CARD_COLUMNS, toCard } from '../repositories/material-card.js';
import { COUNT_CAP, type SearchEngine, type SearchQuery, type SearchResult } from './index.js';
import { normalise, queryTokens } from './tokens.js';

/** Runs of one script in a query: '熊猫panda 航拍' -> 熊猫, panda, 航拍 (each must appear verbatim). */
export function queryTerms(keyword: string): string[] {
  return [...new Set(normalise(keyword).match(/[\u3400-\u9fff\uf900-\ufaff]+|[a-z0-9]+/g) ?? [])];
}

const likeArg = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;
// Normalised texts the LIKE recheck and the ranking compare against (same normalisation as tokens.ts).
const TITLE = 'lower(normalize(m.title, NFKC))';
const TAGS = "lower(normalize(array_to_string(m.tags, ' '), NFKC))";
const ALL = `(${TITLE} || ' ' || ${TAGS} || ' ' || lower(normalize(m.description, NFKC)))`;

const SORTS: Record<string, string> = {
  newest: 'm.created_at DESC, m.id DESC',
  popular: 'm.downloads DESC, m.views DESC, m.id DESC',
  price_asc: 'm.price_cents ASC, m.id DESC',
  price_desc: 'm.price_cents DESC, m.id DESC',
};

/**
 * Chinese search on plain SQL (tech notes, "Chinese search"): the GIN-indexed token column
 * finds candidates by the AND of the query's bigrams, a LIKE recheck keeps only items that
 * contain every term verbatim, and relevance ranks title hits above tag-only hits above
 * description-only hits, then popularity and recency. Identical SQL on PGlite and PostgreSQL.
 */
export class SqlSearchEngine implements SearchEngine {
  constructor(private db: Queryable) {}

  async search(q: SearchQuery): Promise<SearchResult> {
    const params: unknown[] = [];
    const arg = (v: unknown) => (params.push(v), `$${params.length}`);
    const where = ['m.status = 1'];
    let rank = '0';
    const keyword = q.keyword?.trim() ?? '';
    if (keyword) {
      const tokens = queryTokens(keyword);
      const terms = queryTerms(keyword);
      // Nothing searchable (only punctuation): no match rather than everything.
      if (!tokens.length) return { list: [], total: 0, totalCapped: false, page: q.page, pageSize: q.pageSize };
      where.push(`m.search_tokens @@ ${arg(tokens.map((t) => `'${t}'`).join(' & '))}::tsquery`);
      const likes = terms.map((t) => arg(likeArg(t)));
      for (const l of likes) where.push(`${ALL} LIKE ${l}`);
      const inTitle = likes.map((l) => `${TITLE} LIKE ${l}`).join(' AND ');
      const inTitleOrTags = likes.map((l) => `(${TITLE} || ' ' || ${TAGS}) LIKE ${l}`).join(' AND ');
      rank = `CASE WHEN ${inTitle} THEN 3 WHEN ${inTitleOrTags} THEN 2 ELSE 1 END`;
    }
    if (q.type) where.push(`m.type = ${arg(q.type)}`);
    if (q.duration) {
      where.push('m.type = 1');
      if (q.duration === 'VIDEO_SHORT') where.push('m.duration_sec < 600');
      else if (q.duration === 'VIDEO_MIDDLE') where.push('m.duration_sec >= 600 AND m.duration_sec <= 1800');
      else where.push('m.duration_sec > 1800');
    }
    if (q.categoryId) where.push(`m.category_id = ${arg(q.categoryId)}`);
    const sort = q.sort ?? (keyword ? 'relevance' : 'newest');
    const orderBy = sort !== 'relevance' ? SORTS[sort] : keyword ? 'rank DESC, m.downloads DESC, m.views DESC, m.created_at DESC, m.id DESC' : SORTS.newest;
    const whereSql = where.join(' AND ');
    const countParams = [...params];
    const rows = await this.db.query(
      `SELECT ${CARD_COLUMNS}, ${rank} AS rank FROM materials m WHERE ${whereSql} ORDER BY ${orderBy} LIMIT ${arg(q.pageSize)} OFFSET ${arg((q.page - 1) * q.pageSize)}`,
      params,
    );
    countParams.push(COUNT_CAP + 1);
    const count = await this.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM materials m WHERE ${whereSql} LIMIT $${countParams.length}) s`,
      countParams,
    );
    const n = Number(count.rows[0].n);
    return { list: rows.rows.map(toCard), total: Math.min(n, COUNT_CAP), totalCapped: n > COUNT_CAP, page: q.page, pageSize: q.pageSize };
  }
}
