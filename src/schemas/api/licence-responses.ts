/**
 * Answers of the licence reads of /api/order (server/src/routes/order.ts serializes with them): the
 * public certificate check, my licences (one per licence, or one per material) and the download
 * history. Fields mirror repositories/licences.ts; scenario and level names come from the current
 * use-case table.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import materialType from '../enums/material-type.json';
import ownerType from '../enums/owner-type.json';
import { level } from './trade-responses';

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

/** /account/authrecord: one row per licence (one licensed order line), newest first. */
export const licenceListSchema = {
  title: '授权记录',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'materialId',
          'scenario',
          'level',
          'licenseeType',
          'licenseeName',
          'verifyCode',
          'createdAt',
          'orderNo',
          'orderId',
          'title',
          'type',
          'priceCents',
          'scenarioName',
          'levelName',
        ],
        properties: {
          id: { ...id, title: '授权编号' },
          materialId: { ...id, title: '素材编号' },
          scenario: { ...text, title: '授权场景', description: '授权场景代码' },
          level,
          licenseeType: labelled(ownerType),
          licenseeName: { ...text, title: '被授权方' },
          verifyCode: { ...text, title: '证书校验码' },
          createdAt: { ...time, title: '授权时间' },
          orderNo: { ...text, title: '订单号' },
          orderId: id,
          title: { ...text, title: '素材' },
          type: labelled(materialType),
          priceCents: { ...id, title: '金额', description: '分' },
          scenarioName: { ...text, title: '授权场景' },
          levelName: { ...text, title: '授权等级' },
        },
      },
    },
    total: id,
  },
} as const;

/** /account/myauth: one row per licensed material, with its scenarios and latest licence. */
export const licensedMaterialListSchema = {
  title: '我的授权',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'materialId',
          'title',
          'type',
          'coverPath',
          'scenarios',
          'licensedAt',
          'latestLicenceId',
          'hasOriginal',
          'scenarioNames',
        ],
        properties: {
          materialId: { ...id, title: '素材编号' },
          title: { ...text, title: '素材' },
          type: labelled(materialType),
          coverPath: { type: ['string', 'null'] },
          scenarios: { type: 'array', items: text, description: '授权场景代码' },
          licensedAt: { ...time, title: '最近授权' },
          latestLicenceId: { ...id, description: '最近一份授权（其证书）' },
          hasOriginal: { type: 'boolean', title: '有原文件' },
          scenarioNames: { type: 'array', items: text, title: '授权场景' },
        },
      },
    },
    total: id,
  },
} as const;

export type LicenceRow = FromSchema<typeof licenceListSchema>['list'][number];
export type LicensedMaterial = FromSchema<typeof licensedMaterialListSchema>['list'][number];
export type LicenceCheck = FromSchema<typeof licenceCheckSchema>;
