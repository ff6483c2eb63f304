import { get, request } from '../../dataProvider/axios';

/** A published CMS entry as /api/content answers it (server/src/repositories/cms.ts). */
export interface CmsEntry {
  id: number;
  kind: 'article' | 'notice' | 'event';
  slug: string | null;
  category: string;
  title: string;
  summary: string;
  bodyHtml: string;
  effectiveOn: string | null;
  updatedAt: string;
  version: number;
  event: EventInfo | null;
  registration: { open: boolean; reason: string | null } | null;
}

export interface EventInfo {
  startsAt?: string;
  endsAt?: string;
  place?: string;
  registrationOpen?: boolean;
  agenda?: Array<{ time?: string; title: string; speaker?: string }>;
  speakers?: Array<{ name: string; intro?: string }>;
}

export interface HelpItem {
  id: number;
  kind: 'article' | 'notice';
  category: string;
  title: string;
  summary: string;
}

export const fetchEntry = (id: string | number) => get<CmsEntry>(`/api/content/${encodeURIComponent(String(id))}`);
export const fetchEntryBySlug = (slug: string) => get<CmsEntry>(`/api/content/slug/${encodeURIComponent(slug)}`);
export const fetchHelpCentre = () =>
  get<{ list: HelpItem[]; notices: Array<{ id: number; title: string }> }>('/api/content/help');
/** Registration for an event page (lumen:forms/event-registration). */
export const registerForEvent = (id: number, form: Record<string, any>) =>
  request('POST', `/api/content/${id}/registrations`, form, { json: true });
/** A /cooperation enquiry (lumen:forms/cooperation). */
export const sendEnquiry = (form: Record<string, any>) =>
  request<{ id: number }>('POST', '/api/content/cooperation', form, { json: true });
