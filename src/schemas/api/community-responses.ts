/**
 * Answers of the community group, /community/api (server/src/routes/community*.ts serialize with
 * them): showcase posts and their marks, follows, and paid demands.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import materialType from '../enums/material-type.json';
import demandStatus from '../status/community-demand.json';
import demandForm from '../forms/community-demand.json';
import responseForm from '../forms/community-response.json';

/** A like or a collect after the toggle, with the post's new count. */
export const markToggledSchema = {
  type: 'object',
  required: ['on', 'count'],
  properties: {
    on: { type: 'boolean', title: '已标记' },
    count: { type: 'integer', title: '总数' },
  },
} as const;

export const followSchema = {
  type: 'object',
  required: ['on'],
  properties: { on: { type: 'boolean', title: '已关注' } },
} as const;

export const deliveryAcceptedSchema = {
  type: 'object',
  required: ['orderId'],
  properties: {
    orderId: { type: ['integer', 'null'], title: '授权订单编号', description: '未生成授权订单时为 null' },
  },
} as const;

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const count = { type: 'integer' } as const;

/** A post as the feed, a profile and the collections list show it. */
export const postCardSchema = {
  title: '作品帖',
  type: 'object',
  required: [
    'id',
    'authorId',
    'authorName',
    'authorAvatar',
    'title',
    'body',
    'status',
    'hiddenReason',
    'likeCount',
    'commentCount',
    'collectCount',
    'createdAt',
    'coverUrl',
    'imageCount',
    'workCount',
  ],
  properties: {
    id,
    authorId: id,
    authorName: { ...text, title: '作者' },
    authorAvatar: nullableText,
    title: { ...text, title: '标题' },
    body: { ...text, title: '正文' },
    status: {
      type: 'string',
      title: '状态',
      enum: ['visible', 'hidden', 'deleted'],
      'x-enum-labels': { visible: '公开', hidden: '已隐藏', deleted: '已删除' },
    },
    hiddenReason: { ...nullableText, title: '隐藏原因' },
    likeCount: { ...count, title: '点赞数' },
    commentCount: { ...count, title: '评论数' },
    collectCount: { ...count, title: '收藏数' },
    createdAt: time,
    coverUrl: { ...nullableText, description: '第一张图片，否则第一件作品的封面' },
    imageCount: count,
    workCount: count,
  },
} as const;

export const feedSchema = {
  title: '作品帖',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: postCardSchema }, total: count },
} as const;

export const postCardListSchema = { title: '我收藏的作品帖', type: 'array', items: postCardSchema } as const;

const commentSchema = {
  type: 'object',
  required: ['id', 'userId', 'userName', 'userAvatar', 'body', 'createdAt'],
  properties: {
    id,
    userId: id,
    userName: { ...text, title: '评论人' },
    userAvatar: nullableText,
    body: { ...text, title: '评论' },
    createdAt: time,
  },
} as const;

export const postDetailSchema = {
  title: '作品帖详情',
  type: 'object',
  required: [...postCardSchema.required, 'liked', 'collected', 'following', 'images', 'works', 'comments'],
  properties: {
    ...postCardSchema.properties,
    liked: { type: 'boolean', title: '我已点赞' },
    collected: { type: 'boolean', title: '我已收藏' },
    following: { type: 'boolean', title: '我已关注作者' },
    images: { type: 'array', items: text },
    works: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'type', 'coverUrl'],
        properties: { id, title: text, type: labelled(materialType), coverUrl: nullableText },
      },
    },
    comments: { type: 'array', items: commentSchema },
  },
} as const;

export const myWorksSchema = {
  title: '可选作品',
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'title', 'type', 'status', 'coverUrl'],
    properties: {
      id,
      title: text,
      type: labelled(materialType),
      status: { type: 'integer', title: '作品状态' },
      coverUrl: nullableText,
    },
  },
} as const;

export const creatorProfileSchema = {
  title: '创作者主页',
  type: 'object',
  required: [
    'id',
    'name',
    'avatar',
    'bio',
    'joinedAt',
    'isCreator',
    'followers',
    'following',
    'posts',
    'likes',
    'followedByMe',
  ],
  properties: {
    id,
    name: { ...text, title: '名称' },
    avatar: nullableText,
    bio: { ...text, title: '简介' },
    joinedAt: time,
    isCreator: { type: 'boolean', title: '是创作者' },
    followers: { ...count, title: '粉丝数' },
    following: { ...count, title: '关注数' },
    posts: { ...count, title: '作品帖数' },
    likes: { ...count, title: '获赞数' },
    followedByMe: { type: 'boolean', title: '我已关注' },
  },
} as const;

export type PostCard = FromSchema<typeof postCardSchema>;
export type PostDetail = FromSchema<typeof postDetailSchema>;
export type CreatorProfile = FromSchema<typeof creatorProfileSchema>;
export type MyWork = FromSchema<typeof myWorksSchema>[number];

const nullableId = { type: ['integer', 'null'] } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;
const demandMode = labelled(
  demandForm.properties.mode as { title: string; oneOf: Array<{ const: string; title: string }> },
);

/**
 * A paid demand. The money references and the dispute reason are the parties' business: the
 * public list and detail leave them out for anyone but the buyer and the picked creator (so they
 * are not required); the buyer's own list (/mine) carries them.
 */
