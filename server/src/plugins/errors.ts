import fp from 'fastify-plugin';
import type { FastifyError } from 'fastify';
import type { ErrorObject } from 'ajv';
import { AppError, fail } from '../http/envelope.js';
import { errorMessage } from '../../../src/schemas/messages.js';
import { requestErrorAnswer } from '../http/request-errors.js';

/** One Chinese sentence for a route-schema failure: the same text the client's forms show. */
function validationMessage(err: FastifyError): string {
  const v = err.validation?.[0];
  return v ? errorMessage(v as ErrorObject) : '请求参数不正确';
}

/** Every failure leaves as an envelope with a Chinese msg; stack traces stay in the log. */
export default fp(async (app) => {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // A refusal the server chose (e.g. the evidence log will not sign a rolled-back tree) is still an outage: log it.
      if (err.statusCode >= 500) req.log.error({ err, detail: err.cause }, err.message);
      return reply.status(err.statusCode).send(fail(err.statusCode, err.message, err.data));
    }
    if (err.validation) {
      return reply.status(400).send(fail(400, validationMessage(err)));
    }
    const answer = requestErrorAnswer(err);
    if (answer) {
      req.log.info({ err }, 'request refused while reading');
      return reply.status(answer.status).send(fail(answer.status, answer.msg));
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
