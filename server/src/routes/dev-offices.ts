import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { fileAnswer } from '../http/envelope-schema.js';
import { copyrightAuthority } from '../adapters/authority/index.js';
import { notaryOffice } from '../adapters/notary/index.js';
import { OfficeRefusal, type SandboxOffice } from '../adapters/sandbox-office.js';
import { holdCallback, listCases, takeHeldCallbacks, type Office } from '../repositories/sandbox-office-cases.js';
import { esc, page } from './dev-trade.js';
import { enumLabel } from '../../../src/schemas/index.js';
import { caseStateAfter, OFFICE_CASES } from '../../../src/schemas/cyprotect/office-cases.js';

interface OfficePage {
  title: string;
  notifyUrl: string;
  office: (app: FastifyInstance) => SandboxOffice;
  /** What each decision asks for besides itself (labels and allowed states: the shared machine). */
  asks: Record<string, { message?: string; fields?: boolean; deadline?: boolean }>;
  /** One line describing a case's application. */
  describe: (payload: Record<string, any>) => string;
}

/** The sandbox offices: the copyright authority and the notary office. */
export const OFFICE_PAGES: Record<Office, OfficePage> = {
  authority: {
    title: '版权登记机构',
    notifyUrl: '/api/protection/authority/notify',
    office: (app) => copyrightAuthority(app.config, app.db).office,
    asks: {
      correct: { message: '需补正的内容', fields: true, deadline: true },
      reject: { message: '驳回理由' },
    },
    describe: (p) =>
      `${p.kind === 'dci' ? 'DCI 登记' : enumLabel('lumen:enums/registration-service', 1)} · ${p.workName} · 申请人 ${p.applicant?.name ?? ''} · 文件 ${(p.files ?? []).length} 个`,
  },
  notary: {
    title: '公证处',
    notifyUrl: '/api/protection/notarization/notify',
    office: (app) => notaryOffice(app.config, app.db).office,
    asks: {
      request_info: { message: '需补充的材料', deadline: true },
      refuse: { message: '理由' },
    },
    describe: (p) =>
      `${p.evidence?.type === 'deposit' ? '存证' : '登记'}「${p.evidence?.title ?? ''}」· 摘要 ${String(p.evidence?.digest ?? '').slice(0, 16)}… · 用途：${p.purpose ?? ''}${p.supplement ? ` · 补充：${p.supplement}` : ''}`,
  },
};

/** How the sandbox delivers a decision's callback: as sent, held back to send later (out of order), or lost. */
const DELIVERIES = { now: '立即送达', hold: '暂缓送达（稍后补发）', lose: '丢失（平台只能查询状态得知）' } as const;

/** What the platform's answer to a delivered callback means, for the person at the sandbox page. */
function answerText(status: number, body: { msg?: string; data?: { outcome?: string } } | undefined): string {
  if (status !== 200) return `回调被拒绝：${body?.msg ?? status}`;
  const outcome = body?.data?.outcome;
  if (outcome === 'deferred') return '平台已收到，此前的决定尚未送达：平台将向机构查询状态后按序处理';
  if (outcome === 'duplicate') return '平台此前已处理过该回调';
  if (outcome === 'stale') return '平台的记录已在该决定之后';
  return '回调已被平台接受';
}

const STYLE =
  '<style>body{max-width:960px}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:8px;text-align:left;vertical-align:top}input,textarea{width:100%;box-sizing:border-box;margin:2px 0}button{font-size:13px;padding:6px 10px;margin:2px}</style>';

/**
 * Development-only office sandboxes (refused in production): /dev/authority (and /dev/notary) list
 * what the office received; each button sends the office's signed decision to the product's callback.
 */
