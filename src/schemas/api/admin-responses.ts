/**
 * Answers of the staff back office under /api/admin (server/src/routes/admin-*.ts serialize with
 * them): the audit log, gift-card batches, the CMS (entries, registrations, enquiries), refunds, withdrawals, invoices and real-name certifications. Fields mirror the repositories' SQL.
 */
import { labelled, labelledOrNull } from './labels';
import { invoiceDetailSchema } from './invoice';
import { earningsSummarySchema, staffWithdrawalSchema, withdrawalEventSchema } from './earnings';
import giftCardStatus from '../status/gift-card.json';
import cmsForm from '../forms/cms-entry.json';
import certificationApproveForm from '../forms/certification-approve.json';
import certificateType from '../enums/certificate-type.json';
import ownerType from '../enums/owner-type.json';
import certificationStatus from '../status/certification.json';
import refundReason from '../enums/refund-reason.json';
import refundStatus from '../status/refund-settlement.json';

const id = { type: 'integer' } as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const time = { type: 'string', format: 'date-time' } as const;
const nullableTime = { type: ['string', 'null'], format: 'date-time' } as const;

export const auditLogSchema = {
  title: '操作日志',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'actorId',
          'actorName',
          'action',
          'targetType',
          'targetId',
          'before',
          'after',
          'note',
          'ip',
          'createdAt',
        ],
        properties: {
          id,
          actorId: { type: ['integer', 'null'], title: '操作人' },
          actorName: { ...nullableText, title: '操作人' },
          action: { ...text, title: '操作', description: '点分名称，如 certification.approve' },
          targetType: { ...text, title: '对象类型' },
          targetId: { ...text, title: '对象编号' },
          before: { description: '操作前的记录（任意 JSON，可为 null）' },
          after: { description: '操作后的记录（任意 JSON，可为 null）' },
          note: { ...text, title: '备注' },
          ip: { ...nullableText, title: 'IP' },
          createdAt: time,
        },
      },
    },
    total: id,
  },
} as const;

export const giftCardBatchListSchema = {
  title: '礼品卡批次',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'amountCents', 'count', 'note', 'createdAt', 'createdBy', 'redeemed'],
        properties: {
          id,
          amountCents: { ...id, title: '面额（分）' },
          count: { ...id, title: '张数' },
          note: { ...text, title: '备注' },
          createdAt: time,
          createdBy: { ...nullableText, title: '生成人' },
          redeemed: { ...id, title: '已兑换' },
        },
      },
    },
    total: id,
  },
} as const;

export const giftCardBatchCardsSchema = {
  title: '批次礼品卡',
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'code', 'amountCents', 'status', 'expiresAt', 'redeemedAt', 'redeemedBy'],
    properties: {
      id,
      code: { ...text, title: '卡密' },
      amountCents: { ...id, title: '面额（分）' },
      status: labelled(giftCardStatus),
      expiresAt: { ...nullableTime, title: '有效期至' },
      redeemedAt: { ...nullableTime, title: '兑换时间' },
      redeemedBy: { type: ['integer', 'null'], title: '兑换人' },
    },
  },
} as const;

const cmsKind = labelled(cmsForm.properties.kind as { title: string; oneOf: Array<{ const: string; title: string }> });

export const cmsEntryListSchema = {
  title: '内容',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'kind', 'slug', 'category', 'title', 'published', 'version', 'updatedAt'],
        properties: {
          id,
          kind: cmsKind,
          slug: { ...nullableText, title: '固定路径' },
          category: { ...text, title: '帮助中心分组' },
          title: { ...text, title: '标题' },
          published: { type: 'boolean', title: '已发布' },
          version: { ...id, title: '版本' },
          updatedAt: time,
        },
      },
    },
    total: id,
  },
} as const;

