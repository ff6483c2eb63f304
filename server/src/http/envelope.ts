import type { Envelope } from '../../../src/schemas/api/envelope.js';

/** The one answer shape of every /api call: its schema and type live in the contract. */
export type { Envelope };

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { code: 200, success: true, msg, message: msg, data };
}

export function fail(code: number, msg: string, data: unknown = null): Envelope {
  return { code, success: false, msg, message: msg, data };
}

/** A business error with a Chinese message; the error handler turns it into an envelope. */
export class AppError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public data: unknown = null,
  ) {
    super(message);
  }
}

export const NOT_LOGGED_IN = '还没有登录哦，请登录后完成此操作';
