import type { FastifyInstance } from 'fastify';
import type { ContractTypes } from '../../http/type-provider.js';
import { AppError, ok } from '../../http/envelope.js';
import { envelopeOf } from '../../http/envelope-schema.js';
import type { SearchQuery } from '../../search/index.js';
import { createSearchEngine } from '../../search/sql-engine.js';
import { findMaterial } from '../../repositories/materials.js';
import { idParams, NOT_FOUND_MATERIAL, searchQuery } from '../catalogue-schemas.js';
import { materialDetailSchema, searchResultSchema } from '../../../../src/schemas/api/material.js';
import { v1Schema } from './key-auth.js';

/** /api/v1/catalogue: the site's search (/api/index/search) and item detail (/api/items/:id) with a key. */
export async function catalogueV1(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const engine = createSearchEngine(app.db);

  app.get(
    '/catalogue',
    {
      config: { scope: 'catalogue:read' },
      schema: v1Schema('catalogue:read', '检索素材', {
        querystring: searchQuery,
        response: envelopeOf(searchResultSchema),
      }),
    },
    async (req) => {
      const q = req.query;
      const query: SearchQuery = {
        keyword: q.keyword,
        type: (q.type || undefined) as SearchQuery['type'],
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
    '/catalogue/:id',
    {
      config: { scope: 'catalogue:read' },
      schema: v1Schema('catalogue:read', '素材详情', { params: idParams, response: envelopeOf(materialDetailSchema) }),
    },
    async (req) => {
      const m = await findMaterial(app.db, req.params.id);
      if (!m) throw new AppError(404, NOT_FOUND_MATERIAL);
      return ok(m);
    },
  );
}
