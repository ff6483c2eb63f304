import { get, postJson } from '../../../dataProvider/axios';
import { editSchema, editUiSchema, type EditLock } from '../../../schemas/edit-variant';

/** A completed upload no work was made from yet (GET /api/user/works/uploads). */
export interface AwaitingUpload {
  id: string;
  filename: string;
  size: number;
  mime: string;
}

export const fetchAwaitingUploads = (workType: number) =>
  get<{ list: AwaitingUpload[] }>('/api/user/works/uploads', { workType }).then((r) => r.list);

export const createWorks = (items: Record<string, any>[], submit: boolean) =>
  postJson<{ works: Array<{ id: number; uploadId: string; certNo: string | null }> }>('/api/user/works/batch', {
    items,
    submit,
  });

/** The shared-fields form of a batch: the work form without what belongs to one file (its upload, type and title). */
const SHARED_LOCK: EditLock = { omit: ['uploadId', 'type', 'title'] };
export const sharedSchema = (schema: Record<string, any>) => editSchema({ ...schema, 'x-edit': SHARED_LOCK });
export const sharedUiSchema = (ui: Record<string, any>) => editUiSchema(ui, SHARED_LOCK);

/** A new row's form: the file name (without extension) as the title, the schema's defaults for the rest. */
export function initialRow(u: AwaitingUpload, workType: number): Record<string, any> {
  const title = u.filename.replace(/\.[^.]+$/, '').slice(0, 60);
  return { uploadId: u.id, type: workType, title, modelRelease: false, propertyRelease: false, deposit: true };
}

/** Shared values set in the batch form, applied over each selected row (unset and empty values leave the row's own). */
export function applyShared(row: Record<string, any>, shared: Record<string, any>): Record<string, any> {
  const set = Object.entries(shared).filter(
    ([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0),
  );
  return { ...row, ...Object.fromEntries(set) };
}

/** Server field errors of a batch (`/items/2/title`) by upload id of the item: {uploadId: {title: msg}}. */
export function rowErrors(
  fieldErrors: Record<string, string> | undefined,
  items: Array<{ uploadId: string }>,
): Record<string, Record<string, string>> {
  const out: Record<string, Record<string, string>> = {};
  for (const [path, msg] of Object.entries(fieldErrors ?? {})) {
    const m = /^\/items\/(\d+)\/?([^/]*)/.exec(path);
    const item = m && items[Number(m[1])];
    if (item) (out[item.uploadId] ??= {})[m![2] || 'title'] = msg;
  }
  return out;
}
