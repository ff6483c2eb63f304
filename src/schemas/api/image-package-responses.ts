/**
 * Answers of the image download packages (server/src/routes/image-packages.ts): the user's paid
 * packages (/api/user/image-packages) and the images downloaded under them
 * (/api/user/image-downloads); generated list routes, so columns are snake_case.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import imagePackageStatus from '../status/image-package.json';

const count = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const imagePackageSchema = {
  title: '图片下载套餐',
  type: 'object',
  required: [
    'id',
    'title',
    'quantity',
    'used',
    'left',
    'price_cents',
    'activated_at',
    'expires_at',
    'status',
    'order_no',
  ],
  properties: {
    id: { type: 'integer', title: '套餐编号' },
    title: { type: 'string', title: '套餐' },
    quantity: { ...count, title: '总张数' },
    used: { ...count, title: '已下载' },
    left: { ...count, title: '剩余' },
    price_cents: { ...count, title: '价格', description: '分' },
    activated_at: { ...time, title: '购买时间' },
    expires_at: { type: ['string', 'null'], format: 'date-time', title: '到期时间', description: '空为不限期' },
    status: labelled(imagePackageStatus, { title: '状态' }),
    order_no: { ...nullableText, title: '订单号' },
  },
} as const;

export const imageDownloadSchema = {
  title: '图片下载记录',
  type: 'object',
  required: ['id', 'material_id', 'created_at', 'idempotency_key', 'title', 'package_title'],
  properties: {
    id: { type: 'integer', title: '下载编号' },
    material_id: { type: 'integer', title: '图片编号' },
    created_at: { ...time, title: '下载时间' },
    idempotency_key: { type: 'string', title: '幂等键', description: '同一键只扣一次额度' },
    title: { ...nullableText, title: '图片' },
    package_title: { ...nullableText, title: '使用套餐' },
  },
} as const;

export const packageDownloadSchema = {
  title: '套餐下载',
  description: '已扣减的一张额度；同一幂等键再次提交时 repeated 为真，不再扣减。',
  type: 'object',
  required: ['id', 'materialId', 'quotaUseId', 'repeated'],
  properties: {
    id: { type: 'integer', title: '下载编号', description: '用于 GET /:id/file' },
    materialId: { type: 'integer', title: '图片编号' },
    quotaUseId: { type: 'integer' },
    repeated: { type: 'boolean', title: '重复提交' },
  },
} as const;

export type ImagePackage = FromSchema<typeof imagePackageSchema>;
export type ImageDownload = FromSchema<typeof imageDownloadSchema>;
export type PackageDownload = FromSchema<typeof packageDownloadSchema>;
