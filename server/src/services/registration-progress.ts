/**
 * Registrations and DCI registrations that progress: filed with the copyright authority
 * (adapters/authority) once created, moved by the authority's signed decisions (受理, 补正 with a
 * deadline, 不予登记, 发证 with the number and certificate), each applied once and only in a state it
 * fits, every change on the registration's timeline and in the applicant's inbox.
 */
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import type { ObjectStore } from '../storage/types.js';
import type { AuthorityApplication, AuthorityDecision, CopyrightAuthority } from '../adapters/authority/index.js';
import { REG } from '../repositories/registrations.js';
import * as rp from '../repositories/registration-progress.js';
import { applyOnce, movesFromMachine, type DecisionOutcome } from './office-decisions.js';
import { notify } from './notifications.js';
import { registrationDecidedEvent } from './webhooks/events.js';
import { enumLabel } from '../../../src/schemas/index.js';

const listPath = (kind: string) => (kind === 'dci' ? '/cyprotect/mydciregister' : '/cyprotect/myregister');
const kindName = (kind: string) => (kind === 'dci' ? 'DCI 登记' : enumLabel('lumen:enums/registration-service', 1));

function application(f: rp.FilingRow): AuthorityApplication {
  return {
    applicationNo: `${f.kind === 'dci' ? 'DCI' : 'REG'}-${f.id}`,
    kind: f.kind,
    workName: f.workName,
    workCategory: f.workCategory,
    applicant: { name: f.applicantName, type: f.applicantType },
    files: (f.files ?? []).map((x) => ({ name: x.name, size: x.size, sha256: x.sha256 })),
    form: f.form,
  };
}

/**
 * Files a new registration with the authority and keeps its case number. Runs after the creating
 * transaction committed; the authority answers a repeated filing with the same case, so a retry is safe.
 */
export async function fileWithAuthority(db: Db, authority: CopyrightAuthority, id: number): Promise<string> {
  const f = await rp.filingOf(db, id);
  if (!f) throw new Error(`registration ${id} not found`);
  if (f.caseNo) return f.caseNo;
  const { caseNo } = await authority.submit(application(f));
  await db.tx(async (t) => {
    await rp.setCaseNo(t, id, caseNo);
    await rp.insertRegistrationEvent(t, id, REG.SUBMITTED, `已提交至${authority.label}`, `受理号 ${caseNo}`);
  });
  return caseNo;
}

/** A correction past the authority's deadline is not accepted any more. */
export function refuseLateCorrection(row: Record<string, any>): void {
  const deadline = row.correction?.deadline;
  if (Number(row.status) === REG.CORRECTION && deadline && new Date(deadline).getTime() < Date.now()) {
    throw new AppError(409, '补正期限已过，该申请无法再修改，请重新提交登记申请');
  }
}

/** After the applicant corrected (or edited before acceptance): the authority gets the new application. */
export async function resubmitToAuthority(
  db: Db,
  authority: CopyrightAuthority,
  before: Record<string, any>,
  id: number,
): Promise<void> {
  const f = await rp.filingOf(db, id);
  if (!f?.caseNo) return;
  await authority.resubmit(f.caseNo, application(f));
  const corrected = Number(before.status) === REG.CORRECTION;
  await rp.insertRegistrationEvent(db, id, REG.SUBMITTED, corrected ? '已补正并重新提交' : '申请已修改并重新提交');
}

/** A registration's status for each state of its case at the authority (the shared machine's states). */
export const REGISTRATION_STATUS_OF_CASE: Record<string, number> = {
  received: REG.SUBMITTED,
  resubmitted: REG.SUBMITTED,
  accepted: REG.REVIEW,
  correction: REG.CORRECTION,
  rejected: REG.REJECTED,
  issued: REG.REGISTERED,
  withdrawn: REG.WITHDRAWN,
};

/** Which statuses each decision may move a registration from, and to: the authority's machine, mapped. */
const MOVES = movesFromMachine<AuthorityDecision['decision']>('authority', REGISTRATION_STATUS_OF_CASE, {
  accept: '登记机构已受理',
  correct: '登记机构要求补正',
  reject: '登记机构决定不予登记',
  issue: '登记成功，证书已发放',
});

/**
 * Applies a verified decision. An 'issue' first fetches and stores the certificate (outside any
 * transaction: PGlite would block meanwhile; its key is fixed per registration, so a replay
 * rewrites the same object). Then one transaction: the notification once (UNIQUE), the
 * conditional status move, the timeline entry and the applicant's notification.
 */
export async function applyAuthorityDecision(
  db: Db,
  storage: ObjectStore,
  authority: CopyrightAuthority,
  d: AuthorityDecision,
): Promise<DecisionOutcome> {
  const id = await rp.registrationIdByCase(db, d.caseNo);
  let certificateKey: string | undefined;
  if (id !== null && d.decision === 'issue' && d.number) {
    certificateKey = await storage.put(
      `registration-certificates/${id}/certificate.pdf`,
      await authority.certificate(d.caseNo, d.number),
      { contentType: 'application/pdf' },
    );
  }
  return applyOnce(db, 'authority', d, (t, recordId) => move(t, recordId, d, certificateKey));
}

async function move(
  t: Queryable,
  id: number,
  d: AuthorityDecision,
  certificateKey?: string,
): Promise<'applied' | 'out_of_state'> {
  const m = MOVES[d.decision];
  if (d.decision === 'issue' && !d.number) return 'out_of_state';
  const correction =
    d.decision === 'correct' ? { message: d.message, fields: d.fields, deadline: d.deadline } : undefined;
  const moved = await rp.moveRegistration(t, id, m.from, m.to, {
    correction,
    registrationNo: d.number ?? undefined,
    certificateKey,
    issued: d.decision === 'issue',
  });
  if (!moved) return 'out_of_state';
  const detail =
    d.decision === 'issue'
      ? `登记号 ${d.number}`
      : d.decision === 'correct' && d.deadline
        ? `${d.message}（请于 ${d.deadline.slice(0, 10)} 前补正）`
        : d.message;
  await rp.insertRegistrationEvent(t, id, m.to, m.title, detail);
  await notify(t, moved.userId, {
    kind: 'registration',
    title: `「${moved.workName}」${kindName(moved.kind)}：${m.title}`,
    body: detail,
    link:
      d.decision === 'issue' ? `/certifiy/copyright/register/${id}` : `${listPath(moved.kind)}?action=show&id=${id}`,
    dedupeKey: `authority:${d.notifyId}`,
  });
  await registrationDecidedEvent(t, {
    id,
    userId: moved.userId,
    kind: moved.kind,
    workName: moved.workName,
    decision: d.decision,
    status: m.to,
    registrationNo: d.number,
    message: d.decision === 'issue' ? null : d.message,
  });
  return 'applied';
}
