import type { LumenSchema } from '../types';
import bundled from './drafts.json';

/**
 * The draft policy (lumen:cyprotect/drafts) as values: which application forms autosave drafts,
 * how long a draft lives after its last change and how many one account keeps. Staff edit it at
 * /admin; draftPolicyProblems refuses an edit the draft service could not use. Pure: shared by
 * the server (which enforces it) and the client (which lists and resumes drafts).
 */
export const DRAFTS_ID = 'lumen:cyprotect/drafts';

export interface DraftForm {
  title: string;
  /** The page the form lives on; `&draft=<id>` is added to resume. */
  resume: string;
}

export interface DraftPolicy {
  ttlDays: number;
  maxPerUser: number;
  forms: Record<string, DraftForm>;
}

export function draftPolicyOf(schema: LumenSchema | Record<string, any> = bundled): DraftPolicy {
  const v = (schema['x-drafts'] ?? {}) as Partial<DraftPolicy>;
  return { ttlDays: Number(v.ttlDays), maxPerUser: Number(v.maxPerUser), forms: v.forms ?? {} };
}

/** Chinese refusals for an edited policy ([] = usable); the bounds are fixed here, not in the edited schema. */
export function draftPolicyProblems(schema: Record<string, any>): string[] {
  const v = schema['x-drafts'];
  if (!v || typeof v !== 'object' || Array.isArray(v)) return ['缺少草稿规则（x-drafts）'];
  const out: string[] = [];
  if (!Number.isInteger(v.ttlDays) || v.ttlDays < 1 || v.ttlDays > 365) out.push('草稿保存天数必须是1到365的整数');
  if (!Number.isInteger(v.maxPerUser) || v.maxPerUser < 1 || v.maxPerUser > 500)
    out.push('每个账号最多草稿数必须是1到500的整数');
  if (!v.forms || typeof v.forms !== 'object' || Array.isArray(v.forms)) out.push('缺少保存草稿的表单列表（forms）');
  else
    for (const [id, f] of Object.entries<any>(v.forms)) {
      if (!/^lumen:forms\/[a-z0-9-]+$/.test(id)) out.push(`表单编号 ${id} 不正确`);
      if (typeof f?.title !== 'string' || !f.title.trim()) out.push(`表单 ${id} 缺少名称`);
      if (typeof f?.resume !== 'string' || !f.resume.startsWith('/'))
        out.push(`表单 ${id} 的继续填写地址必须是站内路径`);
    }
  return out;
}
