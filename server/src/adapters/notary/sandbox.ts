import dayjs from 'dayjs';
import type { Queryable } from '../../db/index.js';
import { officeCertificatePdf } from '../../documents/office-certificate.js';
import { SandboxOffice } from '../sandbox-office.js';
import type { NotaryApplication, NotaryDecision, NotaryOffice } from './types.js';

/** The sandbox notary office: cases in sandbox_office_cases, decided on /dev/notary, certificates drawn here. */
export class SandboxNotary implements NotaryOffice {
  readonly label = '公证处（沙箱）';
  readonly office: SandboxOffice;

  constructor(key: string, db: Queryable) {
    this.office = new SandboxOffice(
      'notary',
      key,
      db,
      (c) => `（${dayjs().year()}）沙证字第${String(c.id).padStart(6, '0')}号`,
    );
  }

  submit(a: NotaryApplication) {
    return this.office.submit(a.applicationNo, a);
  }

  resubmit(caseNo: string, a: NotaryApplication) {
    return this.office.resubmit(caseNo, a);
  }

  withdraw(caseNo: string) {
    return this.office.withdraw(caseNo);
  }

  status(caseNo: string) {
    return this.office.status(caseNo);
  }

  verifyDecision(body: Record<string, unknown>): NotaryDecision | null {
    return this.office.verifyDecision(body) as NotaryDecision | null;
  }

  async certificate(caseNo: string, certificateNo: string): Promise<Uint8Array> {
    const c = await this.office.findCase(caseNo);
    if (!c) throw new Error(`unknown case ${caseNo}`);
    const a = c.payload as NotaryApplication;
    return officeCertificatePdf({
      title: '公 证 书',
      subtitle: 'Notarial Certificate (Sandbox)',
      rows: [
        ['公证书编号', certificateNo],
        ['申请人', a.applicant.name],
        ['公证事项', `${a.evidence.type === 'deposit' ? '电子数据存证' : '作品登记'}保全证据公证`],
        ['证据名称', a.evidence.title],
        ['证据摘要值', a.evidence.digest],
        ['用途', a.purpose],
        ['出证日期', dayjs().format('YYYY年MM月DD日')],
      ],
      issuer: '公证处（沙箱）',
      note: '兹证明上述电子数据的摘要值与申请人提交并经平台存证的数据一致。本公证书由开发环境的沙箱公证处出具，仅用于演示与测试，不具有法律效力。',
      verifyUrl: a.evidence.verifyUrl,
    });
  }
}
