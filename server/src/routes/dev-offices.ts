import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { fileAnswer } from '../http/envelope-schema.js';
import { copyrightAuthority } from '../adapters/authority/index.js';
import { notaryOffice } from '../adapters/notary/index.js';
import type { SandboxOffice } from '../adapters/sandbox-office.js';
import { listCases } from '../repositories/sandbox-office-cases.js';
import { esc, page } from './dev-trade.js';
import { enumLabel, statusLabel } from '../../../src/schemas/index.js';

interface OfficePage {
  title: string;
  notifyUrl: string;
  office: (app: FastifyInstance) => SandboxOffice;
  /** Buttons: decision, label, whether it asks for a message / fields / a deadline. */
  decisions: Array<{ value: string; label: string; message?: string; fields?: boolean; deadline?: boolean }>;
  /** One line describing a case's application. */
  describe: (payload: Record<string, any>) => string;
}

/** The sandbox offices: the copyright authority and the notary office. */
export const OFFICE_PAGES: Record<string, OfficePage> = {
  authority: {
    title: '版权登记机构',
    notifyUrl: '/api/protection/authority/notify',
    office: (app) => copyrightAuthority(app.config, app.db).office,
    decisions: [
      { value: 'accept', label: '受理' },
      { value: 'correct', label: '要求补正', message: '需补正的内容', fields: true, deadline: true },
      { value: 'reject', label: statusLabel('lumen:status/registration', 5), message: '驳回理由' },
      { value: 'issue', label: '发证' },
    ],
    describe: (p) =>
      `${p.kind === 'dci' ? 'DCI 登记' : enumLabel('lumen:enums/registration-service', 1)} · ${p.workName} · 申请人 ${p.applicant?.name ?? ''} · 文件 ${(p.files ?? []).length} 个`,
  },
  notary: {
    title: '公证处',
    notifyUrl: '/api/protection/notarization/notify',
    office: (app) => notaryOffice(app.config, app.db).office,
    decisions: [
      { value: 'accept', label: '受理' },
      { value: 'request_info', label: '要求补充材料', message: '需补充的材料', deadline: true },
      { value: 'refuse', label: statusLabel('lumen:status/notarization', 4), message: '理由' },
      { value: 'issue', label: '出具公证书' },
    ],
    describe: (p) =>
      `${p.evidence?.type === 'deposit' ? '存证' : '登记'}「${p.evidence?.title ?? ''}」· 摘要 ${String(p.evidence?.digest ?? '').slice(0, 16)}… · 用途：${p.purpose ?? ''}${p.supplement ? ` · 补充：${p.supplement}` : ''}`,
  },
};

/** The sandbox case states in Chinese (the last decision taken, or what the applicant did). */
const STATE_LABELS: Record<string, string> = {
  received: '已收到',
  resubmitted: '申请人已补正/补充',
  accept: '已受理',
  correct: '已要求补正',
  reject: statusLabel('lumen:status/registration', 5),
  issue: '已发证',
  request_info: '已要求补充材料',
  refuse: statusLabel('lumen:status/notarization', 4),
};

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

  for (const [name, o] of Object.entries(OFFICE_PAGES)) {
    app.get(`/${name}`, { schema: { response: fileAnswer('text/html', '沙箱页面（HTML）') } }, async (_req, reply) => {
      const cases = await listCases(app.db, name as 'authority' | 'notary');
      const rows = cases
        .map((c) => {
          const buttons = o.decisions
            .map(
              (d) =>
                `<button type="submit" name="decision" value="${d.value}" data-decision="${d.value}">${esc(d.label)}</button>`,
            )
            .join('');
          return `<tr data-case="${esc(c.caseNo)}"><td>${esc(c.caseNo)}<br><small>${esc(c.applicationNo)}</small></td><td>${esc(o.describe(c.payload))}<br><small>状态：${esc(STATE_LABELS[c.state] ?? c.state)}</small></td>
<td><form method="post" action="/dev/${name}"><input type="hidden" name="caseNo" value="${esc(c.caseNo)}">
<textarea name="message" rows="2" placeholder="说明（补正内容、驳回理由）"></textarea>
<input name="fields" placeholder="需补正的字段，逗号分隔，如 workName,authorName"><label>期限（天）<input name="deadlineDays" type="number" min="1" max="60" value="30"></label>
${buttons}</form></td></tr>`;
        })
        .join('');
      return page(
        reply,
        `${o.title}（沙箱）`,
        `${STYLE}<h2>${esc(o.title)} · 沙箱</h2><p>开发环境模拟的${esc(o.title)}：每个按钮向平台发送签名的处理结果回调。</p>
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
              decision: { type: 'string', enum: o.decisions.map((d) => d.value) },
              message: { type: 'string', maxLength: 500 },
              fields: { type: 'string', maxLength: 300 },
              deadlineDays: { type: 'integer', minimum: 1, maximum: 60 },
            },
          },
          response: fileAnswer('text/html', '沙箱页面（HTML）'),
        },
      },
      async (req, reply) => {
        const b = req.body;
        const spec = o.decisions.find((d) => d.value === b.decision)!;
        const office = o.office(app);
        if (!(await office.findCase(b.caseNo))) return page(reply, '不存在', '<h2>受理号不存在</h2>', 404);
        const body = await office.decide(b.caseNo, {
          decision: b.decision,
          message: spec.message ? b.message?.trim() || spec.label : '',
          fields: spec.fields ? (b.fields ?? '').split(/[,，\s]+/).filter(Boolean) : [],
          deadlineDays: spec.deadline ? (b.deadlineDays ?? 30) : undefined,
        });
        const r = await app.inject({ method: 'POST', url: o.notifyUrl, payload: body });
        const msg =
          r.statusCode === 200 ? `已${spec.label}，回调已被平台接受` : `回调被拒绝：${r.json()?.msg ?? r.statusCode}`;
        return page(
          reply,
          `${o.title}（沙箱）`,
          `<h2 id="result">${esc(msg)}</h2><p>受理号：${esc(b.caseNo)}</p><p><a href="/dev/${name}">返回</a></p>`,
        );
      },
    );
  }
}
