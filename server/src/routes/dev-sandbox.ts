import crypto from 'node:crypto';
import { fileAnswer } from '../http/envelope-schema.js';
import type { DocumentedBody } from '../http/openapi.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ContractTypes } from '../http/type-provider.js';
import { smsGateway } from '../adapters/sms/index.js';
import { liveTicket, markScanned } from '../adapters/wechat/index.js';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A small server-rendered page, clearly marked as the sandbox. */
function page(reply: FastifyReply, title: string, body: string) {
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(`<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}（沙箱）</title>
<style>body{font-family:system-ui,"PingFang SC","Microsoft YaHei",sans-serif;max-width:720px;margin:24px auto;padding:0 16px;color:#222}
.badge{display:inline-block;background:#fa8c16;color:#fff;border-radius:4px;padding:2px 8px;font-size:13px}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:8px;text-align:left}
button{padding:8px 16px;margin:4px 0;cursor:pointer}.code{font-weight:bold;font-size:18px;letter-spacing:2px}</style></head>
<body><h1>${esc(title)} <span class="badge">沙箱</span></h1>
<p>此页面仅用于开发与测试环境，模拟真实服务；生产环境不可用。</p>${body}</body></html>`);
}

/** The scan page's ticket, as the QR code carries it (an unknown or expired one gets the page's own message). */
const TICKET_QUERY = { type: 'object', properties: { ticket: { type: 'string', maxLength: 200 } } } as const;

/** The scan page's form (below): read leniently, an unknown ticket or identity gets the page's own message. */
const SCAN_BODY: DocumentedBody = {
  mediaType: 'application/x-www-form-urlencoded',
  schema: {
    type: 'object',
    required: ['ticket', 'openid'],
    properties: {
      ticket: { type: 'string', title: '二维码 ticket' },
      openid: { type: 'string', title: '微信身份', description: '已有用户的 openid，或 new 表示新的微信身份' },
    },
  },
  description: '沙箱扫码页面上的表单提交（GET /dev/wechat 生成）。',
};

/** Every sandbox page: name, link (none when a flow opens it with its own parameters) and what it does. */
const SANDBOXES: Array<[string, string | null, string]> = [
  ['短信', '/dev/sms', '查看本应发送到手机的验证码与通知短信'],
  ['微信扫码登录', null, '登录弹窗的二维码指向 /dev/wechat?ticket=…，打开后选择一个微信身份完成扫码'],
  ['微信支付 / 支付宝', null, '订单支付页的二维码指向 /dev/pay?…，在那里确认或让支付失败，随后发送签名回调'],
  ['版权局（登记与 DCI）', '/dev/authority', '受理、要求补正、不予登记或发证，并回调平台'],
  ['公证处', '/dev/notary', '受理、要求补充材料、不予公证或出具公证书'],
  ['监测平台网页', null, '版权监测扫描的模拟第三方平台（/dev/web/<平台>/…），从监测结果中的侵权链接打开'],
  ['可信时间戳', '/certifiy/platform', '本地测试 CA 为每个检查点签发 RFC 3161 时间戳，可在此查看其证书'],
];

