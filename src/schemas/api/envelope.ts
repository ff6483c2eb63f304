/**
 * The answer shape of every /api call, defined once: `{code, success, msg, message, data}` (spec §7;
 * msg and message carry the same Chinese sentence, the client reads either). Routes declare their
 * 200 answer as `envelope(dataSchema)`; Fastify serializes through it, so only declared fields of
 * `data` leave the server. Failures all share errorEnvelopeSchema (the errors plugin writes them).
 */
import type { FromSchema } from './from-schema';

const head = {
  code: { type: 'integer', title: '业务码', description: '成功为 200，失败为 HTTP 状态码' },
  success: { type: 'boolean', title: '是否成功' },
  msg: { type: 'string', title: '提示' },
  message: { type: 'string', title: '提示', description: '与 msg 相同' },
} as const;

const required = ['code', 'success', 'msg', 'message', 'data'] as const;

/** Drops a registered schema's $id: the shape is embedded in the route, not registered by name. */
type WithoutId<S> = S extends { $id?: string } ? Omit<S, '$id'> : S;

/** The JSON Schema of a successful answer whose `data` is described by dataSchema. */
export function envelope<const D extends object>(dataSchema: D) {
  const { $id: _id, ...data } = dataSchema as D & { $id?: string };
  return { type: 'object', required, properties: { ...head, data: data as WithoutId<D> } } as const;
}

/** A failure: success false, msg says why in Chinese; data is usually null (some refusals add details). */
export const errorEnvelopeSchema = {
  type: 'object',
  title: '失败答复',
  required,
  properties: { ...head, data: { description: '通常为 null；部分拒绝附带说明数据' } },
} as const;

type Head = FromSchema<{ type: 'object'; required: typeof required; properties: typeof head }>;

/** An answer whose data has the type T (the server's ok() and fail() build these). */
export type Envelope<T = unknown> = Omit<Head, 'data'> & { data: T };

/** The data of a success that carries none (`ok(null, '已保存')`). */
export const noData = { type: 'null', title: '无数据' } as const;