/** An entry as staff edit it, with its saved versions (newest first). */
export const cmsEntryDetailSchema = {
  title: '内容详情',
  type: 'object',
  required: [
    'id',
    'kind',
    'slug',
    'category',
    'title',
    'summary',
    'bodyHtml',
    'event',
    'effectiveOn',
    'published',
    'sort',
    'version',
    'updatedAt',
    'registrationCount',
    'versions',
  ],
  properties: {
    id,
    kind: cmsKind,
    slug: { ...nullableText, title: '固定路径' },
    category: { ...text, title: '帮助中心分组' },
    title: { ...text, title: '标题' },
    summary: { ...text, title: '摘要' },
    bodyHtml: { ...text, title: '正文' },
    event: {
      type: ['object', 'null'],
      title: '活动信息',
      description: '活动才有：时间、地点、议程、嘉宾等',
      additionalProperties: true,
    },
    effectiveOn: { ...nullableText, title: '生效日期', description: 'YYYY-MM-DD' },
    published: { type: 'boolean', title: '已发布' },
    sort: { ...id, title: '排序' },
    version: { ...id, title: '版本' },
    updatedAt: time,
    registrationCount: { ...id, title: '报名人数' },
    versions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['version', 'snapshot', 'createdAt', 'editorName'],
        properties: {
          version: { ...id, title: '版本' },
          snapshot: { type: 'object', title: '该版本的内容', additionalProperties: true },
          createdAt: time,
          editorName: { ...nullableText, title: '编辑人' },
        },
      },
    },
  },
} as const;

export const eventRegistrationListSchema = {
  title: '活动报名',
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'userId', 'name', 'phone', 'company', 'position', 'note', 'createdAt'],
    properties: {
      id,
      userId: { type: ['integer', 'null'] },
      name: { ...text, title: '姓名' },
      phone: { ...text, title: '手机号' },
      company: { ...text, title: '单位' },
      position: { ...text, title: '职位' },
      note: { ...text, title: '备注' },
      createdAt: time,
    },
  },
} as const;

export const enquiryListSchema = {
  title: '合作咨询',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'id',
          'source',
          'topic',
          'company',
          'name',
          'phone',
          'email',
          'need',
          'staffNote',
          'handledAt',
          'createdAt',
        ],
        properties: {
          id,
          source: { ...text, title: '来源' },
          topic: { ...text, title: '主题' },
          company: { ...text, title: '单位' },
          name: { ...text, title: '联系人' },
          phone: { ...text, title: '手机号' },
          email: { ...text, title: '邮箱' },
          need: { ...text, title: '需求' },
          staffNote: { ...text, title: '处理备注' },
          handledAt: { ...nullableTime, title: '处理时间' },
          createdAt: time,
        },
      },
    },
    total: id,
  },
} as const;

/** A refund as staff settle it (repositories/refunds.ts). */
export const refundSchema = {
  title: '退款',
  type: 'object',
  required: [
    'id',
    'orderId',
    'orderNo',
    'userId',
    'userName',
    'provider',
    'transactionId',
    'amountCents',
    'reason',
    'note',
    'status',
    'refundNo',
    'providerRefundId',
    'walletTransactionId',
    'settledBy',
    'settledAt',
    'createdAt',
  ],
  properties: {
    id,
    orderId: id,
    orderNo: { ...text, title: '订单号' },
    userId: id,
    userName: { ...nullableText, title: '用户' },
    provider: { ...text, title: '支付渠道' },
    transactionId: { ...text, title: '支付流水号' },
    amountCents: { ...id, title: '退款金额（分）' },
    reason: labelled(refundReason),
    note: { ...text, title: '退款说明', description: '订单退款时运营填写的原因；其余为空' },
    status: labelled(refundStatus),
    refundNo: { ...text, title: '退款单号' },
    providerRefundId: { ...nullableText, title: '渠道退款单号' },
    walletTransactionId: { type: ['integer', 'null'], description: '退回钱包时的钱包流水' },
    settledBy: { type: ['integer', 'null'], title: '处理人' },
    settledAt: { ...nullableTime, title: '退款时间' },
    createdAt: time,
  },
} as const;

export const refundListSchema = {
  title: '退款',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: refundSchema }, total: id },
} as const;

