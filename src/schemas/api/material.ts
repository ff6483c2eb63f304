/**
 * Answers of the public catalogue (/api/index, /api/items): material cards, the detail page, the
 * owner's card, the evidence certificate, albums, categories and search results. The routes
 * serialize through these schemas (server/src/routes/index-api.ts, items.ts), so a field missing
 * here never reaches the pages; the repositories (server/src/repositories/{material-card,materials,
 * albums}.ts, server/src/search) build them and the client (src/components/material/api.ts) reads
 * them, so neither side imports the other. The original file's path is deliberately absent.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import materialType from '../enums/material-type.json';
import ownerType from '../enums/owner-type.json';
import { aiLabelProperties } from '../provenance';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const count = { type: 'integer', minimum: 0 } as const;
const time = { type: 'string', format: 'date-time' } as const;
/** Stored as numeric: fractional seconds or frames happen, so not integer (that would truncate). */
const nullableNumber = { type: ['number', 'null'] } as const;
const nullableInt = { type: ['integer', 'null'] } as const;
const typeOfMaterial = labelled(materialType);

export const materialCardSchema = {
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
    'aiGenerated',
  ],
  properties: {
    id: { type: 'integer', title: '素材编号' },
    type: typeOfMaterial,
    title: { ...text, title: '标题' },
    tags: { type: 'array', items: text, title: '标签' },
    categoryId: { ...nullableInt, title: '分类' },
    coverUrl: { ...nullableText, title: '封面地址' },
    previewUrl: { ...nullableText, title: '预览地址' },
    durationSec: { ...nullableNumber, title: '时长（秒）' },
    width: { ...nullableInt, title: '宽' },
    height: { ...nullableInt, title: '高' },
    format: { ...nullableText, title: '格式' },
    priceCents: { type: 'integer', title: '价格（分）' },
    views: { ...count, title: '浏览量' },
    downloads: { ...count, title: '下载量' },
    collects: { ...count, title: '收藏量' },
    createdAt: { ...time, title: '上架时间' },
    aiGenerated: { ...aiLabelProperties.aiGenerated, description: '内容凭证记载或创作者声明为AI生成（含AI参与生成）' },
  },
} as const;

const cardList = { type: 'array', items: materialCardSchema } as const;

export const materialDetailSchema = {
  title: '素材详情',
  description: '素材卡片加上说明、帧率、文件大小、分类与作者，以及AI生成标识的依据与原文件的内容凭证摘要。',
  type: 'object',
  required: [
    ...materialCardSchema.required,
    'description',
    'fps',
    'sizeBytes',
    'category',
    'owner',
    'aiSource',
    'provenance',
  ],
  properties: {
    ...materialCardSchema.properties,
    aiSource: aiLabelProperties.aiSource,
    provenance: aiLabelProperties.provenance,
    description: { ...text, title: '描述' },
    fps: { ...nullableNumber, title: '帧率' },
    sizeBytes: { ...nullableInt, title: '文件大小（字节）' },
    category: {
      type: ['object', 'null'],
      title: '分类',
      required: ['id', 'name'],
      properties: { id: { type: 'integer' }, name: text },
    },
    owner: {
      type: ['object', 'null'],
      title: '作者',
      required: ['id', 'nickname', 'avatar'],
      properties: { id: { type: 'integer' }, nickname: text, avatar: text },
    },
    credits: {
      type: 'array',
      title: '图片来源',
      description:
        '作品所用照片的作者与许可（演示作品取自 Debian 软件包里按自由许可发布的照片）；创作者自己的作品为空。',
      items: {
        type: 'object',
        required: ['author', 'licence', 'licenceUrl', 'package'],
        properties: {
          author: { ...text, title: '照片作者' },
          licence: { ...text, title: '许可' },
          licenceUrl: { ...text, title: '许可全文地址' },
          package: { ...text, title: '来源软件包' },
        },
      },
    },
  },
} as const;

