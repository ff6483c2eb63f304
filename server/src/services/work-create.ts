/**
 * Works from uploads: the upload page's form (one file or a batch) turns completed uploads into
 * works. One transaction per request: every work of a batch is created, or none. Each work gets
 * its media processing job (enqueueMediaProcessing) and, with "上传即存证", a deposit of the
 * original's SHA-256 on the evidence ledger with its certificate (recordDeposit), in the same
 * transaction, so a work never exists without the job or the promised certificate.
 */
import type { Db, Queryable } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { WORK } from '../repositories/works.js';
import { categoryFits, insertWork, lockUploadForWork } from '../repositories/work-uploads.js';
import { insertEvent } from '../repositories/work-review.js';
import { enqueueMediaProcessing } from './media/tasks.js';
import { recordDeposit } from './deposit-ledger.js';
import { contentFromForm, contentTokens } from './work-content.js';
import { aiLabelOf, type Provenance } from '../../../src/schemas/provenance.js';

export interface CreatedWork {
  id: number;
  uploadId: string;
  certNo: string | null;
  jobId: number;
}

/** Field error of one item, addressed like the batch body (`/items/2/uploadId`) or the single form (`/uploadId`). */
const fieldError = (prefix: string, field: string, msg: string) =>
  new AppError(409, msg, { fieldErrors: { [`${prefix}/${field}`]: msg } });

async function createOne(
  q: Queryable,
  ownerId: number,
  form: Record<string, any>,
  opts: { submit: boolean; depositCategories: Record<string, number>; prefix: string },
): Promise<CreatedWork> {
  const uploadId = String(form.uploadId ?? '');
  if (!uploadId)
    throw new AppError(400, '请先上传作品文件', { fieldErrors: { [`${opts.prefix}/uploadId`]: '请先上传作品文件' } });
  const up = await lockUploadForWork(q, uploadId, ownerId);
  if (!up) throw fieldError(opts.prefix, 'uploadId', '上传的文件不存在或尚未上传完成');
  if (up.material_id) throw fieldError(opts.prefix, 'uploadId', `文件“${up.filename}”已创建过作品`);
  if (form.type !== undefined && Number(form.type) !== up.work_type)
    throw fieldError(opts.prefix, 'type', '素材类型与上传的文件不一致');
  if (form.categoryId !== undefined && !(await categoryFits(q, Number(form.categoryId), up.work_type))) {
    throw fieldError(opts.prefix, 'categoryId', '请选择该素材类型下的分类');
  }
  const content = contentFromForm(form, { title: '', description: '', tags: [], price_cents: 0 });
  const status = opts.submit ? WORK.PENDING_REVIEW : WORK.PENDING_SUBMISSION;
  // The 「AI生成」 label: the original's Content Credentials or the creator's declaration, either.
  const provenance = (up.meta?.provenance ?? null) as Provenance | null;
  const aiDeclared = typeof form.aiGenerated === 'boolean' ? form.aiGenerated : null;
  const ai = aiLabelOf(provenance, aiDeclared);
  const id = await insertWork(q, {
    ownerId,
    uploadId,
    type: up.work_type,
    title: content.title,
    description: content.description,
    tags: content.tags,
    categoryId: form.categoryId ?? null,
    priceCents: content.price_cents,
    modelRelease: !!form.modelRelease,
    propertyRelease: !!form.propertyRelease,
    status,
    originalKey: up.storage_key,
    sizeBytes: up.size,
    searchTokens: contentTokens(content),
    provenance,
    aiDeclared,
    aiGenerated: ai.aiGenerated,
    aiSource: ai.aiSource,
  });
  const { jobId } = await enqueueMediaProcessing(q, { materialId: id, originalKey: up.storage_key, ownerId });

  let certNo: string | null = null;
  if (form.deposit) {
    const workCategory = opts.depositCategories[String(up.work_type)];
    if (!workCategory) throw fieldError(opts.prefix, 'deposit', '该素材类型暂不支持上传即存证');
    ({ certNo } = await recordDeposit(q, {
      userId: ownerId,
      materialId: id,
      workName: content.title,
      workCategory,
      form: { workName: content.title, workCategory, source: 'upload', uploadId },
      fileName: up.filename,
      fileKey: up.storage_key,
      fileSize: up.size,
      mime: up.mime,
      sha256: up.sha256,
    }));
  }
  const actor = { actorId: ownerId, actorRole: 'creator' as const };
  await insertEvent(q, {
    ...actor,
    materialId: id,
    action: 'created',
    from: null,
    to: WORK.PENDING_SUBMISSION,
    comment: certNo ? `上传即存证，证书编号 ${certNo}` : '',
  });
  if (opts.submit)
    await insertEvent(q, {
      ...actor,
      materialId: id,
      action: 'submit',
      from: WORK.PENDING_SUBMISSION,
      to: WORK.PENDING_REVIEW,
    });
  return { id, uploadId, certNo, jobId };
}

/**
 * Creates one work per validated lumen:forms/work item (each naming its uploadId). `submit` sends
 * them to review (0), else they stay drafts (9). `prefixOf(i)` addresses an item's field errors.
 */
export async function createWorksFromUploads(
  db: Db,
  ownerId: number,
  items: Array<Record<string, any>>,
  opts: { submit: boolean; depositCategories: Record<string, number>; prefixOf: (i: number) => string },
): Promise<CreatedWork[]> {
  const ids = items.map((f) => String(f.uploadId ?? ''));
  const twice = ids.findIndex((id, i) => id && ids.indexOf(id) !== i);
  if (twice >= 0) throw fieldError(opts.prefixOf(twice), 'uploadId', '同一个文件只能创建一个作品');
  return db.tx(async (q) => {
    const out: CreatedWork[] = [];
    for (const [i, form] of items.entries())
      out.push(await createOne(q, ownerId, form, { ...opts, prefix: opts.prefixOf(i) }));
    return out;
  });
}
