import { get, request } from '../../../dataProvider/axios';

export type CmsKind = 'article' | 'notice' | 'event';

export interface CmsRow {
  id: number;
  kind: CmsKind;
  slug: string | null;
  category: string;
  title: string;
  published: boolean;
  version: number;
  updatedAt: string;
}

export interface CmsDetail extends CmsRow {
  summary: string;
  bodyHtml: string;
  event: Record<string, any> | null;
  effectiveOn: string | null;
  sort: number;
  registrationCount: number;
  versions: Array<{ version: number; snapshot: Record<string, any>; createdAt: string; editorName: string | null }>;
}

export interface Enquiry {
  id: number;
  source: string;
  topic: string;
  company: string;
  name: string;
  phone: string;
  email: string;
  need: string;
  staffNote: string;
  handledAt: string | null;
  createdAt: string;
}

const base = '/api/admin/content';
export const listCms = (kind: CmsKind, page: number, pageSize: number) =>
  get<{ list: CmsRow[]; total: number }>(`${base}/list`, { kind, page, pageSize });
export const fetchCms = (id: number) => get<CmsDetail>(`${base}/${id}`);
export const createCms = (form: Record<string, any>) =>
  request<{ id: number; version: number }>('POST', base, form, { json: true });
/** Saves a new version on top of baseVersion (409 when someone saved in between). */
export const saveCms = (id: number, form: Record<string, any>, baseVersion: number) =>
  request<{ version: number }>('PUT', `${base}/${id}`, { ...form, baseVersion }, { json: true });
export const restoreCms = (id: number, version: number, baseVersion: number) =>
  request<{ version: number }>('POST', `${base}/${id}/restore`, { version, baseVersion }, { json: true });
export const listRegistrations = (id: number) =>
  get<
    Array<{
      id: number;
      name: string;
      phone: string;
      company: string;
      position: string;
      note: string;
      createdAt: string;
    }>
  >(`${base}/${id}/registrations`);
export const listEnquiries = (handled: boolean, page: number, pageSize: number) =>
  get<{ list: Enquiry[]; total: number }>(`${base}/enquiries`, { handled, page, pageSize });
export const markHandled = (id: number, note: string) =>
  request('POST', `${base}/enquiries/${id}/handled`, { note }, { json: true });
