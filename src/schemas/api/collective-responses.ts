/**
 * Answers of /api/collective (server/src/routes/collective.ts serializes with them): the collective
 * copyright plan, membership, and the pool. Fields mirror server/src/repositories/collective.ts.
 */
import { labelled } from './labels';
import materialType from '../enums/material-type.json';

const int = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const collectivePlanSchema = {
  title: '集体版权计划',
  type: 'object',
  required: ['rule', 'members', 'works', 'revenueCents'],
  properties: {
    rule: {
      type: 'object',
      title: '计划规则',
      required: ['poolPriceCents', 'platformPercent', 'noticeDays', 'maxWorksPerMember'],
      properties: {
        poolPriceCents: { ...int, title: '入池授权价（分）' },
        platformPercent: { ...int, title: '平台分成比例（%）' },
        noticeDays: { ...int, title: '退出通知期（天）' },
        maxWorksPerMember: { ...int, title: '每位成员入池作品上限' },
      },
    },
    members: { ...int, title: '成员数' },
    works: { ...int, title: '入池作品数' },
    revenueCents: { ...int, title: '累计收益（分）' },
  },
} as const;

export const collectiveMemberSchema = {
  title: '集体版权计划成员',
  type: 'object',
  required: ['userId', 'joinedAt', 'leaveRequestedAt', 'leavesAt', 'active'],
  properties: {
    userId: int,
    joinedAt: { ...time, title: '加入时间' },
    leaveRequestedAt: { ...nullableTime, title: '申请退出时间' },
    leavesAt: { ...nullableTime, title: '退出生效时间' },
    active: { type: 'boolean', title: '仍在计划中' },
  },
} as const;

export const poolWorksCountSchema = {
  type: 'object',
  required: ['count'],
  properties: { count: { ...int, title: '入池作品数' } },
} as const;

export const collectiveLeaveSchema = {
  type: 'object',
  required: ['leavesAt'],
  properties: { leavesAt: { ...time, title: '退出生效时间' } },
} as const;

const poolWorkSchema = {
  type: 'object',
  required: ['id', 'title', 'type', 'coverPath', 'inPool'],
  properties: {
    id: int,
    title: { type: 'string', title: '作品' },
    type: labelled(materialType),
    coverPath: { type: ['string', 'null'] },
    inPool: { type: 'boolean', title: '已入池' },
  },
} as const;

const memberShareSchema = {
  type: 'object',
  required: ['revenueId', 'licensee', 'revenueCents', 'totalWorks', 'works', 'amountCents', 'createdAt'],
  properties: {
    revenueId: int,
    licensee: { type: 'string', title: '被许可方' },
    revenueCents: { ...int, title: '授权收入（分）' },
    totalWorks: { ...int, title: '池中作品总数' },
    works: { ...int, title: '我的入池作品数' },
    amountCents: { ...int, title: '我的分成（分）' },
    createdAt: time,
  },
} as const;

export const myCollectiveSchema = {
  title: '我的集体版权计划',
  type: 'object',
  required: ['rule', 'creator', 'member', 'works', 'shares', 'totalShareCents'],
  properties: {
    rule: collectivePlanSchema.properties.rule,
    creator: { type: 'boolean', title: '是创作者' },
    member: { ...collectiveMemberSchema, type: ['object', 'null'], description: '未加入时为 null' },
    works: { type: 'array', items: poolWorkSchema, description: '可入池的已上架作品' },
    shares: { type: 'array', items: memberShareSchema },
    totalShareCents: { ...int, title: '累计分成（分）' },
  },
} as const;

export const poolRevenueListSchema = {
  title: '集体授权收入',
  type: 'array',
  items: {
    type: 'object',
    required: [
      'id',
      'reference',
      'licensee',
      'amountCents',
      'platformPercent',
      'distributableCents',
      'totalWorks',
      'createdAt',
      'sharedCents',
    ],
    properties: {
      id: int,
      reference: { type: 'string', title: '凭证号' },
      licensee: { type: 'string', title: '被许可方' },
      amountCents: { ...int, title: '授权收入（分）' },
      platformPercent: { type: 'number', title: '平台分成比例（%）' },
      distributableCents: { ...int, title: '可分配（分）' },
      totalWorks: { ...int, title: '池中作品总数' },
      createdAt: time,
      sharedCents: { ...int, title: '已分配（分）' },
    },
  },
} as const;

export const poolRevenueRecordedSchema = {
  title: '已记录的集体授权收入',
  type: 'object',
  required: ['id', 'reference', 'licensee', 'amountCents', 'distributableCents', 'totalWorks', 'replayed'],
  properties: {
    id: int,
    reference: { type: 'string', title: '凭证号' },
    licensee: { type: 'string', title: '被许可方' },
    amountCents: { ...int, title: '授权收入（分）' },
    distributableCents: { ...int, title: '可分配（分）' },
    totalWorks: { ...int, title: '池中作品总数' },
    shares: {
      type: 'array',
      description: '本次分配（重复提交时没有）',
      items: {
        type: 'object',
        required: ['userId', 'works', 'amountCents'],
        properties: { userId: int, works: int, amountCents: int },
      },
    },
    createdAt: { ...time, description: '仅重复提交时返回（原记录的时间）' },
    replayed: { type: 'boolean', title: '凭证号已记录过' },
  },
} as const;
