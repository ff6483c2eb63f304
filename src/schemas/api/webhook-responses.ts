/**
 * Answers of /api/user/webhooks (server/src/routes/webhooks.ts): an account's endpoints, the secret
 * shown once, deliveries with their attempts. Fields mirror server/src/repositories/webhooks.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled, labelsOf } from './labels';
import eventTypes from '../webhooks/event-types.json';
import deliveryStatus from '../webhooks/delivery-status.json';

const id = { type: 'integer' } as const;
const time = { type: 'string', format: 'date-time' } as const;

export const webhookEndpointSchema = {
  title: 'Webhook 地址',
  type: 'object',
  required: ['id', 'url', 'description', 'events', 'enabled', 'secretHint', 'createdAt', 'updatedAt'],
  properties: {
    id,
    url: { type: 'string', title: '接收地址' },
    description: { type: 'string', title: '备注' },
    events: { type: 'array', title: '订阅事件', items: labelled(eventTypes) },
    enabled: { type: 'boolean', title: '是否启用' },
    secretHint: { type: 'string', title: '签名密钥末四位' },
    createdAt: { ...time, title: '创建时间' },
    updatedAt: { ...time, title: '修改时间' },
  },
} as const;

export const webhookEndpointListSchema = {
  title: 'Webhook 地址列表',
  type: 'array',
  items: webhookEndpointSchema,
} as const;

/** Creation and rotation: the only answers that carry the secret. */
export const webhookSecretSchema = {
  title: 'Webhook 签名密钥',
  type: 'object',
  required: ['endpoint', 'secret'],
  properties: {
    endpoint: webhookEndpointSchema,
    secret: { type: 'string', title: '签名密钥', description: '只显示这一次，请立即保存到接收方' },
  },
} as const;

const attemptSchema = {
  title: '投递尝试',
  type: 'object',
  required: ['attempt', 'startedAt', 'durationMs', 'statusCode', 'error', 'answer'],
  properties: {
    attempt: { type: 'integer', title: '第几次' },
    startedAt: { ...time, title: '发送时间' },
    durationMs: { type: 'integer', title: '耗时（毫秒）' },
    statusCode: { type: ['integer', 'null'], title: 'HTTP 状态码' },
    error: { type: ['string', 'null'], title: '错误' },
    answer: { type: ['string', 'null'], title: '回答（前 500 字节）' },
  },
} as const;

export const webhookDeliverySchema = {
  title: 'Webhook 投递',
  type: 'object',
  required: ['id', 'eventId', 'type', 'status', 'attempts', 'resentFrom', 'createdAt', 'finishedAt'],
  properties: {
    id,
    eventId: { type: 'string', title: '事件编号', description: '重新发送时不变，接收方按它去重' },
    type: {
      type: 'string',
      title: '事件类型',
      'x-enum-labels': { ...labelsOf(eventTypes), 'webhook.test': '测试事件' },
    },
    status: labelled(deliveryStatus),
    attempts: { type: 'array', title: '尝试记录', items: attemptSchema },
    resentFrom: { type: ['integer', 'null'], title: '重新发送自' },
    createdAt: { ...time, title: '创建时间' },
    finishedAt: { type: ['string', 'null'], format: 'date-time', title: '结束时间' },
  },
} as const;

export const webhookDeliveryPageSchema = {
  title: 'Webhook 投递记录',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: webhookDeliverySchema }, total: { type: 'integer', title: '总数' } },
} as const;

export const webhookSentSchema = {
  title: '已加入投递队列',
  type: 'object',
  required: ['eventId', 'deliveryId'],
  properties: { eventId: { type: 'string', title: '事件编号' }, deliveryId: id },
} as const;

export type WebhookEndpoint = FromSchema<typeof webhookEndpointSchema>;
export type WebhookDelivery = FromSchema<typeof webhookDeliverySchema>;
export type WebhookAttempt = FromSchema<typeof attemptSchema>;
export type WebhookSecret = FromSchema<typeof webhookSecretSchema>;
