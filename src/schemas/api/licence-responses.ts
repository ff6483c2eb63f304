/**
 * Answers of the licence reads of /api/order (server/src/routes/order.ts serializes with them): the
 * public certificate check and the download history. Fields mirror repositories/licences.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import materialType from '../enums/material-type.json';
import ownerType from '../enums/owner-type.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const time = { type: 'string', format: 'date-time' } as const;

/** What the certificate itself shows: the public page (/certifiy/...) prints nothing more. */
export const licenceCheckSchema = {
  title: '授权证书校验',
  type: 'object',
  required: [
    'valid',
    'licenseeName',
    'licenseeType',
    'title',
    'materialId',
    'scenarioName',
    'levelName',
    'orderNo',
    'date',
  ],
  properties: {
    valid: { type: 'boolean', enum: [true] },
    licenseeName: { ...text, title: '被授权方' },
    licenseeType: labelled(ownerType),
    title: { ...text, title: '素材' },
    materialId: id,
    scenarioName: { ...text, title: '授权场景' },
    levelName: { ...text, title: '授权等级' },
    orderNo: { ...text, title: '订单号' },
    date: { ...time, description: '支付时间（未支付时为下单时间）' },
  },
} as const;

export const downloadListSchema = {
  title: '下载记录',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'kind', 'createdAt', 'materialId', 'licenceId', 'title', 'type', 'coverPath'],
        properties: {
          id,
          kind: {
            type: 'string',
            enum: ['original', 'certificate'],
            'x-enum-labels': { original: '原文件', certificate: '授权证书' },
          },
          createdAt: time,
          materialId: id,
          licenceId: { type: ['integer', 'null'] },
          title: text,
          type: labelled(materialType),
          coverPath: { type: ['string', 'null'] },
        },
      },
    },
    total: id,
  },
} as const;

export type LicenceCheck = FromSchema<typeof licenceCheckSchema>;
