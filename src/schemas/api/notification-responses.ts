/**
 * Answers of /api/notifications (server/src/routes/notifications.ts serializes with them); the
 * header's bell and panel read the derived types. Fields mirror repositories/notifications.ts.
 */
import type { FromSchema } from './from-schema';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;

export const notificationSchema = {
  title: '站内通知',
  type: 'object',
  required: ['id', 'kind', 'title', 'body', 'link', 'read', 'readAt', 'createdAt'],
  properties: {
    id,
    kind: { ...text, description: '通知类型（lumen:forms/notification-prefs 的选项）' },
    title: text,
    body: text,
    link: { type: ['string', 'null'], description: '点击后打开的站内地址' },
    read: { type: 'boolean' },
    readAt: { type: ['string', 'null'], format: 'date-time' },
    createdAt: { type: 'string', format: 'date-time' },
  },
} as const;

export const notificationListSchema = {
  title: '我的通知',
  type: 'object',
  required: ['list', 'total', 'unread'],
  properties: { list: { type: 'array', items: notificationSchema }, total: id, unread: { ...id, title: '未读数' } },
} as const;

export const unreadCountSchema = {
  title: '未读数',
  type: 'object',
  required: ['count'],
  properties: { count: id },
} as const;

export const readAllSchema = {
  title: '全部已读',
  type: 'object',
  required: ['changed', 'count'],
  properties: { changed: { ...id, description: '本次标记的条数' }, count: id },
} as const;

export type InboxNotification = FromSchema<typeof notificationSchema>;
export type NotificationList = FromSchema<typeof notificationListSchema>;
export type UnreadCount = FromSchema<typeof unreadCountSchema>;
