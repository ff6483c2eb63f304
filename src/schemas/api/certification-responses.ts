/**
 * Answers of /api/user/certification (server/src/routes/certification.ts): the user's latest
 * real-name certification (no storage keys, no reviewer) and the account's standing. Fields mirror
 * server/src/repositories/certifications.ts.
 */
import type { FromSchema } from './from-schema';
import { labelled, labelledOrNull } from './labels';
import certificationStatus from '../status/certification.json';
import certificateType from '../enums/certificate-type.json';
import ownerType from '../enums/owner-type.json';
import approveForm from '../forms/certification-approve.json';

const nullableText = { type: ['string', 'null'] } as const;
const authLevel = approveForm.properties.authLevel;

export const userCertificationSchema = {
  title: '实名认证申请',
  type: 'object',
  required: [
    'id',
    'certificateType',
    'certificate',
    'orgKind',
    'subjectName',
    'legalPerson',
    'certificateNo',
    'status',
    'authLevel',
    'rejectReason',
    'reviewedAt',
    'createdAt',
  ],
  properties: {
    id: { type: 'integer' },
    certificateType: labelled(certificateType),
    certificate: { type: 'string', title: '证件类型' },
    orgKind: { ...nullableText, title: '机构类别' },
    subjectName: { type: 'string', title: '认证主体' },
    legalPerson: { ...nullableText, title: '法定代表人' },
    certificateNo: { type: 'string', title: '证件号码', description: '已打码' },
    status: labelled(certificationStatus),
    authLevel: labelledOrNull(authLevel, { title: '授权等级' }),
    rejectReason: { ...nullableText, title: '驳回原因' },
    reviewedAt: { type: ['string', 'null'], format: 'date-time', title: '审核时间' },
    createdAt: { type: 'string', format: 'date-time', title: '提交时间' },
  },
} as const;

export const certificationStateSchema = {
  title: '实名认证',
  type: 'object',
  required: ['current', 'account'],
  properties: {
    current: { ...userCertificationSchema, type: ['object', 'null'], title: '最近一次申请' },
    account: {
      type: 'object',
      title: '账户主体',
      required: ['ownerType', 'enhancedAuth', 'companyName', 'authLevel'],
      properties: {
        ownerType: labelled(ownerType),
        enhancedAuth: { type: 'boolean', title: '企业加强授权' },
        companyName: { ...nullableText, title: '企业名称' },
        authLevel: labelled(authLevel, { title: '授权等级' }),
      },
    },
  },
} as const;

/** POST /personal and /company answer the application just stored (null only if it vanished). */
export const submittedCertificationSchema = {
  ...userCertificationSchema,
  type: ['object', 'null'],
} as const;

export type UserCertification = FromSchema<typeof userCertificationSchema>;
export type CertificationState = FromSchema<typeof certificationStateSchema>;
