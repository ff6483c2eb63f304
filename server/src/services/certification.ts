/**
 * Real-name certification: a user submits (personal or institution, with document images), staff
 * approve or reject it in the back office. Approval is what turns an account into a company account
 * (owner type ORGANISATIONS) and grants the authorization level the licence scenarios check
 * (lumen:licence/use-cases x-levels: personal, company, enhanced).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { maskCertificateNo } from '../../../src/schemas/check-digits.js';
import {
  accountStanding,
  decideCertification,
  findCertification,
  insertCertification,
  setAccountStanding,
  supersedeApproved,
  type AccountStanding,
  type AuthLevel,
  type CertificationImage,
  type CertificationRow,
} from '../repositories/certifications.js';
import { recordAudit } from './audit-log.js';
import { notify } from './notifications.js';

export const CERT = { PENDING: 0, APPROVED: 1, REJECTED: 2, SUPERSEDED: 3 } as const;
const NOT_FOUND = '认证申请不存在';
const DECIDED: Record<number, string> = { 1: '该认证已通过', 2: '该认证已驳回', 3: '该认证已失效' };

/** The authorization level an account's standing amounts to. */
export function authLevelOf(s: Pick<AccountStanding, 'ownerType' | 'enhancedAuth'>): AuthLevel {
  if (s.ownerType !== 'ORGANISATIONS') return 'personal';
  return s.enhancedAuth ? 'enhanced' : 'company';
}

/** Stores a validated certification form (numbers masked here, never stored in full). */
export async function submitCertification(
  db: Db,
  userId: number,
  form: Record<string, any>,
  images: CertificationImage[],
): Promise<number> {
  const company = form.certificateType === 2;
  const id = await insertCertification(db, {
    userId,
    certificateType: company ? 2 : 1,
    certificate: String(form.certificate),
    orgKind: company ? String(form.orgKind) : null,
    subjectName: String(company ? form.companyName : form.realName).trim(),
    legalPerson: company ? String(form.legalPerson).trim() : null,
    certificateNoMasked: maskCertificateNo(String(form.certificateNo).toUpperCase()),
    images,
  });
  if (id === null) throw new AppError(409, '您已有一份实名认证正在审核，请等待审核结果');
  return id;
}

/** Which levels staff may grant for a certification: a person only personal, an institution company or enhanced. */
const GRANTABLE: Record<1 | 2, AuthLevel[]> = { 1: ['personal'], 2: ['company', 'enhanced'] };

const standingFor = (c: CertificationRow, level: AuthLevel): AccountStanding =>
  c.certificateType === 2
    ? { ownerType: 'ORGANISATIONS', enhancedAuth: level === 'enhanced', companyName: c.subjectName }
    : { ownerType: 'PERSONAL', enhancedAuth: false, companyName: null };

type Staff = { id: number | string };

/** Staff approve: the certification and the account's standing change in one transaction with its audit record. */
export async function approveCertification(
  db: Db,
  req: FastifyRequest | null,
  staff: Staff,
  id: number,
  level: AuthLevel,
): Promise<CertificationRow> {
  return db.tx(async (t) => {
    const c = await findCertification(t, id, true);
    if (!c) throw new AppError(404, NOT_FOUND);
    if (DECIDED[c.status]) throw new AppError(409, DECIDED[c.status]);
    if (!GRANTABLE[c.certificateType].includes(level)) {
      const msg = c.certificateType === 1 ? '个人认证只能授予个人授权' : '机构认证应授予企业授权或企业加强授权';
      throw new AppError(400, msg, { fieldErrors: { '/authLevel': msg } });
    }
    const before = await accountStanding(t, c.userId, true);
    const after = standingFor(c, level);
    await decideCertification(t, id, CERT.PENDING, CERT.APPROVED, { reviewedBy: Number(staff.id), authLevel: level });
    await supersedeApproved(t, c.userId, id);
    await setAccountStanding(t, c.userId, after);
    await recordAudit(t, req, staff, {
      action: 'certification.approve',
      targetType: 'certification',
      targetId: id,
      before: { status: c.status, account: { ...before, authLevel: authLevelOf(before) } },
      after: { status: CERT.APPROVED, account: { ...after, authLevel: level } },
      note: `用户 ${c.userId}：${c.subjectName}`,
    });
    const levelName = { personal: '个人授权', company: '企业授权', enhanced: '企业加强授权' }[level];
    await notify(t, c.userId, {
      kind: 'certification',
      title: '实名认证已通过',
      body: `${c.subjectName} 的实名认证已通过，账户授权等级：${levelName}。`,
      link: '/account/verify',
      dedupeKey: `certification:${id}`,
    });
    return (await findCertification(t, id))!;
  });
}

/** Staff reject with a reason the user sees; the account's standing does not change. */
export async function rejectCertification(
  db: Db,
  req: FastifyRequest | null,
  staff: Staff,
  id: number,
  reason: string,
): Promise<CertificationRow> {
  return db.tx(async (t) => {
    const c = await findCertification(t, id, true);
    if (!c) throw new AppError(404, NOT_FOUND);
    if (DECIDED[c.status]) throw new AppError(409, DECIDED[c.status]);
    await decideCertification(t, id, CERT.PENDING, CERT.REJECTED, {
      reviewedBy: Number(staff.id),
      rejectReason: reason,
    });
    await recordAudit(t, req, staff, {
      action: 'certification.reject',
      targetType: 'certification',
      targetId: id,
      before: { status: c.status },
      after: { status: CERT.REJECTED, rejectReason: reason },
      note: `用户 ${c.userId}：${c.subjectName}`,
    });
    await notify(t, c.userId, {
      kind: 'certification',
      title: '实名认证未通过',
      body: `原因：${reason}。请修改后重新提交。`,
      link: '/account/verify',
      dedupeKey: `certification:${id}`,
    });
    return (await findCertification(t, id))!;
  });
}
