/**
 * Answers of the community group, /community/api (server/src/routes/community*.ts serialize with
 * them): showcase posts and their marks, follows, and paid demands.
 */
import type { FromSchema } from './from-schema';
import { labelled } from './labels';
import materialType from '../enums/material-type.json';

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
