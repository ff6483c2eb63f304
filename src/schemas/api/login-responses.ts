/**
 * Answers of the login and session routes (server/src/routes/common*.ts, dev-session.ts), the
 * visitor statistics (operation.ts) and the ad-conversion report (baidu.ts). The user info mirrors
 * publicUser() in server/src/repositories/users.ts; the client keeps it as its userInfo
 * (src/components/user/user-info.ts).
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import ownerType from '../enums/owner-type.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;

/** The logged-in user as the client keeps it (phone masked; never the password hash or secrets). */
export const userInfoSchema = {
  title: '当前用户',
  type: 'object',
  required: [
    'id',
    'phone',
    'username',
    'nickname',
    'avatar',
    'ownerType',
    'enhancedAuth',
    'companyName',
    'parentId',
    'roles',
    'balanceCents',
  ],
  properties: {
    id: { ...id, title: '用户编号' },
    phone: { ...nullableText, title: '手机号', description: '中间四位以 * 遮盖' },
    username: { ...nullableText, title: '用户名' },
    nickname: { ...text, title: '昵称' },
    avatar: { ...text, title: '头像' },
    ownerType: labelled(ownerType),
    enhancedAuth: { type: 'boolean', title: '企业加强授权' },
    companyName: { ...nullableText, title: '企业名称' },
    parentId: { type: ['integer', 'null'], title: '所属企业账号', description: '子账号所属企业的用户编号' },
    roles: { type: 'array', title: '角色', items: text, description: 'buyer、creator、staff' },
    balanceCents: { ...id, title: '钱包余额（分）' },
  },
} as const;
export type UserInfoData = FromSchema<typeof userInfoSchema>;

/** A session token after a successful login or binding. */
export const loginTokenSchema = {
  title: '登录令牌',
  type: 'object',
  required: ['token'],
  properties: { token: { ...text, title: '令牌', description: '之后的请求在 authorization 头中携带' } },
} as const;

/** A WeChat login QR code to show and poll. */
export const qrCodeSchema = {
  title: '登录二维码',
  type: 'object',
  required: ['ticket', 'url', 'expiresAt'],
  properties: {
    ticket: { ...text, title: '二维码票据' },
    url: { ...text, title: '扫码地址' },
    expiresAt: { ...time, title: '过期时间' },
  },
} as const;

/** One poll of the QR login: a token once a linked identity scanned, needBind for a new identity. */
export const checkLoginSchema = {
  title: '扫码登录状态',
  type: 'object',
  required: ['token', 'needBind'],
  properties: {
    token: { ...nullableText, title: '令牌', description: '尚未扫码或需绑定手机号时为 null' },
    needBind: { type: 'boolean', title: '需要绑定手机号' },
  },
} as const;

/** The caller's address as the server sees it. */
export const clientIpSchema = {
  title: '访问者地址',
  type: 'object',
  required: ['ip', 'city'],
  properties: { ip: { ...text, title: 'IP 地址' }, city: { ...text, title: '所在城市' } },
} as const;

/** A stored page view. */
export const pageViewStoredSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { ...id, title: '记录编号' } },
} as const;

/** The latest page views (test mode only). */
export const pageViewListSchema = {
  type: 'object',
  required: ['list'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'user_id', 'payload', 'ip', 'created_at'],
        properties: {
          id,
          user_id: { type: ['integer', 'null'], title: '用户编号' },
          payload: {
            type: 'object',
            title: '上报内容',
            description: '客户端上报的字段（见 /api/operation/stat 的请求体）',
            additionalProperties: true,
          },
          ip: { ...nullableText, title: 'IP 地址' },
          created_at: { ...time, title: '时间' },
        },
      },
    },
  },
} as const;
