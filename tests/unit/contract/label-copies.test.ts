import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Enums once (issue #30): a code's label lives in its contract table (src/schemas/status/*,
 * src/schemas/enums/*) and code reads it from there (statusLabel, enumLabel, enumOptions,
 * tableLabel). A string literal or JSX text in src/ or server/src equal to a table's label is a copy
 * that drifts when the table changes ("10分钟以内" against "10分钟以下", "待审核" against "审核中").
 */

const TABLE_DIRS = ['src/schemas/status', 'src/schemas/enums'];
const SOURCE_DIRS = ['src', 'server/src'];
/** The contract itself holds the tables (and forms that repeat their options for RJSF). */
const SKIP_DIRS = ['src/schemas'];

/**
 * The same words that name something else than the table's state. One line each: why it is not a
 * copy. `files` narrows an entry to where it holds; without it the word is common UI vocabulary.
 */
const ALLOWED: { label: string; files?: string[]; reason: string }[] = [
  { label: '重试', reason: 'the retry button, not a chunk upload state' },
  {
    label: '提现',
    files: ['server/src/http/openapi-tags.ts'],
    reason: "the API reference's name of the /api/user/withdrawal group",
  },
  {
    label: '失败',
    files: ['server/src/http/openapi.ts'],
    reason: "the API reference's description of every route's error answer",
  },
  { label: '全部', reason: 'the "no filter" option of a filter whose table has no such code' },
  { label: '驳回', reason: 'the reject button, not a withdrawal event' },
  { label: '其他', reason: 'an "other" option of form-local lists (report reasons, enquiry topics)' },
  { label: '充值', files: ['src/pages/account/wallet/WalletPage.tsx'], reason: 'the top-up button' },
  {
    label: '成功',
    files: ['src/components/capture/CaptureResult.tsx', 'server/src/adapters/pay/sandbox.ts'],
    reason: "a captured page's or sandbox call's outcome",
  },
  {
    label: '失败',
    files: ['src/components/capture/CaptureResult.tsx', 'server/src/services/capture/run-capture.ts'],
    reason: "a captured page's outcome, not the capture's state",
  },
  {
    label: '不可用',
    files: ['server/src/routes/dev-offices.ts', 'server/src/routes/dev-trade.ts'],
    reason: 'the sandbox pages\' "not available in production" title',
  },
  {
    label: '已过期',
    files: ['src/pages/account/security/SecurityPage.tsx'],
    reason: 'a login session expired; sessions have no status table',
  },
  { label: '已使用', files: ['src/pages/cyprotect/MyOrderInfo.tsx'], reason: 'a service-quota use, not a coupon' },
  {
    label: '机构',
    files: ['src/pages/certify/PlatformPage.tsx'],
    reason: 'the timestamp authority ("机构"), not a certificate type',
  },
  {
    label: '已出证',
    files: ['src/pages/cyprotect/MyTrace.tsx'],
    reason: 'a count of certificates issued for a work, beside its work status',
  },
  {
    label: '已驳回',
    files: [
      'src/pages/account/subsidiary/SubsidiaryPage.tsx',
      'src/pages/admin/content/ListingReviewTable.tsx',
      'src/pages/admin/review/ReviewDetail.tsx',
      'server/src/routes/copyright-trading.ts',
      'server/src/routes/sub-accounts.ts',
      'server/src/routes/review.ts',
    ],
    reason: "a reject decision's notice where the record's status reads otherwise or has no table",
  },
  {
    label: '提交审核',
    files: ['src/pages/copyright-trading/PublishCopyrightPage.tsx'],
    reason: "a copyright listing's submit button, not a work event",
  },
  {
    label: '取消申请',
    files: ['src/resources/invoices.ts', 'src/resources/service-orders.ts'],
    reason: 'cancel buttons of invoices and service orders, not a withdrawal event',
  },
  { label: '退款', files: ['src/resources/orders.ts'], reason: 'a column heading, not the wallet entry kind' },
  {
    label: '邀请奖励',
    files: ['src/resources/invites.ts'],
    reason: 'a column heading (the reward amount), not the wallet entry kind',
  },
  { label: '图片', files: ['src/resources/image-packages.ts'], reason: "a column heading (the image's title)" },
  {
    label: '增值税专用发票',
    files: ['server/src/documents/invoice-pdf.ts'],
    reason: 'the invoice PDF heading uses short names (普通发票), asserted by its tests',
  },
  {
    label: '模板',
    files: ['server/src/seed/catalogue/compose.ts'],
    reason: "seed materials' tag words (the video one is 视频素材), not labels",
  },
  { label: '图片', files: ['server/src/seed/catalogue/compose.ts'], reason: "seed materials' tag words, not labels" },
  {
    label: '最新上传',
    files: ['src/pages/home/HomePage.tsx'],
    reason: 'a home page section heading (beside 热门下载), not the sort picker',
  },
  {
    label: '进行中',
    files: ['src/pages/monitor/MyMonitorPage.tsx'],
    reason: 'a monitoring scan not finished yet, in a "finished at" column',
  },
  // Copyright service names: product and page titles in menus, routes and headings.
  ...['版权存证', '版权登记', '版权监测', '司法公证', '著作权登记'].map((label) => ({
    label,
    reason: 'a copyright service named as a page, menu or proof title',
  })),
];

function tableLabels(root: string): Map<string, string[]> {
  const labels = new Map<string, string[]>();
  for (const dir of TABLE_DIRS)
    for (const f of fs.readdirSync(path.join(root, dir)).filter((n) => n.endsWith('.json'))) {
      const table = JSON.parse(fs.readFileSync(path.join(root, dir, f), 'utf8'));
      for (const b of table.oneOf ?? [])
        if (typeof b.title === 'string') labels.set(b.title, [...(labels.get(b.title) ?? []), table.$id]);
    }
  return labels;
}

function sourceFiles(root: string, dir: string): string[] {
  if (SKIP_DIRS.includes(dir)) return [];
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sourceFiles(root, rel);
    return /\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [rel] : [];
  });
}

