import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { cityOf } from '../http/ip.js';
import { insertPageView, latestPageViews } from '../repositories/page-views.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { clientIpSchema, pageViewListSchema, pageViewStoredSchema } from '../../../src/schemas/api/login-responses.js';

/** Page views allowed per client IP per minute (a normal visitor navigates far less). */
export const STAT_RATE_LIMIT = 120;

/**
 * STAT_RATE_LIMIT raises the per-minute cap where many visitors share one address: in the browser
 * tests every journey comes from 127.0.0.1 and the route walk alone sends ~95 page views.
 */
function statRateLimit(): number {
  const n = Number(process.env.STAT_RATE_LIMIT);
  return Number.isInteger(n) && n > 0 ? n : STAT_RATE_LIMIT;
}

const str = (maxLength: number) => ({ type: 'string', maxLength });

/** Spec §3 page-view payload. Every field is a string; url and pvi are required. Titles name the
 * fields in the Chinese validation messages. */
export const pageViewSchema = {
  $id: 'lumen/operation/page-view',
  title: 'Page view',
  description: 'One page view reported by the web client on navigation (spec §3, §7 Statistics).',
  type: 'object',
  required: ['url', 'pvi'],
  additionalProperties: false,
  properties: {
    url: { ...str(2048), title: '页面地址', minLength: 1, description: 'Page URL' },
    rurl: { ...str(2048), title: '来源地址', description: 'Referrer URL' },
    src: { ...str(32), title: '屏幕分辨率', description: 'Screen size, e.g. 1920x1080' },
    scl: { ...str(16), title: '屏幕色深', description: 'Colour depth, e.g. 24-bit' },
    lg: { ...str(35), title: '浏览器语言', description: 'Browser language' },
    tz: { ...str(64), title: '时区', description: 'Time zone' },
    os: { ...str(32), title: '操作系统', description: 'Operating system' },
    bs: { ...str(32), title: '浏览器', description: 'Browser' },
    ps: { ...str(32), title: '页面尺寸', description: 'Viewport (page) size' },
    jv: { ...str(4), title: 'Java 启用', description: 'Java enabled (1/0)' },
    sh: { ...str(255), title: '站点域名', description: 'Site host' },
    ip: { ...str(64), title: 'IP 地址', description: 'Client IP from ip/get' },
    addr: { ...str(64), title: '所在城市', description: 'City from ip/get' },
    device: { ...str(16), title: '设备类型', description: 'pc or mobile' },
    pvi: {
      ...str(64),
      title: '访客标识',
      minLength: 1,
      pattern: '^[A-Za-z0-9_-]+$',
      description: 'Visitor id from the pvi cookie',
    },
  },
} as const;

/**
 * Operation endpoints (spec §7 Statistics), registered under /api so the client's default
 * operationBase '/api' reaches them: GET /api/ip/get, POST /api/operation/stat, and the
 * test-only GET /api/operation/recent used by the browser tests (config.exposePageViews).
 */
export default async function operation(app: FastifyInstance) {
  app.get('/ip/get', { schema: { summary: '访问者地址', response: envelopeOf(clientIpSchema) } }, async (req) =>
    ok({ ip: req.ip, city: cityOf(req.ip) }),
  );

  app.post<{ Body: Record<string, string> }>(
    '/operation/stat',
    {
      schema: { body: pageViewSchema, response: envelopeOf(pageViewStoredSchema) },
      config: { rateLimit: { max: statRateLimit(), timeWindow: 60_000 } },
    },
    async (req) => {
      const user = await req.currentUser();
      // The server's view of the address is stored; the payload keeps what the client reported.
      const id = await insertPageView(app.db, { userId: user?.id ?? null, payload: req.body, ip: req.ip });
      return ok({ id });
    },
  );

  app.get<{ Querystring: { limit?: number; pvi?: string } }>(
    '/operation/recent',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', title: '数量', minimum: 1, maximum: 100, default: 20 },
            pvi: { type: 'string', title: '访客标识', maxLength: 64 },
          },
          additionalProperties: false,
        },
        response: envelopeOf(pageViewListSchema),
      },
    },
    async (req) => {
      // Visitor IPs and ids: only for the test suites (NODE_ENV=test, or EXPOSE_PAGE_VIEWS=1 on the e2e server).
      if (!app.config.exposePageViews) throw new AppError(404, '接口不存在');
      return ok({ list: await latestPageViews(app.db, req.query.limit ?? 20, req.query.pvi) });
    },
  );
}
