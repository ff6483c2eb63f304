import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import { AppError, fail } from '../lib/envelope.js';

const FIELD_NAMES: Record<string, string> = {};

/** Turns ajv validation output into one readable Chinese sentence. */
function validationMessage(err: FastifyError): string {
  const v = err.validation?.[0];
  if (!v) return '请求参数不正确';
  // Schemas may carry their own Chinese text in errorMessage-like "x-msg" fields (see src/schemas).
  const custom = (v as any).parentSchema?.['x-msg'];
  if (custom) return custom;
  const field = String(v.instancePath || (v.params as any)?.missingProperty || '').replace(/^\//, '');
  const name = FIELD_NAMES[field] ?? field;
  switch (v.keyword) {
    case 'required':
      return `缺少必填项：${(v.params as any).missingProperty}`;
    case 'maxLength':
      return `${name} 长度不能超过 ${(v.params as any).limit}`;
    case 'minLength':
      return `${name} 长度不能少于 ${(v.params as any).limit}`;
    case 'enum':
      return `${name} 的取值不在允许范围内`;
    case 'type':
      return `${name} 格式不正确`;
    case 'pattern':
    case 'format':
      return `${name} 格式不正确`;
    case 'minimum':
    case 'maximum':
      return `${name} 超出允许范围`;
    default:
      return `请求参数不正确：${name}`;
  }
}

/** Every failure leaves as an envelope with a Chinese msg; stack traces stay in the log. */
export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(fail(err.statusCode, err.message, err.data));
    }
    if (err.validation) {
      return reply.status(400).send(fail(400, validationMessage(err)));
    }
    if (err.statusCode === 429) {
      return reply.status(429).send(fail(429, '操作过于频繁，请稍后再试'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      return reply.status(err.statusCode).send(fail(err.statusCode, '请求不正确'));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(fail(500, '服务器开小差了，请稍后再试'));
  });
  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(fail(404, '接口不存在'));
  });
});