/** Every string literal and JSX text in a file equal to a label: `file:line  label  (tables)`. */
function copiesIn(
  root: string,
  file: string,
  labels: Map<string, string[]>,
): { file: string; line: number; label: string; tables: string[] }[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  // Parsing is the slow part: only files holding a label's characters at all.
  if (![...labels.keys()].some((l) => text.includes(l))) return [];
  const sf = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const out: { file: string; line: number; label: string; tables: string[] }[] = [];
  const visit = (node: ts.Node) => {
    const value =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isJsxText(node)
          ? node.text.trim()
          : undefined;
    const tables = value === undefined ? undefined : labels.get(value);
    if (tables)
      out.push({ file, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1, label: value!, tables });
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

const allowed = (c: { file: string; label: string }) =>
  ALLOWED.some((a) => a.label === c.label && (!a.files || a.files.includes(c.file)));

describe('contract labels are read from their tables, never copied', () => {
  const root = process.cwd();
  const labels = tableLabels(root);
  let scanned: ReturnType<typeof copiesIn> | undefined;
  const scan = () =>
    (scanned ??= SOURCE_DIRS.flatMap((d) => sourceFiles(root, d)).flatMap((f) => copiesIn(root, f, labels)));

  it('no string literal in src/ or server/src equals a status or enum label', () => {
    const copies = scan().filter((c) => !allowed(c));
    expect(copies.map((c) => `${c.file}:${c.line}  "${c.label}"  (${c.tables.join(', ')})`)).toEqual([]);
  });

  it('every allowlist entry still matches a literal (stale entries go)', () => {
    const all = scan();
    const stale = ALLOWED.flatMap((a) => (a.files ?? [undefined]).map((file) => ({ label: a.label, file }))).filter(
      (a) => !all.some((c) => c.label === a.label && (a.file === undefined || c.file === a.file)),
    );
    expect(stale).toEqual([]);
  });

  it('the scan finds a copy (guards the walker itself)', () => {
    const dir = fs.mkdtempSync(path.join(fs.realpathSync(process.env.TMPDIR ?? '/tmp'), 'label-copies-'));
    fs.writeFileSync(
      path.join(dir, 'x.tsx'),
      "export const A = { 0: '审核中' };\nexport const B = () => <span> 审核中 </span>;\n",
    );
    const found = copiesIn(dir, 'x.tsx', new Map([['审核中', ['lumen:status/withdrawal']]]));
    fs.rmSync(dir, { recursive: true });
    expect(found.map((c) => c.line)).toEqual([1, 2]);
  });
});
