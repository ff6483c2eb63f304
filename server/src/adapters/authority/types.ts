import type { OfficeCaseStatus, OfficeDecision } from '../sandbox-office.js';

/**
 * What a copyright-authority adapter must do. A real adapter talks to the registration system of
 * the 中国版权保护中心 (作品著作权登记, and DCI 申领 for DCI registrations) with the platform's agent
 * credentials:
 *  - submit: file an application (the work, its files' hashes and the applicant) under our
 *    application number (idempotent: filing it again answers the first case) and return the
 *    authority's case number;
 *  - resubmit: send the corrected application of a case the authority asked to correct (补正);
 *  - verifyDecision: check the signature of the authority's status callback (受理 accept, 补正 correct
 *    with the fields to fix and a deadline, 不予登记 reject with the reason, 发证 issue with the
 *    registration number) and return it, or null when it fails;
 *  - status: the status query: the case's state and every decision so far as the signed callback
 *    it sent (the product reconciles lost and out-of-order callbacks from it);
 *  - certificate: fetch the issued registration certificate (PDF) of a case.
 * The case follows the machine in src/schemas/cyprotect/office-cases.ts; every callback carries the
 * case's state after it and its sequence number.
 * The product does the rest (services/registration-progress.ts): one application per paid service
 * unit, each callback applied once and only in a state it fits, the applicant notified.
 */
export type AuthorityDecision = OfficeDecision & { decision: 'accept' | 'correct' | 'reject' | 'issue' };

export interface AuthorityApplication {
  /** Our number of the application (the registration id, prefixed by kind). */
  applicationNo: string;
  kind: 'copyright' | 'dci';
  workName: string;
  workCategory: number;
  applicant: { name: string; type: string };
  files: Array<{ name: string; size: number; sha256: string }>;
  /** The registration form as the applicant filled it. */
  form: Record<string, unknown>;
}

export interface CopyrightAuthority {
  readonly label: string;
  submit(a: AuthorityApplication): Promise<{ caseNo: string }>;
  resubmit(caseNo: string, a: AuthorityApplication): Promise<void>;
  /** The applicant withdraws the application; throws when the office no longer allows it. */
  withdraw(caseNo: string): Promise<void>;
  status(caseNo: string): Promise<OfficeCaseStatus>;
  verifyDecision(body: Record<string, unknown>): AuthorityDecision | null;
  certificate(caseNo: string, registrationNo: string): Promise<Uint8Array>;
}