export const demandSchema = {
  title: '需求',
  type: 'object',
  required: [
    'id',
    'buyerId',
    'buyerName',
    'title',
    'description',
    'materialType',
    'scenario',
    'level',
    'mode',
    'budgetCents',
    'deadline',
    'status',
    'pickedResponseId',
    'pickedCreatorId',
    'priceCents',
    'deliveredMaterialId',
    'deliveryNote',
    'deliveredAt',
    'disputedBy',
    'resolution',
    'completedAt',
    'createdAt',
    'responses',
  ],
  properties: {
    id,
    buyerId: id,
    buyerName: { ...text, title: '需求方' },
    title: { ...text, title: '需求标题' },
    description: { ...text, title: '需求描述' },
    materialType: labelled(materialType),
    scenario: { ...text, title: '使用场景' },
    level: { ...text, title: '授权等级' },
    mode: demandMode,
    budgetCents: { ...id, title: '预算（分）' },
    deadline: { ...text, title: '截止日期', description: 'YYYY-MM-DD' },
    status: labelled(demandStatus),
    pickedResponseId: nullableId,
    pickedCreatorId: nullableId,
    priceCents: { ...nullableId, title: '成交价（分）' },
    escrowTxId: nullableId,
    releaseTxId: nullableId,
    refundTxId: nullableId,
    deliveredMaterialId: nullableId,
    deliveryNote: { ...nullableText, title: '交付说明' },
    deliveredAt: nullableTime,
    orderId: { ...nullableId, title: '授权订单编号' },
    disputeReason: { ...nullableText, title: '仲裁理由' },
    disputedBy: nullableId,
    resolution: { ...nullableText, title: '裁决' },
    completedAt: nullableTime,
    createdAt: time,
    responses: { ...count, title: '响应数' },
  },
} as const;

const responseProperties = {
  id,
  demandId: id,
  creatorId: id,
  creatorName: { ...text, title: '创作者' },
  kind: labelled(responseForm.properties.kind as { title: string; oneOf: Array<{ const: string; title: string }> }),
  materialId: nullableId,
  workTitle: { ...nullableText, title: '推荐作品' },
  workCoverUrl: nullableText,
  message: { ...text, title: '留言' },
  priceCents: { ...nullableId, title: '报价（分）' },
  status: {
    type: 'string',
    title: '响应状态',
    enum: ['active', 'picked', 'withdrawn'],
    'x-enum-labels': { active: '待选择', picked: '已选中', withdrawn: '已撤回' },
  },
  createdAt: time,
} as const;
const responseRequired = Object.keys(responseProperties) as Array<keyof typeof responseProperties>;

export const demandResponseSchema = {
  title: '需求响应',
  type: 'object',
  required: responseRequired,
  properties: responseProperties,
} as const;

export const demandListSchema = {
  title: '需求',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: demandSchema }, total: count },
} as const;

export const demandDetailSchema = {
  ...demandSchema,
  title: '需求详情',
  properties: { ...demandSchema.properties, responses: { type: 'array', items: demandResponseSchema } },
} as const;

export const myDemandsSchema = {
  title: '我的需求与响应',
  type: 'object',
  required: ['demands', 'responses'],
  properties: {
    demands: { type: 'array', items: demandSchema },
    responses: {
      type: 'array',
      items: {
        type: 'object',
        required: [...responseRequired, 'demandTitle', 'demandStatus', 'mode', 'budgetCents', 'deadline', 'picked'],
        properties: {
          ...responseProperties,
          demandTitle: { ...text, title: '需求标题' },
          demandStatus: labelled(demandStatus),
          mode: demandMode,
          budgetCents: { ...id, title: '预算（分）' },
          deadline: { ...text, title: '截止日期' },
          picked: { type: 'boolean', title: '已选中' },
        },
      },
    },
  },
} as const;

export const disputedDemandListSchema = { title: '仲裁中的需求', type: 'array', items: demandSchema } as const;

export const moderationSchema = {
  title: '举报与隐藏',
  type: 'object',
  required: ['reports', 'hidden'],
  properties: {
    reports: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'targetType',
          'targetId',
          'reports',
          'reasons',
          'firstAt',
          'excerpt',
          'status',
          'postId',
          'authorName',
        ],
        properties: {
          targetType: {
            type: 'string',
            title: '举报对象',
            enum: ['post', 'comment'],
            'x-enum-labels': { post: '作品帖', comment: '评论' },
          },
          targetId: id,
          reports: { ...count, title: '举报数' },
          reasons: { type: 'array', title: '举报理由', items: text },
          firstAt: { ...time, title: '首次举报时间' },
          excerpt: { ...nullableText, title: '内容摘要' },
          status: { ...nullableText, title: '内容状态' },
          postId: id,
          authorName: { ...nullableText, title: '作者' },
        },
      },
    },
    hidden: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'title', 'hiddenReason', 'authorName', 'createdAt'],
        properties: {
          id,
          title: text,
          hiddenReason: { ...nullableText, title: '隐藏原因' },
          authorName: { ...text, title: '作者' },
          createdAt: time,
        },
      },
    },
  },
} as const;

export type Demand = FromSchema<typeof demandSchema>;
export type DemandResponse = FromSchema<typeof demandResponseSchema>;