export const ownerCardSchema = {
  title: '作者卡片',
  description: '素材作者的资料、作品统计与最近的几件作品。',
  type: 'object',
  required: ['id', 'nickname', 'avatar', 'ownerType', 'joinedAt', 'counts', 'recent'],
  properties: {
    id: { type: 'integer', title: '作者编号' },
    nickname: text,
    avatar: text,
    ownerType: labelled(ownerType),
    joinedAt: { ...time, title: '注册时间' },
    counts: {
      type: 'object',
      required: ['works', 'downloads', 'views'],
      properties: { works: count, downloads: count, views: count },
    },
    recent: { ...cardList, title: '近期作品' },
  },
} as const;

/** null when the material has no evidence certificate. */
export const materialEvidenceSchema = {
  title: '存证证书',
  description: '已上架素材的存证证书：证书编号、原文件哈希、存证交易哈希、存证时间与证书地址。',
  type: ['object', 'null'],
  required: ['certNo', 'fileHash', 'ledgerHash', 'depositedAt', 'certificateUrl'],
  properties: {
    certNo: { ...text, title: '证书编号' },
    fileHash: { ...text, title: '文件哈希' },
    ledgerHash: { ...text, title: '账本哈希' },
    depositedAt: { ...time, title: '存证时间' },
    certificateUrl: { ...text, title: '证书地址' },
  },
} as const;

export const materialListSchema = {
  title: '素材列表',
  type: 'object',
  required: ['list', 'total', 'totalCapped'],
  properties: {
    list: cardList,
    total: { ...count, description: '至多 COUNT_CAP（10000）' },
    totalCapped: { type: 'boolean', description: '实际数量超过 total' },
  },
} as const;

export const searchResultSchema = {
  title: '搜索结果',
  description:
    '一页搜索结果。total 最多计到上限（totalCapped 表示实际更多）；' +
    'totalEstimated 表示总数由抽样估计（显示为“约 2.3 万”）。',
  type: 'object',
  required: ['list', 'total', 'totalCapped', 'totalEstimated', 'page', 'pageSize'],
  properties: {
    ...materialListSchema.properties,
    totalEstimated: { type: 'boolean', description: 'total 为抽样估计（高频词），显示为“约 N”' },
    page: { type: 'integer' },
    pageSize: { type: 'integer' },
  },
} as const;

export const materialCardListSchema = { ...cardList, title: '素材卡片列表' } as const;

export const albumSummarySchema = {
  title: '专辑',
  description: '一个专辑及其已上架素材的数量。',
  type: 'object',
  required: ['id', 'type', 'title', 'description', 'coverUrl', 'itemCount'],
  properties: {
    id: { type: 'integer', title: '专辑编号' },
    type: typeOfMaterial,
    title: text,
    description: text,
    coverUrl: nullableText,
    itemCount: { ...count, title: '素材数' },
  },
} as const;

export const albumWithItemsSchema = {
  title: '专辑及其素材',
  type: 'object',
  required: [...albumSummarySchema.required, 'items'],
  properties: { ...albumSummarySchema.properties, items: cardList },
} as const;

export const albumPageSchema = {
  title: '专辑列表',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: albumSummarySchema }, total: count },
} as const;

export const recommendSchema = {
  title: '首页推荐栏目',
  type: 'object',
  required: ['sections'],
  properties: { sections: { type: 'array', items: albumWithItemsSchema } },
} as const;

export const categorySummarySchema = {
  title: '分类',
  description: '一个素材分类及其已上架素材的数量。',
  type: 'object',
  required: ['id', 'type', 'name', 'count'],
  properties: {
    id: { type: 'integer', title: '分类编号' },
    type: typeOfMaterial,
    name: text,
    count: { ...count, title: '素材数' },
  },
} as const;

export const categoryListSchema = { type: 'array', title: '分类列表', items: categorySummarySchema } as const;
export const hotKeywordsSchema = { type: 'array', title: '热门关键词', items: text } as const;

export type MaterialCard = FromSchema<typeof materialCardSchema>;
export type MaterialDetail = FromSchema<typeof materialDetailSchema>;
export type OwnerCard = FromSchema<typeof ownerCardSchema>;
/** A certificate (the schema also allows null: a material without one). */
export type MaterialEvidence = Exclude<FromSchema<typeof materialEvidenceSchema>, null>;
export type SearchResult = FromSchema<typeof searchResultSchema>;
export type AlbumSummary = FromSchema<typeof albumSummarySchema>;
export type CategorySummary = FromSchema<typeof categorySummarySchema>;
