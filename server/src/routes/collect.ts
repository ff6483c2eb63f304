import type { FastifyInstance } from 'fastify';
import { envelopeOf } from '../http/envelope-schema.js';
import type { ContractTypes } from '../http/type-provider.js';
import {
  albumsHoldingSchema,
  collectAddedSchema,
  collectAlbumListSchema,
  collectAlbumSchema,
  collectAlbumWithItemsSchema,
  sharedAlbumSchema,
} from '../../../src/schemas/api/collect-responses.js';
import { noData } from '../../../src/schemas/api/envelope.js';
import { AppError, ok } from '../http/envelope.js';
import { idParams, materialIdProp } from '../http/route-schemas.js';
import { listQuerySchema } from '../http/list-query.js';
import * as repo from '../repositories/collect.js';
import { requireApproved } from '../services/material-availability.js';

const nameProp = { type: 'string', title: '收藏夹名称', minLength: 1, maxLength: 30, pattern: '\\S' } as const;
const NOT_FOUND = '收藏夹不存在';

/** /api/collect: the user's named albums, their items, and the public view of shared ones. */
export default async function collectRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const mine = async (userId: number, id: number) => {
    const a = await repo.findAlbum(app.db, userId, id);
    if (!a) throw new AppError(404, NOT_FOUND);
    return a;
  };

  app.get(
    '/list',
    {
      schema: {
        querystring: listQuerySchema(repo.ALBUM_LIST),
        summary: '我的收藏夹',
        response: envelopeOf(collectAlbumListSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      return ok(await repo.listAlbums(app.db, u.id, req.query));
    },
  );

  app.post(
    '/',
    {
      schema: {
        body: {
          type: 'object',
          required: ['name'],
          properties: { name: nameProp, shared: { type: 'boolean' } },
          additionalProperties: false,
        },
        summary: '新建收藏夹',
        response: envelopeOf(collectAlbumSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const b = req.body;
      return ok(await repo.createAlbum(app.db, u.id, b.name.trim(), b.shared ?? false), '收藏夹已创建');
    },
  );

  app.get(
    '/:id',
    { schema: { summary: '收藏夹详情', params: idParams, response: envelopeOf(collectAlbumWithItemsSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const { id } = req.params;
      const album = await mine(u.id, id);
      return ok({ ...album, items: await repo.albumItems(app.db, id, 'owner') });
    },
  );

  app.put(
    '/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          properties: { name: nameProp, shared: { type: 'boolean' } },
          additionalProperties: false,
        },
        summary: '修改收藏夹',
        response: envelopeOf(collectAlbumSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const b = req.body;
      const a = await repo.updateAlbum(app.db, u.id, req.params.id, {
        name: b.name?.trim(),
        shared: b.shared,
      });
      if (!a) throw new AppError(404, NOT_FOUND);
      return ok(a, '已保存');
    },
  );

  app.delete(
    '/:id',
    { schema: { summary: '删除收藏夹', params: idParams, response: envelopeOf(noData) } },
    async (req) => {
      const u = await req.requireUser();
      if (!(await repo.deleteAlbum(app.db, u.id, req.params.id))) throw new AppError(404, NOT_FOUND);
      return ok(null, '收藏夹已删除');
    },
  );

  app.post(
    '/:id/items',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['materialId'],
          properties: { materialId: materialIdProp },
          additionalProperties: false,
        },
        summary: '收藏素材',
        response: envelopeOf(collectAddedSchema),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const { id } = req.params;
      const { materialId } = req.body;
      await mine(u.id, id);
      await requireApproved(app.db, materialId, '收藏');
      const added = await repo.addItem(app.db, id, materialId);
      return ok({ added }, added ? '收藏成功' : '该素材已在收藏夹中');
    },
  );

  app.delete(
    '/:id/items/:materialId',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id', 'materialId'],
          properties: { id: idParams.properties.id, materialId: materialIdProp },
        },
        summary: '取消收藏',
        response: envelopeOf(noData),
      },
    },
    async (req) => {
      const u = await req.requireUser();
      const { id, materialId } = req.params;
      await mine(u.id, id);
      if (!(await repo.removeItem(app.db, id, materialId))) throw new AppError(404, '该素材不在收藏夹中');
      return ok(null, '已取消收藏');
    },
  );

  /** Which of my albums hold a material (drives the collect button). */
  app.get(
    '/material/:id',
    { schema: { summary: '收藏了该素材的收藏夹', params: idParams, response: envelopeOf(albumsHoldingSchema) } },
    async (req) => {
      const u = await req.requireUser();
      return ok({ albumIds: await repo.albumsHolding(app.db, u.id, req.params.id) });
    },
  );

  /** Public view for /personalcollect/{id}: only albums their owner shared. */
  app.get(
    '/share/:id',
    { schema: { summary: '公开的收藏夹', params: idParams, response: envelopeOf(sharedAlbumSchema) } },
    async (req) => {
      const { id } = req.params;
      const album = await repo.findSharedAlbum(app.db, id);
      if (!album) throw new AppError(404, '该收藏夹不存在或未公开分享');
      return ok({ ...album, items: await repo.albumItems(app.db, id, 'public') });
    },
  );
}
