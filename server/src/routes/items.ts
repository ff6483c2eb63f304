import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import {
  findMaterial,
  listMaterials,
  MATERIAL_LIST,
  MATERIAL_SORTABLE,
  materialEvidence,
  ownerCard,
  similarMaterials,
} from '../repositories/materials.js';
import { listQuerySchema } from '../http/list-query.js';
import { idParams, limitProp, NOT_FOUND_MATERIAL } from './catalogue-schemas.js';
import { envelopeOf } from '../http/envelope-schema.js';
import {
  materialCardListSchema,
  materialDetailSchema,
  materialEvidenceSchema,
  materialListSchema,
  ownerCardSchema,
} from '../../../src/schemas/api/material.js';

type IdReq = { params: { id: number } };
const notFound = () => new AppError(404, NOT_FOUND_MATERIAL);

/** /api/items: list (list convention), detail, owner card, similar items, evidence certificate. */
export default async function itemsApi(server: FastifyInstance): Promise<void> {
  const app = server.withTypeProvider<ContractTypes>();
  // The public catalogue: shallow pages only (deep offsets cost a scan) and known sort keys.
  app.get(
    '/list',
    {
      schema: {
        querystring: listQuerySchema(MATERIAL_LIST, { sortFields: MATERIAL_SORTABLE, maxPage: 1000 }),
        response: envelopeOf(materialListSchema),
      },
    },
    async (req) => ok(await listMaterials(app.db, req.query)),
  );

  // Opening the detail page counts a view (batched, no write here); GET /:id (list convention) does not.
  app.get('/detail/:id', { schema: { params: idParams, response: envelopeOf(materialDetailSchema) } }, async (req) => {
    const m = await findMaterial(app.db, (req as unknown as IdReq).params.id);
    if (!m) throw notFound();
    app.counters.bump(m.id, 'views');
    const pending = app.counters.pendingOf(m.id);
    return ok({ ...m, views: m.views + pending.views, downloads: m.downloads + pending.downloads });
  });

  app.get('/owner/:id', { schema: { params: idParams, response: envelopeOf(ownerCardSchema) } }, async (req) => {
    const o = await ownerCard(app.db, (req as unknown as IdReq).params.id);
    if (!o) throw notFound();
    return ok(o);
  });

  app.get(
    '/similar/:id',
    {
      schema: {
        params: idParams,
        querystring: { type: 'object', properties: { limit: { ...limitProp, default: 8 } } },
        response: envelopeOf(materialCardListSchema),
      },
    },
    async (req) => {
      const list = await similarMaterials(app.db, (req as unknown as IdReq).params.id, req.query.limit);
      if (!list) throw notFound();
      return ok(list);
    },
  );

  /** data is the certificate, or null when the item has none. */
  app.get(
    '/evidence/:id',
    { schema: { params: idParams, response: envelopeOf(materialEvidenceSchema) } },
    async (req) => {
      const e = await materialEvidence(app.db, (req as unknown as IdReq).params.id);
      if (e === undefined) throw notFound();
      return ok(e);
    },
  );

  app.get('/:id', { schema: { params: idParams, response: envelopeOf(materialDetailSchema) } }, async (req) => {
    const m = await findMaterial(app.db, (req as unknown as IdReq).params.id);
    if (!m) throw notFound();
    return ok(m);
  });
}
