import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { latestBody } from '../repositories/schema-versions.js';
import { countDrafts, deleteExpiredDrafts, insertDraft, updateDraft } from '../repositories/drafts.js';
import { lockUserRow } from '../repositories/users.js';
import { DRAFTS_ID, draftPolicyOf, type DraftPolicy } from '../../../src/schemas/cyprotect/drafts.js';
import { schemas } from '../../../src/schemas/index.js';

/**
 * The shared draft service: any copyright-service form listed in lumen:cyprotect/drafts autosaves
 * here (POST /api/drafts). Other features add their form to the schema's `forms` and call the
 * client hook useDraftAutosave; nothing else is needed.
 */
export async function currentDraftPolicy(q: Queryable): Promise<DraftPolicy> {
  return draftPolicyOf((await latestBody(q, DRAFTS_ID)) ?? schemas[DRAFTS_ID]);
}

const MAX_DRAFT_BYTES = 256 * 1024;

/** A draft's list title: the work's name when the form has one, else the service's name. */
function titleOf(data: Record<string, unknown>, fallback: string): string {
  const name = [data.workName, data.title, data.name].find((v) => typeof v === 'string' && v.trim());
  return name ? `${fallback}：${String(name).trim().slice(0, 60)}` : fallback;
}

/**
 * Creates (no id) or updates (id) the user's draft of a form. Refused: a form without drafts, a
 * draft over 256 KB, more live drafts than the policy allows (counted under a lock on the user,
 * so parallel autosaves cannot pass the limit). Every save pushes the expiry back to ttlDays.
 */
export async function saveDraft(
  db: Db,
  userId: number,
  input: { id?: number; formId: string; data: Record<string, unknown> },
) {
  const policy = await currentDraftPolicy(db);
  const form = policy.forms[input.formId];
  if (!form) throw new AppError(400, '该表单不支持保存草稿');
  if (Buffer.byteLength(JSON.stringify(input.data)) > MAX_DRAFT_BYTES)
    throw new AppError(413, '草稿内容过大，请精简后再保存');
  const title = titleOf(input.data, form.title);
  return db.tx(async (q) => {
    // Count-then-insert under the user's row lock: parallel autosaves cannot pass the limit.
    await lockUserRow(q, userId);
    await deleteExpiredDrafts(q, userId);
    if (input.id) {
      const r = await updateDraft(q, userId, input.id, input.formId, title, input.data, policy.ttlDays);
      if (!r) throw new AppError(404, '草稿不存在或已过期');
      return { ...r, title };
    }
    if ((await countDrafts(q, userId)) >= policy.maxPerUser)
      throw new AppError(409, `草稿最多保存 ${policy.maxPerUser} 份，请先删除不需要的草稿`);
    return { ...(await insertDraft(q, userId, input.formId, title, input.data, policy.ttlDays)), title };
  });
}