export default async function devOfficeRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.addHook('onRequest', async (_req, reply) => {
    if (app.config.env === 'production') return page(reply, '不可用', '<h2>沙箱页面在生产环境中不可用</h2>', 404);
  });

  for (const [name, o] of Object.entries(OFFICE_PAGES) as [Office, OfficePage][]) {
    const machine = OFFICE_CASES[name];
    const deliver = async (callback: Record<string, string>) => {
      const r = await app.inject({ method: 'POST', url: o.notifyUrl, payload: callback });
      return answerText(r.statusCode, r.json());
    };
    const result = (reply: FastifyReply, caseNo: string, lines: string[], status = 200) =>
      page(
        reply,
        `${o.title}（沙箱）`,
        `${lines.map((l, i) => (i === 0 ? `<h2 id="result">${esc(l)}</h2>` : `<p>${esc(l)}</p>`)).join('')}<p>受理号：${esc(caseNo)}</p><p><a href="/dev/${name}">返回</a></p>`,
        status,
      );

    app.get(`/${name}`, { schema: { response: fileAnswer('text/html', '沙箱页面（HTML）') } }, async (_req, reply) => {
      const cases = await listCases(app.db, name);
      const deliveries = Object.entries(DELIVERIES)
        .map(([v, label]) => `<option value="${v}">${esc(label)}</option>`)
        .join('');
      const rows = cases
        .map((c) => {
          // Only what the office may do from the case's state is offered (the POST refuses the rest too).
          const buttons = Object.entries(machine.decisions)
            .map(
              ([value, d]) =>
                `<button type="submit" name="decision" value="${value}" data-decision="${value}"${caseStateAfter(name, c.state, value) ? '' : ' disabled'}>${esc(d.label)}</button>`,
            )
            .join('');
          const held = c.held.length
            ? `<form method="post" action="/dev/${name}/deliver-held"><input type="hidden" name="caseNo" value="${esc(c.caseNo)}"><button type="submit" data-deliver-held>补发暂缓的回调（${c.held.length}）</button></form>`
            : '';
          return `<tr data-case="${esc(c.caseNo)}"><td>${esc(c.caseNo)}<br><small>${esc(c.applicationNo)}</small></td><td>${esc(o.describe(c.payload))}<br><small>状态：<span data-state="${esc(c.state)}">${esc(machine.states[c.state] ?? c.state)}</span> · 已作出 ${c.seq} 项决定</small>${held}</td>
<td><form method="post" action="/dev/${name}"><input type="hidden" name="caseNo" value="${esc(c.caseNo)}">
<textarea name="message" rows="2" placeholder="说明（补正内容、驳回理由）"></textarea>
<input name="fields" placeholder="需补正的字段，逗号分隔，如 workName,authorName"><label>期限（天）<input name="deadlineDays" type="number" min="1" max="60" value="30"></label>
<label>回调<select name="delivery">${deliveries}</select></label>
${buttons}</form></td></tr>`;
        })
        .join('');
      return page(
        reply,
        `${o.title}（沙箱）`,
        `${STYLE}<h2>${esc(o.title)} · 沙箱</h2><p>开发环境模拟的${esc(o.title)}：每个按钮作出一项决定，并按所选方式向平台发送签名的回调（每项回调带案件状态与决定序号）；暂缓或丢失的回调由平台向机构查询状态后补齐。</p>
<table><tr><th>受理号</th><th>申请</th><th>处理</th></tr>${rows || '<tr><td colspan="3">暂无申请</td></tr>'}</table>`,
      );
    });

    app.post(
      `/${name}`,
      {
        schema: {
          body: {
            type: 'object',
            required: ['caseNo', 'decision'],
            properties: {
              caseNo: { type: 'string', maxLength: 60 },
              decision: { type: 'string', enum: Object.keys(machine.decisions) },
              message: { type: 'string', maxLength: 500 },
              fields: { type: 'string', maxLength: 300 },
              deadlineDays: { type: 'integer', minimum: 1, maximum: 60 },
              delivery: { type: 'string', enum: Object.keys(DELIVERIES) },
            },
          },
          response: fileAnswer('text/html', '沙箱页面（HTML）'),
        },
      },
      async (req, reply) => {
        const b = req.body;
        const label = machine.decisions[b.decision].label;
        const asks = o.asks[b.decision] ?? {};
        const office = o.office(app);
        if (!(await office.findCase(b.caseNo))) return page(reply, '不存在', '<h2>受理号不存在</h2>', 404);
        let callback: Record<string, string>;
        try {
          callback = await office.decide(b.caseNo, {
            decision: b.decision,
            message: asks.message ? b.message?.trim() || label : '',
            fields: asks.fields ? (b.fields ?? '').split(/[,，\s]+/).filter(Boolean) : [],
            deadlineDays: asks.deadline ? (b.deadlineDays ?? 30) : undefined,
          });
        } catch (err) {
          if (err instanceof OfficeRefusal) return result(reply, b.caseNo, [`机构不能作出该决定：${err.message}`], 409);
          throw err;
        }
        const done = `已${label}（第 ${callback.seq} 项决定）`;
        if (b.delivery === 'hold') {
          await holdCallback(app.db, name, b.caseNo, callback);
          return result(reply, b.caseNo, [`${done}，回调暂缓送达`]);
        }
        if (b.delivery === 'lose') return result(reply, b.caseNo, [`${done}，回调已丢失`]);
        return result(reply, b.caseNo, [`${done}，${await deliver(callback)}`]);
      },
    );

    app.post(
      `/${name}/deliver-held`,
      {
        schema: {
          body: { type: 'object', required: ['caseNo'], properties: { caseNo: { type: 'string', maxLength: 60 } } },
          response: fileAnswer('text/html', '沙箱页面（HTML）'),
        },
      },
      async (req, reply) => {
        const held = await takeHeldCallbacks(app.db, name, req.body.caseNo);
        if (!held.length) return result(reply, req.body.caseNo, ['没有暂缓的回调'], 404);
        const lines = [`已补发 ${held.length} 项暂缓的回调`];
        for (const callback of held) {
          lines.push(
            `第 ${callback.seq} 项（${machine.decisions[callback.decision]?.label}）：${await deliver(callback)}`,
          );
        }
        return result(reply, req.body.caseNo, lines);
      },
    );
  }
}
