/**
 * Notarization (司法公证): a user applies to have one of their evidence items attested by a notary
 * office (adapters/notary), spending one unit of a paid notarization service order. The office's
 * signed decisions (受理, 补充材料 with a deadline, 不予公证, 出具公证书) are applied once and only from
 * states they fit; each change is on the timeline and in the applicant's inbox.
 */
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { ObjectStore } from '../storage/types.js';
import type { NotaryApplication, NotaryDecision, NotaryOffice } from '../adapters/notary/index.js';
import * as n from '../repositories/notarizations.js';
import { quotaLeft } from '../repositories/service-orders.js';
import { consumeQuota, noQuota, releaseQuota } from './service-orders-quota.js';
import { applyOnce, movesFromMachine, type DecisionOutcome } from './office-decisions.js';
import { notify } from './notifications.js';

const ref = (id: number) => `notarization:${id}`;
const LIST = '/cyprotect/myjustice';

function application(f: n.NotaryFilingRow, publicUrl: string): NotaryApplication {
  const base = publicUrl.replace(/\/$/, '');
  const verifyUrl =
    f.evidenceType === 'deposit'
      ? `${base}/certifiy/copyright/deposit/${f.certNo ?? ''}`
      : `${base}/certifiy/copyright/register/${f.evidenceId}`;
  return {
    applicationNo: `NTY-${f.id}`,
    applicant: { name: String(f.form.contactName ?? ''), phone: String(f.form.contactPhone ?? '') },
    purpose: String(f.form.purpose ?? ''),
    evidence: { type: f.evidenceType, title: f.evidenceTitle, digest: f.evidenceDigest, verifyUrl },
    supplement: f.form.supplement,
  };
}

/** Creates an application for one of the user's evidence items, spending a paid unit atomically with it. */
export async function applyForNotarization(db: Db, userId: number, form: Record<string, any>): Promise<number> {
  const [type, rawId] = String(form.evidence).split(':');
  const item = await n.evidenceItem(db, userId, type as n.EvidenceType, Number(rawId));
  const fieldError = (msg: string) => new AppError(400, msg, { fieldErrors: { '/evidence': msg } });
  if (!item) throw fieldError('证据不存在或尚未完成存证/登记，只能为本人已完成的存证或已发证的登记申请公证');
  if (!(await quotaLeft(db, userId, 'notarization')).some((q) => q.left > 0)) throw noQuota('notarization');
  return db.tx(async (t) => {
    const id = await n.insertNotarization(t, userId, item, form);
    await consumeQuota(t, { userId, service: 'notarization', ref: ref(id) });
    return id;
  });
}

/** Files an application with the notary after it committed (idempotent at the office). */
export async function fileWithNotary(db: Db, notary: NotaryOffice, publicUrl: string, id: number): Promise<void> {
  const f = await n.notarizationFiling(db, id);
  if (!f || f.caseNo) return;
  const { caseNo } = await notary.submit(application(f, publicUrl));
  await db.tx(async (t) => {
    await n.setNotaryCaseNo(t, id, caseNo);
    await n.insertNotarizationEvent(t, id, n.NOTARY.SUBMITTED, `已提交至${notary.label}`, `受理号 ${caseNo}`);
  });
}

/** The applicant's supplement after an information request: back to the office, within its deadline. */
export async function supplyInformation(
  db: Db,
  notary: NotaryOffice,
  publicUrl: string,
  userId: number,
  id: number,
  supplement: string,
): Promise<void> {
  const f = await n.notarizationFiling(db, id);
  if (!f || f.userId !== userId) throw new AppError(404, '记录不存在');
  if (f.status !== n.NOTARY.INFO) throw new AppError(409, '公证处未要求补充材料');
  const deadline = f.request?.deadline;
  if (deadline && new Date(deadline).getTime() < Date.now())
    throw new AppError(409, '补充材料期限已过，请联系公证处或重新申请');
  if (!(await n.moveNotarization(db, id, [n.NOTARY.INFO], n.NOTARY.ACCEPTED, { supplement })))
    throw new AppError(409, '公证处未要求补充材料');
  await notary.resubmit(f.caseNo!, application({ ...f, form: { ...f.form, supplement } }, publicUrl));
  await n.insertNotarizationEvent(db, id, n.NOTARY.ACCEPTED, '已补充材料并重新提交', supplement);
}

/** Withdrawing before the office decided gives the unit back (in the transition's transaction). */
export async function releaseNotarizationUnit(q: Queryable, id: number): Promise<void> {
  const f = await n.notarizationFiling(q, id);
  if (f) await releaseQuota(q, { userId: f.userId, service: 'notarization', ref: ref(id) });
}

/** A notarization's status for each state of its case at the notary office (the shared machine's states). */
export const NOTARIZATION_STATUS_OF_CASE: Record<string, number> = {
  received: n.NOTARY.SUBMITTED,
  accepted: n.NOTARY.ACCEPTED,
  info_requested: n.NOTARY.INFO,
  refused: n.NOTARY.REFUSED,
  issued: n.NOTARY.ISSUED,
  withdrawn: n.NOTARY.WITHDRAWN,
};

/** Which statuses each decision may move a notarization from, and to: the notary's machine, mapped. */
const MOVES = movesFromMachine<NotaryDecision['decision']>('notary', NOTARIZATION_STATUS_OF_CASE, {
  accept: '公证处已受理',
  request_info: '公证处要求补充材料',
  refuse: '公证处决定不予公证',
  issue: '公证书已出具',
});

/** Applies a verified notary decision once; an 'issue' stores the certificate first (outside the transaction). */
export async function applyNotaryDecision(
  db: Db,
  storage: ObjectStore,
  notary: NotaryOffice,
  d: NotaryDecision,
): Promise<DecisionOutcome> {
  const id = await n.notarizationIdByCase(db, d.caseNo);
  let certificateKey: string | undefined;
  if (id !== null && d.decision === 'issue' && d.number) {
    certificateKey = await storage.put(
      `notarial-certificates/${id}/certificate.pdf`,
      await notary.certificate(d.caseNo, d.number),
      { contentType: 'application/pdf' },
    );
  }
  return applyOnce(db, 'notary', d, async (t, id) => {
    const m = MOVES[d.decision];
    if (d.decision === 'issue' && !d.number) return 'out_of_state';
    const request = d.decision === 'request_info' ? { message: d.message, deadline: d.deadline } : undefined;
    const moved = await n.moveNotarization(t, id, m.from, m.to, {
      request,
      certificateNo: d.number ?? undefined,
      certificateKey,
      issued: d.decision === 'issue',
    });
    if (!moved) return 'out_of_state';
    const detail =
      d.decision === 'issue'
        ? `公证书编号 ${d.number}`
        : d.decision === 'request_info' && d.deadline
          ? `${d.message}（请于 ${d.deadline.slice(0, 10)} 前补充）`
          : d.message;
    await n.insertNotarizationEvent(t, id, m.to, m.title, detail);
    await notify(t, moved.userId, {
      kind: 'notarization',
      title: `「${moved.title}」司法公证：${m.title}`,
      body: detail,
      link: `${LIST}?action=show&id=${id}`,
      dedupeKey: `notary:${d.notifyId}`,
    });
    return 'applied';
  });
}
