import { AxiosError, AxiosHeaders, type InternalAxiosRequestConfig } from 'axios';
import { http } from '../../../src/dataProvider/axios';

export interface MockReply {
  status?: number;
  data?: unknown;
  headers?: Record<string, string>;
  /** Fail at the transport level (no response) with this message/code. */
  networkError?: { message: string; code?: string };
}

/**
 * Installs a custom axios adapter on the app's instance: every request is recorded and answered
 * by `reply`. Statuses >= 400 reject like axios' own adapters do (AxiosError with response).
 */
export function mockHttp(reply: (cfg: InternalAxiosRequestConfig) => MockReply | Promise<MockReply>) {
  const calls: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = async (cfg) => {
    calls.push(cfg);
    const r = await reply(cfg);
    if (r.networkError) throw new AxiosError(r.networkError.message, r.networkError.code, cfg, {});
    const response = {
      data: r.data,
      status: r.status ?? 200,
      statusText: '',
      headers: new AxiosHeaders(r.headers ?? {}),
      config: cfg,
      request: {},
    };
    if (response.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${response.status}`,
        AxiosError.ERR_BAD_RESPONSE,
        cfg,
        {},
        response,
      );
    }
    return response;
  };
  return calls;
}

export const envelope = (data: unknown, over: Record<string, unknown> = {}) => ({
  code: 200,
  success: true,
  msg: '操作成功',
  message: '操作成功',
  data,
  ...over,
});
