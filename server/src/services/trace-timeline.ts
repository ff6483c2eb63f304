/**
 * The trace timeline (溯源时间线) of one work: its chain of title (upload hash, deposits in the
 * evidence log, registrations and DCI, copyright transfers) and its spread (licences sold, with
 * the buyers masked; monitoring hits and their outcome), oldest first. Read from the records
 * themselves each time, so it is never out of date; a trace certificate prints a snapshot of it.
 */
import type { Queryable } from '../db/index.js';
import { enumLabel, statusLabel } from '../../../src/schemas/index.js';
import { TRACE_EVENT_KIND_VALUES, type TraceEvent } from '../../../src/schemas/api/trace.js';
import { DEPOSIT } from '../repositories/deposits.js';
import { monitorHitsForWork } from '../repositories/monitor-hits.js';
import * as repo from '../repositories/trace.js';

/** Masks a buyer's name for public display: first and last character kept ("青****司", "张*"). */
export function maskName(name: string | null | undefined): string {
  const chars = Array.from((name ?? '').trim());
  if (chars.length === 0) return '匿名买家';
  if (chars.length === 1) return '*';
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(Math.min(chars.length - 2, 4))}${chars[chars.length - 1]}`;
}

/** Other names of monitoring hits' triage states, mapped to the codes of lumen:status/monitor-hit (which labels them). */
const HIT_ALIASES: Record<string, string> = {
  new: 'pending',
  open: 'pending',
  false_positive: 'not_mine',
  ignore: 'ignored',
  takedown_sent: 'takedown',
  licence_offered: 'offered',
};
/** Outcomes that table has no state for. */
const HIT_EXTRA: Record<string, string> = {
  auto_approved: '已授权（自动识别）',
  evidence: '已取证',
  captured: '已取证',
  case: '已提交维权',
};
/** A hit's outcome label; unknown states shown as they are. */
const hitStatusLabel = (s: string) => HIT_EXTRA[s] ?? statusLabel('lumen:status/monitor-hit', HIT_ALIASES[s] ?? s);

const iso = (d: Date | string) => new Date(d).toISOString();
const hostOf = (url: string) => {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
};

function event(e: Partial<TraceEvent> & Pick<TraceEvent, 'kind' | 'at' | 'title'>): TraceEvent {
  return { detail: '', status: null, certNo: null, sha256: null, leafIndex: null, url: null, ...e };
}

/** Every event of a work the caller already checked the user owns. */
export async function workTimeline(q: Queryable, work: repo.TraceWorkRow): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  events.push(
    event({
      kind: 'upload',
      at: iso(work.created_at),
      title: `作品上传：${work.title}`,
      detail: work.upload_sha256
        ? `原始文件 ${work.upload_name ?? ''} 上传完成，文件 SHA-256 已记录`
        : '作品创建于平台',
      status: statusLabel('lumen:status/work', work.status),
      sha256: work.upload_sha256,
    }),
  );

  const deposits = await repo.workDeposits(q, work.id, DEPOSIT.DEPOSITED);
  for (const d of deposits) {
    events.push(
      event({
        kind: 'deposit',
        at: iso(d.at),
        title: `版权存证 ${d.cert_no}`,
        detail: `${d.file_name ? `存证文件 ${d.file_name}，` : ''}文件指纹已写入默克尔存证日志`,
        status: statusLabel('lumen:status/evidence-deposit', 1),
        certNo: d.cert_no,
        sha256: d.sha256,
        leafIndex: d.ledger_height == null ? null : Number(d.ledger_height),
      }),
    );
  }

  const names = [...new Set([work.title, ...deposits.map((d) => d.work_name).filter((n): n is string => !!n)])];
  const registrations = await repo.workRegistrations(q, work.owner_id, names);
  for (const r of registrations) {
    const kind = r.kind === 'dci' ? 'dci' : 'registration';
    events.push(
      event({
        kind,
        at: iso(r.issued_at ?? r.created_at),
        title: `${kind === 'dci' ? 'DCI 登记' : '作品著作权登记'}：${r.work_name}`,
        detail:
          [r.case_no && `受理号 ${r.case_no}`, r.registration_no && `登记号 ${r.registration_no}`]
            .filter(Boolean)
            .join('，') || '已提交登记申请',
        status: statusLabel('lumen:status/registration', r.status),
        certNo: r.registration_no,
      }),
    );
  }

  for (const l of await repo.workLicences(q, work.id)) {
    events.push(
      event({
        kind: 'licence',
        at: iso(l.created_at),
        title: `授权售出：${enumLabel('lumen:licence/use-cases', l.scenario)}`,
        detail: `被授权方 ${maskName(l.licensee_name)}（${enumLabel('lumen:enums/owner-type', l.licensee_type)}）`,
        status: l.revoked_at ? '授权已撤销' : '授权有效',
      }),
    );
  }

  const transfers = await repo.workTransfers(
    q,
    deposits.flatMap((d) => (d.id == null ? [] : [Number(d.id)])),
    registrations.map((r) => Number(r.id)),
  );
  for (const t of transfers) {
    events.push(
      event({
        kind: 'transfer',
        at: iso(t.completed_at ?? t.created_at),
        title: `版权${t.mode === 'licence' ? '许可' : '转让'}：${t.work_name}`,
        detail: `受让方 ${maskName(t.buyer_company || t.buyer_name)}，双方已签署电子合同，交易已写入存证日志`,
        status: '交易完成',
        leafIndex: t.ledger_height == null ? null : Number(t.ledger_height),
      }),
    );
  }

  for (const h of await monitorHitsForWork(q, work.id, work.owner_id)) {
    const seen = h.lastSeen ? `，最近发现于 ${iso(h.lastSeen).slice(0, 10)}` : '';
    events.push(
      event({
        kind: 'monitor-hit',
        at: iso(h.firstSeen),
        title: `监测发现：${hostOf(h.pageUrl)}`,
        detail:
          `${h.similarity == null ? '' : `相似度 ${Math.round(h.similarity <= 1 ? h.similarity * 100 : h.similarity)}%`}${seen}`.replace(
            /^，/,
            '',
          ),
        status: h.status ? hitStatusLabel(h.status) : null,
        url: h.pageUrl,
      }),
    );
  }

  for (const c of await repo.workCertificates(q, work.id)) {
    events.push(
      event({
        kind: 'trace-cert',
        at: iso(c.created_at),
        title: `出具溯源证书 ${c.cert_no}`,
        detail: '证书文件指纹已写入存证日志',
        status: '已出具',
        certNo: c.cert_no,
        sha256: c.sha256,
        leafIndex: c.ledger_height,
      }),
    );
  }

  const order = (k: TraceEvent['kind']) => TRACE_EVENT_KIND_VALUES.indexOf(k);
  return events.sort((a, b) => a.at.localeCompare(b.at) || order(a.kind) - order(b.kind));
}
