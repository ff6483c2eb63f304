import type { FromSchema } from './from-schema';

/**
 * Answers of the public catalogue (/api/index and /api/items): material cards, the detail page,
 * the owner's card, the evidence certificate, albums, categories and search results. The server's
 * repositories (server/src/repositories/{material-card,materials,albums}.ts, server/src/search)
 * build them and the client (src/components/material/api.ts) reads them, so neither side imports
 * the other.
 */

const nullableText = { type: ['string', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const materialCardSchema = {
  $id: 'lumen:api/material-card',
  title: '素材卡片',
  description: '列表与卡片里的一件已上架素材（不含原始文件地址）。',
  type: 'object',
  required: [
    'id',
    'type',
    'title',
    'tags',
    'categoryId',
    'coverUrl',
    'previewUrl',
    'durationSec',
    'width',
    'height',
    'format',
    'priceCents',
    'views',
    'downloads',
    'collects',
    'createdAt',
  ],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', title: '素材ID' },
    type: { type: 'integer', title: '素材类型' },
    title: { type: 'string', title: '标题' },
    tags: { type: 'array', items: { type: 'string' }, title: '标签' },
    categoryId: { ...nullableInt, title: '分类' },
    coverUrl: { ...nullableText, title: '封面' },
    previewUrl: { ...nullableText, title: '预览' },
    durationSec: { type: ['number', 'null'], title: '时长（秒）' },
    width: { ...nullableInt, title: '宽' },
    height: { ...nullableInt, title: '高' },
    format: { ...nullableText, title: '格式' },
    priceCents: { type: 'integer', title: '价格（分）' },
    views: { type: 'integer', title: '浏览量' },
    downloads: { type: 'integer', title: '下载量' },
    collects: { type: 'integer', title: '收藏量' },
    createdAt: { ...time, title: '上架时间' },
  },
} as const;
export type MaterialCard = FromSchema<typeof materialCardSchema>;

export const materialDetailSchema = {
  $id: 'lumen:api/material-detail',
  title: '素材详情',
  description: '素材卡片加上说明、帧率、文件大小、分类与作者。',
  type: 'object',
  required: [...materialCardSchema.required, 'description', 'fps', 'sizeBytes', 'category', 'owner'],
  additionalProperties: false,
  properties: {
    ...materialCardSchema.properties,
    description: { type: 'string', title: '说明' },
    fps: { type: ['number', 'null'], title: '帧率' },
    sizeBytes: { ...nullableInt, title: '文件大小（字节）' },
    category: {
      type: ['object', 'null'],
      title: '分类',
      required: ['id', 'name'],
      additionalProperties: false,
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
    },
    owner: {
      type: ['object', 'null'],
      title: '作者',
      required: ['id', 'nickname', 'avatar'],
      additionalProperties: false,
      properties: { id: { type: 'integer' }, nickname: { type: 'string' }, avatar: { type: 'string' } },
    },
  },
} as const;
export type MaterialDetail = FromSchema<typeof materialDetailSchema>;

export const ownerCardSchema = {
  $id: 'lumen:api/owner-card',
  title: '作者卡片',
  description: '素材作者的资料、作品统计与最近的几件作品。',
  type: 'object',
  required: ['id', 'nickname', 'avatar', 'ownerType', 'joinedAt', 'counts', 'recent'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', title: '作者ID' },
    nickname: { type: 'string', title: '昵称' },
    avatar: { type: 'string', title: '头像' },
    ownerType: { type: 'string', enum: ['PERSONAL', 'ORGANISATIONS'], title: '账户类型' },
    joinedAt: { ...time, title: '加入时间' },
    counts: {
      type: 'object',
      title: '统计',
      required: ['works', 'downloads', 'views'],
      additionalProperties: false,
      properties: { works: { type: 'integer' }, downloads: { type: 'integer' }, views: { type: 'integer' } },
    },
    recent: { type: 'array', items: materialCardSchema, title: '最近作品' },
  },
} as const;
export type OwnerCard = FromSchema<typeof ownerCardSchema>;

export const materialEvidenceSchema = {
  $id: 'lumen:api/material-evidence',
  title: '素材存证',
  description: '已上架素材的存证证书：证书编号、原文件哈希、存证交易哈希、存证时间与证书地址。',
  type: 'object',
  required: ['certNo', 'fileHash', 'ledgerHash', 'depositedAt', 'certificateUrl'],
  additionalProperties: false,
  properties: {
    certNo: { type: 'string', title: '证书编号' },
    fileHash: { type: 'string', title: '文件 SHA-256' },
    ledgerHash: { type: 'string', title: '存证交易哈希' },
    depositedAt: { ...time, title: '存证时间' },
    certificateUrl: { type: 'string', title: '证书地址' },
  },
} as const;
export type MaterialEvidence = FromSchema<typeof materialEvidenceSchema>;

export const albumSummarySchema = {
  $id: 'lumen:api/album-summary',
  title: '专辑',
  description: '一个专辑及其已上架素材的数量。',
  type: 'object',
  required: ['id', 'type', 'title', 'description', 'coverUrl', 'itemCount'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', title: '专辑ID' },
    type: { type: 'integer', title: '素材类型' },
    title: { type: 'string', title: '标题' },
    description: { type: 'string', title: '说明' },
    coverUrl: { ...nullableText, title: '封面' },
    itemCount: { type: 'integer', title: '素材数' },
  },
} as const;
export type AlbumSummary = FromSchema<typeof albumSummarySchema>;

export const categorySummarySchema = {
  $id: 'lumen:api/category-summary',
  title: '分类',
  description: '一个素材分类及其已上架素材的数量。',
  type: 'object',
  required: ['id', 'type', 'name', 'count'],
  additionalProperties: false,
  properties: {
    id: { type: 'integer', title: '分类ID' },
    type: { type: 'integer', title: '素材类型' },
    name: { type: 'string', title: '名称' },
    count: { type: 'integer', title: '素材数' },
  },
} as const;
export type CategorySummary = FromSchema<typeof categorySummarySchema>;

export const searchResultSchema = {
  $id: 'lumen:api/search-result',
  title: '搜索结果',
  description:
    '一页搜索结果。total 最多计到上限（totalCapped 表示实际更多）；' +
    'totalEstimated 表示总数由抽样估计（显示为“约 2.3 万”）。',
  type: 'object',
  required: ['list', 'total', 'totalCapped', 'totalEstimated', 'page', 'pageSize'],
  additionalProperties: false,
  properties: {
    list: { type: 'array', items: materialCardSchema },
    total: { type: 'integer', title: '结果数' },
    totalCapped: { type: 'boolean', title: '结果数已达上限' },
    totalEstimated: { type: 'boolean', title: '结果数为估计' },
    page: { type: 'integer', title: '页码' },
    pageSize: { type: 'integer', title: '每页条数' },
  },
} as const;
export type SearchResult = FromSchema<typeof searchResultSchema>;
