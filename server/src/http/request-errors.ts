/**
 * Chinese answers for errors raised while Fastify and @fastify/multipart read a request (before a
 * handler has anything to say). Each is the client's fault, so none may leave as a 500.
 */
import type { FastifyError } from 'fastify';
import { TOO_DEEP } from './json-body.js';

const INCOMPLETE_FORM = '上传的表单不完整或格式不正确，请重新上传';

/** Status and message per error code. Too large stays 413 and an unknown type 415: clients act on those. */
const BY_CODE: Record<string, [number, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, '请求内容不能为空'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, '请求内容不是有效的 JSON'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, '请求长度与内容不一致'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, '提交的内容过大'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, '不支持的请求内容类型'],
  FST_PARTS_LIMIT: [413, '上传的文件或字段数量超过限制'],
  FST_FILES_LIMIT: [413, '上传的文件数量超过限制'],
  FST_FIELDS_LIMIT: [413, '表单字段数量超过限制'],
  FST_REQ_FILE_TOO_LARGE: [413, '上传的文件过大'],
  FST_PROTO_VIOLATION: [400, '表单字段名不合法'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [400, '请以表单方式上传文件'],
  FST_INVALID_JSON_FIELD_ERROR: [400, '表单字段不是有效的 JSON'],
  FST_MP_PREMATURE_CLOSE: [400, INCOMPLETE_FORM],
};

// busboy reports a truncated or malformed multipart body as a plain Error without a code.
const MULTIPART_BROKEN = /unexpected end of multipart data|Multipart: Boundary not found|Malformed (part )?header/i;

/** The 4xx answer for a request-reading error, or null when the error is not one. */
export function requestErrorAnswer(err: FastifyError): { status: number; msg: string } | null {
  const byCode = err.code ? BY_CODE[err.code] : undefined;
  if (byCode) return { status: byCode[0], msg: byCode[1] };
  if (err.code?.startsWith('FST_ERR_CTP_')) return { status: 400, msg: '请求内容格式不正确' };
  if (!err.statusCode && MULTIPART_BROKEN.test(err.message)) return { status: 400, msg: INCOMPLETE_FORM };
  // Input nested past what recursive code handles; the parser bounds JSON, this catches the rest.
  if (err instanceof RangeError && /Maximum call stack size exceeded/.test(err.message))
    return { status: 400, msg: TOO_DEEP };
  return null;
}
