import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import type { SearchQuery } from '../search/index.js';
import { createSearchEngine } from '../search/sql-engine.js';
import { topMaterials } from '../repositories/materials.js';
import {
  curatedSections,
  findAlbum,
  findCategory,
  hotKeywords,
  listAlbums,
  listCategories,
} from '../repositories/albums.js';
import { cachedAggregate } from '../repositories/cached-aggregates.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  albumPageSchema,
  albumWithItemsSchema,
  categoryListSchema,
  categorySummarySchema,
  hotKeywordsSchema,
  materialCardListSchema,
  recommendSchema,
  searchResultSchema,
} from '../../../src/schemas/api/material.js';
import { categoryIdParams, idParams, pageQuery, searchQuery, typeLimitQuery, typeProp } from './catalogue-schemas.js';

const typeOf = (t?: number) => (t ? t : undefined);
const SUMMARY_TTL_MS = 60_000;

/** /api/index: the home page (curated sections, newest, popular, categories), search and albums. */
export default async function indexApi(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ContractTypes>();
  const engine = createSearchEngine(app.db);
  // Category counts and hot keywords aggregate the whole catalogue; minute-old figures are fine,
  // and every app server reads the same stored value.

  app.get(
    '/recommend',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            sections: { type: 'integer', title: '栏目数', minimum: 1, maximum: 12, default: 4 },
            limit: { type: 'integer', title: '数量', minimum: 1, maximum: 24, default: 8 },
          },
        },
        response: envelopeOf(recommendSchema),
      },
    },
    async (req) => {
      const q = req.query;
      return ok({ sections: await curatedSections(app.db, q.sections, q.limit) });
    },
  );

  app.get(
    '/categories',
    {
      schema: {
        querystring: { type: 'object', properties: { type: typeProp } },
        response: envelopeOf(categoryListSchema),
      },
    },
    async (req) => {
      const type = typeOf(req.query.type);
      return ok(
        await cachedAggregate(app.db, `categories:${type ?? 'all'}`, SUMMARY_TTL_MS, () =>
          listCategories(app.db, type),
        ),
      );
    },
  );

  app.get(
    '/category/:id',
    { schema: { params: categoryIdParams, response: envelopeOf(categorySummarySchema) } },
    async (req) => {
      const c = await findCategory(app.db, req.params.id);
      if (!c) throw new AppError(404, '分类不存在');
      return ok(c);
    },
  );

  app.get(
    '/newest',
    { schema: { querystring: typeLimitQuery, response: envelopeOf(materialCardListSchema) } },
    async (req) => {
      const q = req.query;
      return ok(await topMaterials(app.db, 'newest', typeOf(q.type), q.limit));
    },
  );

  app.get(
    '/popular',
    { schema: { querystring: typeLimitQuery, response: envelopeOf(materialCardListSchema) } },
    async (req) => {
      const q = req.query;
      return ok(await topMaterials(app.db, 'popular', typeOf(q.type), q.limit));
    },
  );

  app.get(
    '/search',
    { schema: { querystring: searchQuery, response: envelopeOf(searchResultSchema) } },
    async (req) => {
      const q = req.query;
      const query: SearchQuery = {
        keyword: q.keyword,
        type: typeOf(q.type) as SearchQuery['type'],
        duration: q.duration || undefined,
        categoryId: q.categoryId,
        ai: q.ai || undefined,
        sort: q.sort || undefined,
        page: q.page,
        pageSize: q.pageSize,
      };
      return ok(await engine.search(query));
    },
  );

  app.get(
    '/hot-keywords',
    {
      schema: {
        querystring: { type: 'object', properties: { limit: limitOf(10) } },
        response: envelopeOf(hotKeywordsSchema),
      },
    },
    async (req) => {
      const { limit } = req.query;
      return ok(
        await cachedAggregate(app.db, `hot-keywords:${limit}`, SUMMARY_TTL_MS, () => hotKeywords(app.db, limit)),
      );
    },
  );

  app.get('/albums', { schema: { querystring: pageQuery, response: envelopeOf(albumPageSchema) } }, async (req) => {
    const q = req.query;
    return ok(await listAlbums(app.db, typeOf(q.type), q.page, q.pageSize));
  });

  app.get('/album/:id', { schema: { params: idParams, response: envelopeOf(albumWithItemsSchema) } }, async (req) => {
    const a = await findAlbum(app.db, req.params.id);
    if (!a) throw new AppError(404, '专辑不存在');
    return ok(a);
  });
}

function limitOf(def: number) {
  return { type: 'integer', title: '数量', minimum: 1, maximum: 50, default: def } as const;
}
