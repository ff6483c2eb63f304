import type { Db } from '../db/index.js';
import { AppError } from '../http/envelope.js';
import { insertEntry, slugTaken, updateEntry, versionSnapshot, type CmsFields } from '../repositories/cms.js';

/**
 * Staff saves of CMS entries (articles, notices, event pages). Each save is a version; an edit
 * names the version it started from, so a concurrent edit is refused (409) instead of lost.
 */
async function checkSlug(db: Db, f: CmsFields, id: number | null) {
  if (f.slug && (await slugTaken(db, f.slug, id)))
    throw new AppError(409, `固定路径 ${f.slug} 已被其他内容使用`, {
      fieldErrors: { '/slug': '固定路径已被其他内容使用' },
    });
}

export async function createCmsEntry(db: Db, f: CmsFields, staffId: number): Promise<number> {
  await checkSlug(db, f, null);
  return db.tx((q) => insertEntry(q, f, staffId));
}

export async function saveCmsEntry(
  db: Db,
  id: number,
  baseVersion: number,
  f: CmsFields,
  staffId: number,
): Promise<number> {
  await checkSlug(db, f, id);
  const version = await db.tx((q) => updateEntry(q, id, baseVersion, f, staffId));
  if (version === null) throw new AppError(409, '该内容已被他人修改或不存在，请刷新后再编辑');
  return version;
}

/** Makes an old version current again, as a new version (history is never rewritten). */
export async function restoreCmsVersion(
  db: Db,
  id: number,
  version: number,
  baseVersion: number,
  staffId: number,
): Promise<number> {
  const snapshot = await versionSnapshot(db, id, version);
  if (!snapshot) throw new AppError(404, '该版本不存在');
  return saveCmsEntry(db, id, baseVersion, snapshot, staffId);
}
