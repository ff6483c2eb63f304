/**
 * Answers of /api/collect (server/src/routes/collect.ts serializes with them): the user's collect
 * albums and their items, and the public view of a shared album. Fields mirror the SQL of
 * server/src/repositories/collect.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import materialType from '../enums/material-type.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const collectAlbumSchema = {
  title: '收藏夹',
  type: 'object',
  required: ['id', 'name', 'shared', 'createdAt', 'updatedAt', 'itemCount', 'coverPath'],
  properties: {
    id,
    name: { ...text, title: '收藏夹名称' },
    shared: { type: 'boolean', title: '公开分享' },
    createdAt: time,
    updatedAt: time,
    itemCount: { ...id, title: '素材数' },
    coverPath: { ...nullableText, description: '最近收藏的在售素材的封面' },
  },
} as const;

const collectItemSchema = {
  type: 'object',
  required: [
    'id',
    'type',
    'title',
    'coverPath',
    'previewPath',
    'priceCents',
    'durationSec',
    'available',
    'collectedAt',
  ],
  properties: {
    id,
    type: labelled(materialType),
    title: text,
    coverPath: nullableText,
    previewPath: nullableText,
    priceCents: id,
    // A numeric column read as is: a number on PostgreSQL, its text on PGlite (no parser there).
    durationSec: { type: ['number', 'string', 'null'] },
    available: { type: 'boolean', description: '素材仍在售（公开视图只列在售的）' },
    collectedAt: time,
  },
} as const;
const items = { type: 'array', items: collectItemSchema } as const;

export const collectAlbumListSchema = {
  title: '我的收藏夹',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: collectAlbumSchema }, total: id },
} as const;

export const collectAlbumWithItemsSchema = {
  title: '收藏夹及其素材',
  type: 'object',
  required: [...collectAlbumSchema.required, 'items'],
  properties: { ...collectAlbumSchema.properties, items },
} as const;

export const sharedAlbumSchema = {
  title: '公开的收藏夹',
  type: 'object',
  required: ['id', 'name', 'createdAt', 'ownerName', 'items'],
  properties: { id, name: text, createdAt: time, ownerName: text, items },
} as const;

export const collectAddedSchema = {
  type: 'object',
  required: ['added'],
  properties: { added: { type: 'boolean', description: '此前不在收藏夹中' } },
} as const;
export const albumsHoldingSchema = {
  type: 'object',
  required: ['albumIds'],
  properties: { albumIds: { type: 'array', items: id } },
} as const;

export type CollectItem = FromSchema<typeof collectItemSchema>;
export type CollectAlbum = FromSchema<typeof collectAlbumSchema>;
export type CollectAlbumWithItems = FromSchema<typeof collectAlbumWithItemsSchema>;
export type SharedAlbum = FromSchema<typeof sharedAlbumSchema>;
