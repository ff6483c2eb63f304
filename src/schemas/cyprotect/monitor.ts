import bundled from './monitor.json';
import hitStatus from '../status/monitor-hit.json';

/**
 * Monitoring rules (lumen:cyprotect/monitor) and hit statuses (lumen:status/monitor-hit) as values:
 * the server enforces them, the client shows the same numbers and labels.
 */
export const MONITOR_ID = 'lumen:cyprotect/monitor';
export const MONITOR_HIT_STATUS_ID = 'lumen:status/monitor-hit';

const m = bundled['x-monitor'];
export const MONITOR_LIMITS = {
  maxSources: m.maxSources,
  maxDepth: m.maxDepth,
  maxPagesPerSource: m.maxPagesPerSource,
  politenessDelayMs: m.politenessDelayMs,
  maxMediaBytes: m.maxMediaBytes,
} as const;

export type MonitorFrequency = 'daily' | 'weekly';
export const MONITOR_FREQUENCIES = m.frequencies as Array<{ const: MonitorFrequency; title: string }>;

export type HitStatus = 'pending' | 'approved' | 'licensed' | 'not_mine' | 'ignored' | 'takedown' | 'offered';
export const HIT_STATUSES = hitStatus.oneOf as Array<{ const: HitStatus; title: string; 'x-color': string }>;
export const hitStatusLabel = (s: string) => HIT_STATUSES.find((x) => x.const === s)?.title ?? s;

/** Triage actions and the statuses they may start from (terminal outcomes cannot be re-triaged except back to pending work). */
export const TRIAGE_ACTIONS = ['approve', 'not_mine', 'ignore', 'evidence', 'takedown', 'offer'] as const;
export type TriageAction = (typeof TRIAGE_ACTIONS)[number];
export const TRIAGE_LABELS: Record<TriageAction, string> = {
  approve: '确认授权使用',
  not_mine: '不是我的作品',
  ignore: '忽略',
  evidence: '固定证据',
  takedown: '发送侵权通知',
  offer: '提供补授权',
};
export const TRIAGE_TO: Partial<Record<TriageAction, HitStatus>> = {
  approve: 'approved',
  not_mine: 'not_mine',
  ignore: 'ignored',
  takedown: 'takedown',
  offer: 'offered',
};
/** Statuses a triage action may change; approved/licensed uses are settled. */
export const TRIAGEABLE: HitStatus[] = ['pending', 'ignored', 'takedown', 'offered'];

export const SOURCE_SCHEMA = bundled.properties.source;
/**
 * A source as SOURCE_SCHEMA lets it through (maxDepth filled in by its default): written out because
 * TypeScript types an imported JSON file's strings loosely, so the schema cannot type itself.
 */
export interface MonitorSource {
  name: string;
  url: string;
  maxDepth: number;
}
export const TAKEDOWN_TEMPLATE = bundled.properties.takedown['x-template'] as { title: string; sections: string[] };