/** /dev/ (the index), /dev/sms (sandbox SMS outbox) and /dev/wechat (sandbox WeChat scan). Refused in production. */
export default async function devSandbox(app: FastifyInstance) {
  app.addHook('onRequest', async (_req, reply) => {
    if (app.config.env === 'production') {
      reply
        .status(404)
        .type('text/html; charset=utf-8')
        .send('<!doctype html><meta charset="utf-8"><p>沙箱页面在生产环境不可用</p>');
    }
  });

  // The index a newcomer opens first: every sandbox, what it stands for and how it is reached.
  app.get('/', { schema: { response: fileAnswer('text/html', '沙箱页面（HTML）') } }, async (_req, reply) => {
    const rows = SANDBOXES.map(
      ([name, href, what]) =>
        `<tr><td>${href ? `<a href="${esc(href)}">${esc(name)}</a>` : esc(name)}</td><td>${esc(what)}</td></tr>`,
    ).join('');
    page(
      reply,
      '第三方服务沙箱',
      `<p>这些第三方服务在本环境中无法真实连接，由沙箱代替。演示账号密码为 <b>Lumen@2026</b>。</p>
<table><tr><th>沙箱</th><th>用途</th></tr>${rows}</table>`,
    );
  });

  app.get('/sms', { schema: { response: fileAnswer('text/html', '沙箱页面（HTML）') } }, async (_req, reply) => {
    const rows = await smsGateway(app.db).recent();
    const list = rows.length
      ? `<table><tr><th>时间</th><th>手机号</th><th>短信内容</th></tr>${rows
          .map(
            (r) =>
              `<tr><td>${esc(new Date(r.created_at).toLocaleString('zh-CN'))}</td><td class="phone">${esc(r.phone)}</td><td class="content">${esc(r.content).replace(/(\d{6})/, '<span class="code">$1</span>')}</td></tr>`,
          )
          .join('')}</table>`
      : '<p>暂无短信。在登录或绑定手机号时点击“获取验证码”后刷新本页。</p>';
    page(reply, '短信沙箱', `<p>最近发送的短信（最新在前）：</p>${list}`);
  });

  const typed = app.withTypeProvider<ContractTypes>();
  typed.get(
    '/wechat',
    { schema: { querystring: TICKET_QUERY, response: fileAnswer('text/html', '沙箱页面（HTML）') } },
    async (req, reply) => {
      const ticket = req.query.ticket ?? '';
      const t = ticket ? await liveTicket(app.db, ticket) : null;
      if (!t)
        return page(reply, '微信扫码沙箱', '<p class="error">二维码已过期或无效，请在电脑端刷新二维码后重新扫码。</p>');
      if (t.state !== 'pending')
        return page(reply, '微信扫码沙箱', '<p class="done">已扫码，请回到电脑端继续操作。</p>');
      const ids = await app.db.query<{ wechat_openid: string; nickname: string }>(
        'SELECT wechat_openid, nickname FROM users WHERE wechat_openid IS NOT NULL ORDER BY id LIMIT 20',
      );
      const choice = (openid: string, label: string) =>
        `<form method="post" action="/dev/wechat"><input type="hidden" name="ticket" value="${esc(ticket)}"><input type="hidden" name="openid" value="${esc(openid)}"><button type="submit">${esc(label)}</button></form>`;
      page(
        reply,
        '微信扫码沙箱',
        `<p>模拟用微信扫描登录二维码并关注公众号。请选择一个微信身份：</p>
       ${ids.rows.map((r) => choice(r.wechat_openid, `以已有微信身份登录：${r.nickname}`)).join('')}
       ${choice('new', '使用新的微信身份（首次登录，需要绑定手机号）')}`,
      );
    },
  );

  const scan = {
    config: { requestBody: SCAN_BODY },
    schema: { response: fileAnswer('text/html', '沙箱页面（HTML）') },
  };
  app.post('/wechat', scan, async (req, reply) => {
    const body = (req.body ?? {}) as Record<string, string>;
    const isNew = body.openid === 'new';
    const openid = isNew ? `sandbox_${crypto.randomBytes(9).toString('base64url')}` : String(body.openid ?? '');
    const known = isNew
      ? null
      : await app.db.query<{ nickname: string }>('SELECT nickname FROM users WHERE wechat_openid = $1', [openid]);
    if (!isNew && !known?.rows.length) return page(reply, '微信扫码沙箱', '<p class="error">该微信身份不存在。</p>');
    const nickname = isNew ? `微信用户${openid.slice(-4)}` : known!.rows[0].nickname;
    const done = await markScanned(app.db, String(body.ticket ?? ''), openid, nickname);
    page(
      reply,
      '微信扫码沙箱',
      done
        ? '<p class="done">扫码成功，请回到电脑端继续操作。</p>'
        : '<p class="error">二维码已过期或已被使用，请刷新二维码后重试。</p>',
    );
  });
}
