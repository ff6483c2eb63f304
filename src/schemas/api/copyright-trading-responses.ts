/**
 * Answers of /api/cytransfer, the copyright-trading group (server/src/routes/copyright-trading.ts
 * serializes with them). Fields mirror server/src/services/copyright-trading.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import right from '../enums/right.json';
import workCategory from '../enums/work-category.json';
import listingStatus from '../status/copyright-listing.json';
import dealStatus from '../status/copyright-deal.json';
import listingForm from '../forms/copyright-listing.json';

/** The deal a purchase or an offer opened. */
export const dealIdSchema = {
  type: 'object',
  required: ['dealId'],
  properties: { dealId: { type: 'integer', title: '交易编号' } },
} as const;

export const dealSignedSchema = {
  title: '签署结果',
  type: 'object',
  required: ['completed'],
  properties: {
    completed: { type: 'boolean', title: '双方均已签署' },
    ledgerHeight: { type: 'integer', title: '存证记录高度', description: '仅在双方均已签署、转让写入存证记录时返回' },
  },
} as const;

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const proofType = {
  type: 'string',
  title: '权属证明',
  enum: ['deposit', 'registration'],
  'x-enum-labels': { deposit: '存证', registration: '版权登记' },
} as const;
const mode = labelled(listingForm.properties.mode as { title: string; oneOf: Array<{ const: string; title: string }> });
const rights = { type: 'array', title: '交易的权利', items: labelled(right) } as const;

export const listingSchema = {
  title: '版权挂牌',
  type: 'object',
  required: [
    'id',
    'sellerId',
    'sellerName',
    'proofType',
    'proofId',
    'workName',
    'workCategory',
    'mode',
    'rights',
    'territory',
    'termYears',
    'exclusive',
    'priceCents',
    'description',
    'status',
    'rejectReason',
    'createdAt',
  ],
  properties: {
    id,
    sellerId: id,
    sellerName: { ...text, title: '权利人' },
    proofType,
    proofId: id,
    workName: { ...text, title: '作品名称' },
    workCategory: labelled(workCategory),
    mode,
    rights,
    territory: { ...text, title: '地域范围' },
    termYears: { type: ['integer', 'null'], title: '期限（年）', description: 'null 为不限' },
    exclusive: { type: 'boolean', title: '独占' },
    priceCents: { type: ['integer', 'null'], title: '一口价（分）', description: 'null 为买家出价' },
    description: { ...text, title: '说明' },
    status: labelled(listingStatus),
    rejectReason: { ...nullableText, title: '驳回原因' },
    createdAt: time,
  },
} as const;

export const listingListSchema = { title: '版权挂牌', type: 'array', items: listingSchema } as const;

export const marketSchema = {
  title: '版权市场',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: listingListSchema, total: id },
} as const;

/** A deposit shows its certificate and verify link; a registration its kind and state. */
const proofSummarySchema = {
  type: ['object', 'null'],
  title: '权属证明',
  required: ['type', 'at'],
  properties: {
    type: proofType,
    at: { ...nullableTime, title: '存证或登记时间' },
    certNo: { ...nullableText, title: '存证证书编号' },
    sha256: nullableText,
    fileName: nullableText,
    verifyPath: { ...text, description: '存证的公开校验页' },
    id,
    kind: { ...text, title: '登记类别' },
    status: { type: 'integer', title: '登记状态' },
    certificatePath: { ...text, description: '登记证书页' },
  },
} as const;

export const listingDetailSchema = {
  ...listingSchema,
  required: [...listingSchema.required, 'proof'],
  properties: { ...listingSchema.properties, proof: proofSummarySchema },
} as const;

export const chainOfTitleSchema = {
  title: '权利链',
  type: 'object',
  required: ['original', 'transfers'],
  properties: {
    original: {
      type: ['object', 'null'],
      title: '原始权利人',
      required: ['holder', 'at'],
      properties: { holder: { ...text, title: '权利人' }, at: nullableTime },
    },
    transfers: {
      type: 'array',
      items: {
        type: 'object',
        required: ['dealId', 'holder', 'from', 'mode', 'rights', 'at', 'ledgerHeight', 'contractSha256'],
        properties: {
          dealId: id,
          holder: { ...text, title: '受让方' },
          from: { ...text, title: '转让方' },
          mode,
          rights,
          at: { ...nullableTime, title: '完成时间' },
          ledgerHeight: { type: ['integer', 'null'], title: '存证记录高度' },
          contractSha256: { ...nullableText, title: '合同摘要' },
        },
      },
    },
  },
} as const;

export const titleProofListSchema = {
  title: '可挂牌的权属证明',
  type: 'array',
  items: {
    type: 'object',
    required: ['type', 'id', 'workName', 'workCategory', 'reference', 'at'],
    properties: {
      type: proofType,
      id,
      workName: { ...text, title: '作品名称' },
      workCategory: labelled(workCategory),
      reference: { ...text, description: '存证证书编号，或登记类别（copyright / dci）' },
      at: nullableTime,
    },
  },
} as const;

const dealSchema = {
  title: '版权交易',
  type: 'object',
  required: [
    'id',
    'listingId',
    'buyerId',
    'sellerId',
    'priceCents',
    'message',
    'status',
    'contractSha256',
    'buyerSignedAt',
    'sellerSignedAt',
    'ledgerHeight',
    'completedAt',
    'createdAt',
    'workName',
    'mode',
    'rights',
    'territory',
    'termYears',
    'exclusive',
    'proofType',
    'proofId',
    'buyerName',
    'sellerName',
  ],
  properties: {
    id,
    listingId: id,
    buyerId: id,
    sellerId: id,
    priceCents: { ...id, title: '成交价（分）' },
    message: { ...text, title: '留言' },
    status: labelled(dealStatus),
    contractSha256: { ...nullableText, title: '合同摘要' },
    buyerSignedAt: nullableTime,
    sellerSignedAt: nullableTime,
    ledgerHeight: { type: ['integer', 'null'], title: '存证记录高度' },
    completedAt: nullableTime,
    createdAt: time,
    workName: { ...text, title: '作品名称' },
    mode,
    rights,
    territory: text,
    termYears: { type: ['integer', 'null'] },
    exclusive: { type: 'boolean' },
    proofType,
    proofId: id,
    buyerName: { ...text, title: '买家' },
    sellerName: { ...text, title: '权利人' },
  },
} as const;

export const myTradingSchema = {
  title: '我的版权交易',
  type: 'object',
  required: ['listings', 'sales', 'purchases'],
  properties: {
    listings: listingListSchema,
    sales: { type: 'array', items: dealSchema },
    purchases: { type: 'array', items: dealSchema },
  },
} as const;

export type Listing = FromSchema<typeof listingSchema>;
export type Deal = FromSchema<typeof dealSchema>;
