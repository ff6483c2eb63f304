import dayjs from 'dayjs';
import type { Queryable } from '../../db/index.js';
import { officeCertificatePdf } from '../../documents/office-certificate.js';
import { SandboxOffice } from '../sandbox-office.js';
import type { AuthorityApplication, AuthorityDecision, CopyrightAuthority } from './types.js';

/**
 * The sandbox copyright authority: applications are kept in sandbox_office_cases; a person decides
 * on /dev/authority; registration numbers look like the real ones (国作登字-2026-F-00012345, DCI
 * codes for DCI), certificates are drawn here as the authority would issue them.
 */
export class SandboxAuthority implements CopyrightAuthority {
  readonly label = '版权登记机构（沙箱）';
  readonly office: SandboxOffice;

  constructor(key: string, db: Queryable) {
    this.office = new SandboxOffice('authority', key, db, (c) => {
      const serial = String(c.id).padStart(8, '0');
      return c.payload.kind === 'dci'
        ? `DCI0-${dayjs().format('YYYYMMDD')}-${serial}`
        : `国作登字-${dayjs().year()}-F-${serial}`;
    });
  }

  submit(a: AuthorityApplication) {
    return this.office.submit(a.applicationNo, a);
  }

  resubmit(caseNo: string, a: AuthorityApplication) {
    return this.office.resubmit(caseNo, a);
  }

  withdraw(caseNo: string) {
    return this.office.withdraw(caseNo);
  }

  status(caseNo: string) {
    return this.office.status(caseNo);
  }

  verifyDecision(body: Record<string, unknown>): AuthorityDecision | null {
    return this.office.verifyDecision(body) as AuthorityDecision | null;
  }

  async certificate(caseNo: string, registrationNo: string): Promise<Uint8Array> {
    const c = await this.office.findCase(caseNo);
    if (!c) throw new Error(`unknown case ${caseNo}`);
    const a = c.payload as AuthorityApplication;
    const dci = a.kind === 'dci';
    return officeCertificatePdf({
      title: dci ? '数字版权唯一标识证书' : '作品登记证书',
      subtitle: dci ? 'DCI Certificate (Sandbox)' : 'Certificate of Copyright Registration (Sandbox)',
      rows: [
        [dci ? 'DCI 码' : '登记号', registrationNo],
        ['作品名称', a.workName],
        ['著作权人', a.applicant.name],
        ['受理号', caseNo],
        ['发证日期', dayjs().format('YYYY年MM月DD日')],
      ],
      issuer: '版权登记机构（沙箱）',
      note: '本证书由开发环境的沙箱登记机构出具，仅用于演示与测试，不具有法律效力。',
    });
  }
}
