/**
 * An application's life at an outside office, as a state machine both sides share: the copyright
 * authority (作品登记 and DCI 登记) and a notary office (司法公证). The sandbox offices refuse a
 * decision the machine does not allow from the case's state, as the real office's system would; the
 * product follows the office's state in the order of the office's sequence numbers, and maps each
 * office state to its own record status (server/src/services/office-decisions.ts). Real offices'
 * published procedures: 中国版权保护中心 作品登记 (受理, 补正 within a deadline, 不予登记, 发证) and
 * 公证程序规则 (受理, 补充材料, 不予办理, 出具公证书).
 */
export type OfficeName = 'authority' | 'notary';

export interface OfficeCaseMachine {
  /** Every state a case can be in, with its Chinese name (the /dev pages show them). */
  states: Record<string, string>;
  /** The office's decisions: the states each may be taken from, and the state it leads to. */
  decisions: Record<string, { from: readonly string[]; to: string; label: string }>;
  /** The applicant sends the application again (a correction, a supplement): from where, to what. */
  resubmit: { from: readonly string[]; to: string };
  /** The applicant withdraws the application (撤回): from where the office still lets them. */
  withdraw: { from: readonly string[]; to: string };
}

export const OFFICE_CASES: Record<OfficeName, OfficeCaseMachine> = {
  authority: {
    states: {
      received: '已收到',
      accepted: '已受理',
      correction: '待补正',
      resubmitted: '已补正，待审查',
      rejected: '不予登记',
      issued: '已发证',
      withdrawn: '申请人已撤回',
    },
    decisions: {
      accept: { from: ['received', 'resubmitted'], to: 'accepted', label: '受理' },
      correct: { from: ['received', 'accepted', 'resubmitted'], to: 'correction', label: '要求补正' },
      reject: { from: ['received', 'accepted', 'correction', 'resubmitted'], to: 'rejected', label: '不予登记' },
      // Only an accepted application is examined and issued: never one waiting for its correction.
      issue: { from: ['accepted'], to: 'issued', label: '发证' },
    },
    // Edited before acceptance, or corrected when asked: the office examines it again.
    resubmit: { from: ['received', 'resubmitted', 'correction'], to: 'resubmitted' },
    // Until it decides, the authority lets the applicant withdraw, accepted or not.
    withdraw: { from: ['received', 'accepted', 'correction', 'resubmitted'], to: 'withdrawn' },
  },
  notary: {
    states: {
      received: '已收到',
      accepted: '已受理',
      info_requested: '待补充材料',
      refused: '不予公证',
      issued: '已出具公证书',
      withdrawn: '申请人已撤回',
    },
    decisions: {
      accept: { from: ['received'], to: 'accepted', label: '受理' },
      request_info: { from: ['received', 'accepted'], to: 'info_requested', label: '要求补充材料' },
      refuse: { from: ['received', 'accepted', 'info_requested'], to: 'refused', label: '不予公证' },
      issue: { from: ['accepted'], to: 'issued', label: '出具公证书' },
    },
    // The supplement returns the case to the accepted application the office was examining.
    resubmit: { from: ['info_requested'], to: 'accepted' },
    // Once it accepted the matter the notary office proceeds: a withdrawal is only before that.
    withdraw: { from: ['received'], to: 'withdrawn' },
  },
};

/** The state a decision leads to from `state`, or null when the office would not take it there. */
export function caseStateAfter(office: OfficeName, state: string, decision: string): string | null {
  const d = OFFICE_CASES[office].decisions[decision];
  return d && d.from.includes(state) ? d.to : null;
}

const APPLICANT_MOVES: Record<string, string> = { resubmit: '重新提交', withdraw: '撤回' };

/** Why the office refuses a decision (or the applicant's resubmission or withdrawal) in a state, in Chinese. */
export function caseMoveRefusal(office: OfficeName, state: string, decision: string): string {
  const m = OFFICE_CASES[office];
  const label = m.decisions[decision]?.label ?? APPLICANT_MOVES[decision] ?? decision;
  return `当前状态「${m.states[state] ?? state}」下不能「${label}」`;
}