// The earnings schemas carry an $id (published contract names); embedded here without it.
const { $id: _w, ...staffWithdrawal } = staffWithdrawalSchema;
const { $id: _e, ...withdrawalEvent } = withdrawalEventSchema;
const { $id: _s, ...earningsSummary } = earningsSummarySchema;

export { staffWithdrawal as staffWithdrawalDataSchema };

export const staffWithdrawalListSchema = {
  title: '提现申请（运营）',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: staffWithdrawal }, total: id },
} as const;

/** One request with its history (staff named) and the creator's balance, for the decision. */
export const staffWithdrawalDetailSchema = {
  ...staffWithdrawal,
  required: [...staffWithdrawal.required, 'events', 'earnings'],
  properties: {
    ...staffWithdrawal.properties,
    events: { type: 'array', items: withdrawalEvent },
    earnings: earningsSummary,
  },
} as const;

const { $id: _i, ...invoiceDetail } = invoiceDetailSchema;
export { invoiceDetail as staffInvoiceSchema };

export const staffInvoiceListSchema = {
  title: '开票申请（运营）',
  type: 'object',
  required: ['list', 'total'],
  properties: { list: { type: 'array', items: invoiceDetail }, total: id },
} as const;

const authLevelTable = certificationApproveForm.properties.authLevel as {
  title: string;
  oneOf: Array<{ const: string; title: string }>;
};

const certificationImage = {
  type: 'object',
  required: ['field', 'n', 'name', 'size', 'mime', 'sha256'],
  properties: {
    field: { ...text, title: '材料' },
    // By number, never by storage key (server/src/routes/admin-certifications.ts, forStaff).
    n: { ...id, description: '图片序号（/api/admin/certifications/:id/images/:n）' },
    name: { ...text, title: '文件名' },
    size: { ...id, title: '大小（字节）' },
    mime: text,
    sha256: text,
  },
} as const;

const certificationProperties = {
  id,
  userId: id,
  certificateType: labelled(certificateType),
  certificate: { ...text, title: '证件类型' },
  orgKind: { ...nullableText, title: '机构类别' },
  subjectName: { ...text, title: '主体名称' },
  legalPerson: { ...nullableText, title: '法定代表人' },
  certificateNo: { ...text, title: '证件号码', description: '仅保留前 3 位与后 4 位' },
  images: { type: 'array', items: certificationImage },
  status: labelled(certificationStatus),
  authLevel: { ...labelledOrNull(authLevelTable), title: '授权等级' },
  rejectReason: { ...nullableText, title: '驳回原因' },
  reviewedAt: { ...nullableTime, title: '审核时间' },
  createdAt: time,
} as const;
const certificationRequired = Object.keys(certificationProperties) as Array<keyof typeof certificationProperties>;

/** A certification as approve and reject answer it. */
export const certificationSchema = {
  title: '实名认证',
  type: 'object',
  required: certificationRequired,
  properties: certificationProperties,
} as const;

const applicant = {
  userName: { ...nullableText, title: '申请人' },
  userPhone: { ...nullableText, title: '手机号' },
} as const;

export const certificationListSchema = {
  title: '实名认证',
  type: 'object',
  required: ['list', 'total'],
  properties: {
    list: {
      type: 'array',
      items: {
        type: 'object',
        required: [...certificationRequired, 'userName', 'userPhone'],
        properties: { ...certificationProperties, ...applicant },
      },
    },
    total: id,
  },
} as const;

export const certificationDetailSchema = {
  title: '实名认证详情',
  type: 'object',
  required: [...certificationRequired, 'userName', 'userPhone', 'account'],
  properties: {
    ...certificationProperties,
    ...applicant,
    account: {
      type: 'object',
      title: '申请人账户',
      required: ['ownerType', 'enhancedAuth', 'companyName', 'authLevel'],
      properties: {
        ownerType: labelled(ownerType),
        enhancedAuth: { type: 'boolean', title: '加强认证' },
        companyName: { ...nullableText, title: '企业名称' },
        authLevel: { ...labelled(authLevelTable), title: '当前授权等级' },
      },
    },
  },
} as const;
