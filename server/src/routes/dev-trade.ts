import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fileAnswer } from '../http/envelope-schema.js';
import { PAY_PROVIDERS, payProviders } from '../adapters/pay/index.js';

export const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const yuan = (cents: number) => `¥${(cents / 100).toFixed(2)}`;

/** A small sandbox page (also used by the office sandboxes in dev-offices.ts). */
export function page(reply: FastifyReply, title: string, body: string, status = 200) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title>
<style>body{font-family:system-ui,"Noto Sans CJK SC",sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#222}
.tag{display:inline-block;background:#fa8c16;color:#fff;border-radius:4px;padding:2px 8px;font-size:12px}
.card{border:1px solid #eee;border-radius:8px;padding:16px;margin:16px 0}.amount{font-size:28px;color:#f5222d}
button{font-size:16px;padding:10px 20px;border:0;border-radius:6px;cursor:pointer;margin-right:12px}
.ok{background:#52c41a;color:#fff}.no{background:#f5222d;color:#fff}</style></head>
<body><span class="tag">沙箱</span>${body}</body></html>`);
}

const payFields = {
  provider: { type: 'string', enum: PAY_PROVIDERS },
  orderNo: { type: 'string', maxLength: 40 },
  amountCents: { type: 'integer', minimum: 0 },
  subject: { type: 'string', maxLength: 200 },
  sign: { type: 'string', maxLength: 128 },
};

/**
 * Development-only pages (refused in production): the payment sandbox a pay QR code points at.
 */
export default async function devTradeRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.addHook('onRequest', async (_req, reply) => {
    if (app.config.env === 'production') return page(reply, '不可用', '<h2>沙箱页面在生产环境中不可用</h2>', 404);
  });
  const providers = payProviders(app.config, app.db);

  app.get(
    '/pay',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['provider', 'orderNo', 'amountCents', 'sign'],
          properties: payFields,
        },
        response: fileAnswer('text/html', '沙箱页面（HTML）'),
      },
    },
    async (req, reply) => {
      const q = req.query;
      const p = providers[q.provider];
      if (!p.payLinkValid(q)) return page(reply, '链接无效', '<h2>支付链接无效或已被修改</h2>', 400);
      const hidden = Object.entries(q)
        .map(([k, v]) => `<input type="hidden" name="${esc(k)}" value="${esc(v)}">`)
        .join('');
      return page(
        reply,
        `${p.label}沙箱支付`,
        `
<h2>${esc(p.label)} · 沙箱支付</h2>
<div class="card"><div>订单号：${esc(q.orderNo)}</div><div>${esc(q.subject ?? '')}</div><div class="amount">${yuan(q.amountCents)}</div></div>
<p>这是开发环境的模拟支付页面，不会产生真实扣款。</p>
<form method="post" action="/dev/pay">${hidden}
<button class="ok" name="result" value="SUCCESS" type="submit">确认支付</button>
<button class="no" name="result" value="FAIL" type="submit">支付失败</button></form>`,
      );
    },
  );

  /** Confirms or fails: sends a signed notification to the real notify endpoint, as a provider would. */
  app.post(
    '/pay',
    {
      schema: {
        body: {
          type: 'object',
          required: ['provider', 'orderNo', 'amountCents', 'sign', 'result'],
          properties: { ...payFields, result: { type: 'string', enum: ['SUCCESS', 'FAIL'] } },
        },
        response: fileAnswer('text/html', '沙箱页面（HTML）'),
      },
    },
    async (req, reply) => {
      const b = req.body;
      const p = providers[b.provider];
      const { result, ...link } = b;
      if (!p.payLinkValid(link)) return page(reply, '链接无效', '<h2>支付链接无效或已被修改</h2>', 400);
      const notify = p.buildNotification(b.orderNo, b.amountCents, result);
      const r = await app.inject({ method: 'POST', url: `/api/trade/pay/notify/${p.name}`, payload: notify });
      const accepted = r.statusCode === 200;
      const msg = !accepted
        ? `回调被拒绝：${esc(r.json()?.msg ?? r.statusCode)}`
        : result === 'SUCCESS'
          ? '支付成功，请返回网页查看订单'
          : '已模拟支付失败';
      return page(reply, '沙箱支付结果', `<h2 id="result">${msg}</h2><p>订单号：${esc(b.orderNo)}</p>`);
    },
  );
}
