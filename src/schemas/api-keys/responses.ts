/**
 * Answers of /api/user/api-keys (server/src/routes/api-keys.ts): the keys an account may see (its
 * own and, for a company owner, its sub-accounts'), the secret shown once, and the calls made with them.
 */
import type { FromSchema } from '../api/from-schema';
import { API_KEY_SCOPES } from './scopes';

const time = { type: 'string', format: 'date-time' } as const;
const timeOrNull = { type: ['string', 'null'], format: 'date-time' } as const;
const intOrNull = { type: ['integer', 'null'] } as const;

const scopeItem = {
  type: 'string',
  enum: API_KEY_SCOPES.oneOf.map((s) => s.const),
  'x-enum-labels': Object.fromEntries(API_KEY_SCOPES.oneOf.map((s) => [s.const, s.title])),
} as const;

export const apiKeySchema = {
  title: 'API 密钥',
  type: 'object',
  required: [
    'id',
    'userId',
    'ownerName',
    'name',
    'prefix',
    'scopes',
    'ipAllowList',
    'requestsPerMinute',
    'dailyLicences',
    'monthlySpendCents',
    'createdAt',
    'lastUsedAt',
    'expiresAt',
    'revokedAt',
    'status',
  ],
  properties: {
    id: { type: 'integer' },
    userId: { type: 'integer', title: '所属账号' },
    ownerName: { type: 'string', title: '所属账号名称' },
    name: { type: 'string', title: '名称' },
    prefix: { type: 'string', title: '前缀', description: '密钥开头几位，用于区分密钥；完整密钥不再显示' },
    scopes: { type: 'array', title: '权限范围', items: scopeItem },
    ipAllowList: { type: 'array', title: 'IP 白名单', items: { type: 'string' } },
    requestsPerMinute: { type: 'integer', title: '每分钟请求上限' },
    dailyLicences: { ...intOrNull, title: '每日授权数量上限' },
    monthlySpendCents: { ...intOrNull, title: '每月消费额度（分）' },
    createdAt: { ...time, title: '创建时间' },
    lastUsedAt: { ...timeOrNull, title: '最近使用' },
    expiresAt: { ...timeOrNull, title: '过期时间' },
    revokedAt: { ...timeOrNull, title: '吊销时间' },
    status: {
      type: 'string',
      title: '状态',
      enum: ['active', 'expired', 'revoked'],
      'x-enum-labels': { active: '有效', expired: '已过期', revoked: '已吊销' },
    },
  },
} as const;

export const apiKeyListSchema = { title: 'API 密钥列表', type: 'array', items: apiKeySchema } as const;

export const apiKeyCreatedSchema = {
  title: '新建的 API 密钥',
  type: 'object',
  required: ['key', 'secret'],
  properties: {
    key: apiKeySchema,
    secret: { type: 'string', title: '密钥', description: '仅此一次返回，请立即妥善保存' },
  },
} as const;

export const apiCallSchema = {
  title: 'API 调用记录',
  type: 'object',
  required: ['id', 'keyId', 'keyName', 'prefix', 'method', 'path', 'status', 'ip', 'createdAt'],
  properties: {
    id: { type: 'integer' },
    keyId: { type: 'integer', title: '密钥' },
    keyName: { type: 'string', title: '密钥名称' },
    prefix: { type: 'string', title: '前缀' },
    method: { type: 'string', title: '方法' },
    path: { type: 'string', title: '路径' },
    status: { type: 'integer', title: '状态码' },
    ip: { type: ['string', 'null'], title: '来源 IP' },
    createdAt: { ...time, title: '时间' },
  },
} as const;

export const apiCallListSchema = {
  title: 'API 调用记录',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: apiCallSchema }, total: { type: 'integer' } },
} as const;

export type ApiKeyView = FromSchema<typeof apiKeySchema>;
export type ApiKeyCreated = FromSchema<typeof apiKeyCreatedSchema>;
export type ApiCallView = FromSchema<typeof apiCallSchema>;
