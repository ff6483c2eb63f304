import crypto from 'node:crypto';
import type { Config } from '../config.js';
import type { Queryable } from '../db/index.js';
import {
  findCase,
  receiveCase,
  recordCaseDecision,
  resubmitCase,
  withdrawCase,
  type Office,
  type SandboxCase,
} from '../repositories/sandbox-office-cases.js';
import { hmacSign, signatureValid } from './pay/sandbox.js';
import { caseMoveRefusal, caseStateAfter, OFFICE_CASES } from '../../../src/schemas/cyprotect/office-cases.js';

export type { Office } from '../repositories/sandbox-office-cases.js';

/**
 * A decision of an outside office about one application, as its signed callback carries it:
 * the copyright authority (accept 受理, correct 补正, reject 不予登记, issue 发证) or a notary office
 * (accept 受理, request_info 补充材料, refuse 不予公证, issue 出具公证书).
 */
export interface OfficeDecision {
  /** The office's unique id of this notification (replays carry the same id). */
  notifyId: string;
  caseNo: string;
  applicationNo: string;
  decision: string;
  /** What the office says: the correction requested, the reason of a refusal. */
  message: string;
  /** Form fields a correction names (the applicant's form highlights them). */
  fields: string[];
  /** Last day of a correction or an information request (ISO time), else null. */
  deadline: string | null;
  /** The number the office issued: registration number, notarial certificate number. */
  number: string | null;
  /** The case's state after this decision (src/schemas/cyprotect/office-cases.ts). */
  state: string;
  /** This decision's place in the case's history (1, 2, ...): callbacks may arrive late or never. */
  seq: number;
}

/**
 * What an office's status query answers (real offices offer one beside their callbacks): the case's
 * state and every decision so far as the signed callback it sent, oldest first.
 */
export interface OfficeCaseStatus {
  state: string;
  seq: number;
  decisions: Record<string, string>[];
}

/** The office refuses a decision its case's state does not allow (or the applicant's resubmission). */
export class OfficeRefusal extends Error {}

/**
 * Each office's own callback key (a pay callback never verifies here), derived from every payment
 * secret: production may leave PAY_SECRET at its public dev value when both provider keys are set,
 * so the provider keys take part too and the key is never derivable from public values alone.
 */
export function officeKey(config: Config, office: Office): string {
  const secret = [config.paySecret, config.payProviderSecrets.wechat, config.payProviderSecrets.alipay].join('\n');
  return crypto.createHmac('sha256', secret).update(`lumen-office:${office}`).digest('hex');
}

const DAY_MS = 86_400_000;

/**
 * The sandbox's stand-in for an office's system: applications land in sandbox_office_cases (once
 * per application number), the /dev page's buttons build a decision signed with the office's key
 * (HMAC-SHA256 over the canonical fields, office named among them) and post it to the product's
 * callback, which verifies it as it would verify the real office's.
 */
export class SandboxOffice {
  constructor(
    readonly office: Office,
    private readonly key: string,
    private readonly db: Queryable,
    /** Prints the number an 'issue' decision carries. */
    private readonly numberFor: (c: SandboxCase) => string,
  ) {}

  async submit(applicationNo: string, payload: unknown): Promise<{ caseNo: string }> {
    const caseNo = `${this.office === 'authority' ? 'BQ' : 'GZ'}${Date.now()}${crypto.randomInt(1000, 9999)}`;
    return { caseNo: (await receiveCase(this.db, this.office, caseNo, applicationNo, payload)).caseNo };
  }

  async resubmit(caseNo: string, payload: unknown): Promise<void> {
    if (!(await resubmitCase(this.db, this.office, caseNo, payload, OFFICE_CASES[this.office].resubmit))) {
      const c = await this.findCase(caseNo);
      throw new OfficeRefusal(c ? caseMoveRefusal(this.office, c.state, 'resubmit') : `unknown case ${caseNo}`);
    }
  }

  /** The applicant withdraws; refused (OfficeRefusal) once the office went past where it allows that. */
  async withdraw(caseNo: string): Promise<void> {
    if (!(await withdrawCase(this.db, this.office, caseNo, OFFICE_CASES[this.office].withdraw))) {
      const c = await this.findCase(caseNo);
      throw new OfficeRefusal(c ? caseMoveRefusal(this.office, c.state, 'withdraw') : `unknown case ${caseNo}`);
    }
  }

  findCase(caseNo: string): Promise<SandboxCase | null> {
    return findCase(this.db, this.office, caseNo);
  }

  /**
   * Takes a decision on the sandbox page: refused (OfficeRefusal) unless the case's state allows it,
   * then recorded with the next sequence number; answers the signed callback body to deliver.
   */
  async decide(
    caseNo: string,
    d: { decision: string; message?: string; fields?: string[]; deadlineDays?: number },
  ): Promise<Record<string, string>> {
    const c = await this.findCase(caseNo);
    if (!c) throw new Error(`unknown case ${caseNo}`);
    if (!OFFICE_CASES[this.office].decisions[d.decision]) throw new Error(`unknown decision ${d.decision}`);
    const to = caseStateAfter(this.office, c.state, d.decision);
    if (!to) throw new OfficeRefusal(caseMoveRefusal(this.office, c.state, d.decision));
    const seq = c.seq + 1;
    const fields: Record<string, string> = {
      office: this.office,
      notifyId: crypto.randomUUID(),
      caseNo,
      applicationNo: c.applicationNo,
      decision: d.decision,
      message: d.message ?? '',
      fields: (d.fields ?? []).join(','),
      deadline: d.deadlineDays ? new Date(Date.now() + d.deadlineDays * DAY_MS).toISOString() : '',
      number: d.decision === 'issue' ? this.numberFor(c) : '',
      state: to,
      seq: String(seq),
    };
    const callback = { ...fields, sign: hmacSign(this.key, fields) };
    const recorded = await recordCaseDecision(this.db, this.office, caseNo, {
      from: c.state,
      to,
      decision: d.decision,
      seq,
      callback,
    });
    if (!recorded) throw new OfficeRefusal('该申请刚刚已被处理，请刷新后重试');
    return callback;
  }

  /** The status query: the case's state and its signed decisions so far. */
  async status(caseNo: string): Promise<OfficeCaseStatus> {
    const c = await this.findCase(caseNo);
    if (!c) throw new Error(`unknown case ${caseNo}`);
    return { state: c.state, seq: c.seq, decisions: c.decisions };
  }

  /** Checks a callback's signature with this office's key; null when it fails or names another office. */
  verifyDecision(body: Record<string, unknown>): OfficeDecision | null {
    if (body.office !== this.office || !signatureValid(this.key, body)) return null;
    const s = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
    const machine = OFFICE_CASES[this.office];
    const seq = Number(s('seq'));
    if (!machine.decisions[s('decision')] || !s('notifyId') || !s('caseNo')) return null;
    if (!Number.isSafeInteger(seq) || seq < 1 || !machine.states[s('state')]) return null;
    return {
      notifyId: s('notifyId'),
      caseNo: s('caseNo'),
      applicationNo: s('applicationNo'),
      decision: s('decision'),
      message: s('message'),
      fields: s('fields') ? s('fields').split(',') : [],
      deadline: s('deadline') || null,
      number: s('number') || null,
      state: s('state'),
      seq,
    };
  }
}
