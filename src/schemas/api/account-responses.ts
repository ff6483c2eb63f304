/**
 * Answers of the account pages' small routes (server/src/routes/profile.ts, notification-prefs.ts,
 * invites.ts, creator-sign.ts): the profile, the notification preferences, the invite links and
 * the invited users, the contributor agreement. Fields mirror the repositories they come from.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import ownerType from '../enums/owner-type.json';
import inviteeStatus from '../status/invitee.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const profileSchema = {
  title: '个人资料',
  type: 'object',
  required: ['nickname', 'avatar', 'bio', 'contactEmail'],
  properties: {
    nickname: { ...text, title: '昵称' },
    avatar: { ...text, title: '头像', description: '头像地址（/files/…），未上传为空串' },
    bio: { ...text, title: '个人简介' },
    contactEmail: { ...text, title: '联系邮箱' },
  },
} as const;

export const notificationPrefsSchema = {
  title: '通知设置',
  type: 'object',
  required: ['kinds'],
  properties: {
    kinds: {
      type: 'array',
      items: text,
      title: '接收的通知类型',
      description: 'lumen:forms/notification-prefs 的选项',
    },
  },
} as const;

export const inviteInfoSchema = {
  title: '邀请链接与奖励',
  type: 'object',
  required: ['inviteId', 'link', 'companyLink', 'invited', 'rewarded', 'rewardCents'],
  properties: {
    inviteId: { ...text, title: '邀请码' },
    link: { ...text, title: '个人邀请链接' },
    companyLink: { ...text, title: '企业邀请链接' },
    invited: { ...id, title: '已邀请人数' },
    rewarded: { ...id, title: '已获奖励次数' },
    rewardCents: { ...id, title: '累计奖励（分）' },
  },
} as const;

export const invitedUserSchema = {
  title: '被邀请用户',
  type: 'object',
  required: ['id', 'name', 'phone', 'owner_type', 'created_at', 'status', 'reward_cents'],
  properties: {
    id,
    name: { ...text, title: '好友', description: '昵称首字加 **' },
    phone: { type: ['string', 'null'], title: '手机号', description: '中间四位打码' },
    owner_type: labelled(ownerType),
    created_at: { ...time, title: '注册时间' },
    status: labelled(inviteeStatus),
    reward_cents: { type: ['integer', 'null'], title: '邀请奖励（分）' },
  },
} as const;

export const creatorAgreementStateSchema = {
  title: '创作者协议签署情况',
  type: 'object',
  required: ['currentVersion', 'signed', 'creator'],
  properties: {
    currentVersion: { ...text, title: '当前协议版本' },
    signed: {
      type: ['object', 'null'],
      title: '最近签署',
      required: ['version', 'signedAt'],
      properties: { version: { ...text, title: '协议版本' }, signedAt: { ...time, title: '签署时间' } },
    },
    creator: { type: 'boolean', title: '已是创作者' },
  },
} as const;

export const creatorSignedSchema = {
  title: '已签署创作者协议',
  type: 'object',
  required: ['agreementVersion', 'signedAt', 'roles'],
  properties: {
    agreementVersion: { ...text, title: '协议版本' },
    signedAt: { ...time, title: '签署时间' },
    roles: { type: 'array', items: text, title: '账号角色' },
  },
} as const;

export type Profile = FromSchema<typeof profileSchema>;
export type NotificationPrefs = FromSchema<typeof notificationPrefsSchema>;
export type InviteInfo = FromSchema<typeof inviteInfoSchema>;
export type CreatorSigned = FromSchema<typeof creatorSignedSchema>;
