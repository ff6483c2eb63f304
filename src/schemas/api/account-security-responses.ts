/**
 * Answers of /api/user/security (server/src/routes/account-security.ts): the account's security
 * state, password and phone changes, its sessions (devices) and login history. Session fields
 * mirror server/src/repositories/user-sessions.ts; `device` and `current` are added by the route.
 */
import type { FromSchema } from './from-schema';

const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const endedSessions = { type: 'integer', title: '退出的其他登录数' } as const;
const maskedPhone = { type: ['string', 'null'], title: '手机号', description: '中间四位打码' } as const;

export const securityStateSchema = {
  title: '账号安全状态',
  type: 'object',
  required: ['phone', 'hasPassword', 'wechatBound'],
  properties: {
    phone: maskedPhone,
    hasPassword: { type: 'boolean', title: '已设置密码' },
    wechatBound: { type: 'boolean', title: '已绑定微信' },
  },
} as const;

export const passwordChangedSchema = {
  type: 'object',
  required: ['endedSessions'],
  properties: { endedSessions },
} as const;

export const phoneChangedSchema = {
  type: 'object',
  required: ['phone', 'endedSessions'],
  properties: { phone: maskedPhone, endedSessions },
} as const;

export const sessionViewSchema = {
  title: '登录设备',
  type: 'object',
  required: ['id', 'createdAt', 'lastSeenAt', 'ip', 'userAgent', 'revokedAt', 'expiresAt', 'device', 'current'],
  properties: {
    id: { type: 'integer' },
    createdAt: { ...time, title: '登录时间' },
    lastSeenAt: { ...nullableTime, title: '最近使用' },
    ip: { type: ['string', 'null'], title: 'IP 地址' },
    userAgent: { type: ['string', 'null'], title: '浏览器标识' },
    revokedAt: { ...nullableTime, title: '退出时间' },
    expiresAt: { ...time, title: '过期时间' },
    device: { type: 'string', title: '设备' },
    current: { type: 'boolean', title: '当前设备' },
  },
} as const;

export const sessionListSchema = { title: '在线设备', type: 'array', items: sessionViewSchema } as const;

export const loginHistorySchema = {
  title: '登录记录',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: sessionViewSchema }, total: { type: 'integer' } },
} as const;

export const sessionsRevokedSchema = {
  type: 'object',
  required: ['revoked'],
  properties: { revoked: { type: 'integer', title: '退出的登录数' } },
} as const;

export type SecurityState = FromSchema<typeof securityStateSchema>;
export type SessionView = FromSchema<typeof sessionViewSchema>;
