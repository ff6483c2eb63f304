import type { OfficeCaseStatus, OfficeDecision } from '../sandbox-office.js';

/**
 * What a notary adapter must do. A real adapter talks to a notary office's online platform (e.g. a
 * 公证处's 在线公证 / 知识产权保全 API) under the platform's agreement with it:
 *  - submit: file a notarization application for one evidence item (its title, SHA-256 digest,
 *    certificate number and where it can be verified) under our application number (idempotent)
 *    and return the office's case number;
 *  - resubmit: send the applicant's supplement after the office asked for information;
 *  - verifyDecision: check the signature of the office's callback (受理 accept, 补充材料 request_info
 *    with a deadline, 不予公证 refuse with the reason, 出具公证书 issue with the certificate number);
 *  - status: the status query (the case's state and its signed decisions so far);
 *  - certificate: fetch the issued notarial certificate (PDF).
 * The case follows the machine in src/schemas/cyprotect/office-cases.ts; every callback carries the
 * case's state after it and its sequence number.
 * services/notarization.ts does the rest (paid unit, states, timeline, notifications).
 */
export type NotaryDecision = OfficeDecision & { decision: 'accept' | 'request_info' | 'refuse' | 'issue' };

export interface NotaryApplication {
  applicationNo: string;
  applicant: { name: string; phone: string };
  purpose: string;
  evidence: { type: 'deposit' | 'registration'; title: string; digest: string; verifyUrl: string };
  supplement?: string;
}

export interface NotaryOffice {
  readonly label: string;
  submit(a: NotaryApplication): Promise<{ caseNo: string }>;
  resubmit(caseNo: string, a: NotaryApplication): Promise<void>;
  /** The applicant withdraws the application; throws when the office no longer allows it. */
  withdraw(caseNo: string): Promise<void>;
  status(caseNo: string): Promise<OfficeCaseStatus>;
  verifyDecision(body: Record<string, unknown>): NotaryDecision | null;
  certificate(caseNo: string, certificateNo: string): Promise<Uint8Array>;
}
