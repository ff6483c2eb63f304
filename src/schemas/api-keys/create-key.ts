/**
 * The form that creates an API key: the client renders it (RJSF) and the server validates the
 * POST body with the same schema. Budgets are in yuan as a person enters them; the server keeps cents.
 */
import type { FromSchema } from '../api/from-schema';
import { API_KEY_LIMITS, API_KEY_SCOPES } from './scopes';

export const createApiKeySchema = {
  $id: 'lumen:api-keys/create',
  title: '创建 API 密钥',
  description: '密钥只在创建时显示一次；服务器只保存其摘要与前缀。',
  type: 'object',
  required: ['name', 'scopes'],
  additionalProperties: false,
  properties: {
    name: { type: 'string', title: '名称', description: '例如「CMS 正式环境」', minLength: 1, maxLength: 40 },
    scopes: {
      type: 'array',
      title: '权限范围',
      minItems: 1,
      uniqueItems: true,
      items: { type: 'string', enum: API_KEY_SCOPES.oneOf.map((s) => s.const) },
    },
    ipAllowList: {
      type: 'array',
      title: 'IP 白名单',
      description: 'IPv4/IPv6 地址或 CIDR 网段；留空表示不限来源',
      maxItems: API_KEY_LIMITS.ipAllowList.maxItems,
      items: {
        type: 'string',
        title: 'IP 或网段',
        minLength: 2,
        maxLength: 49,
        pattern: '^[0-9A-Fa-f:.]+(/[0-9]{1,3})?$',
      },
    },
    expiresInDays: {
      type: 'integer',
      title: '有效期（天）',
      description: '留空表示长期有效',
      minimum: 1,
      maximum: API_KEY_LIMITS.expiresInDays.max,
    },
    requestsPerMinute: {
      type: 'integer',
      title: '每分钟请求上限',
      minimum: 1,
      maximum: API_KEY_LIMITS.requestsPerMinute.max,
      default: API_KEY_LIMITS.requestsPerMinute.default,
    },
    dailyLicences: {
      type: 'integer',
      title: '每日授权数量上限',
      description: '留空表示不限',
      minimum: 1,
      maximum: API_KEY_LIMITS.dailyLicences.max,
    },
    monthlySpend: {
      type: 'number',
      title: '每月消费额度（元）',
      description: '留空表示不限（子账号另受企业设定的每月额度约束）',
      minimum: 0.01,
      maximum: API_KEY_LIMITS.monthlySpendYuan.max,
      multipleOf: 0.01,
    },
  },
} as const;

export type CreateApiKeyForm = FromSchema<typeof createApiKeySchema>;

/** Presentation of the create form (pure JSON, RJSF uiSchema). */
export const createApiKeyUiSchema = {
  'ui:order': ['name', 'scopes', 'expiresInDays', 'requestsPerMinute', 'dailyLicences', 'monthlySpend', 'ipAllowList'],
  scopes: { 'ui:widget': 'checkboxes', 'ui:enumNames': API_KEY_SCOPES.oneOf.map((s) => s.title) },
  ipAllowList: { 'ui:options': { orderable: false } },
} as const;
