import { get } from '../../dataProvider/axios';
import type {
  AlbumSummary,
  CategorySummary,
  MaterialCard,
  MaterialDetail,
  MaterialEvidence,
  OwnerCard,
  SearchResult,
} from '../../schemas/api/material';

/** Client calls of /api/index and /api/items, typed after the server's answers. */

// The answers' shapes come from the contract (src/schemas/api/material.ts), which the server builds them by.
export type MaterialCardData = MaterialCard;
export type MaterialDetailData = MaterialDetail;
export type OwnerCardData = OwnerCard;
export type EvidenceData = MaterialEvidence;
export type AlbumData = AlbumSummary;
export type CategoryData = CategorySummary;
export type SearchData = SearchResult;

export interface SearchParams {
  keyword?: string;
  type?: number;
  duration?: string;
  categoryId?: number;
  /** lumen:enums/ai-generated: 'yes' AI generated only, 'no' the others, empty for all. */
  ai?: string;
  sort?: string;
  page?: number;
  pageSize?: number;
}

const clean = (p: object) =>
  Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export const catalogueApi = {
  recommend: (sections = 4, limit = 8) =>
    get<{ sections: Array<AlbumData & { items: MaterialCardData[] }> }>('/api/index/recommend', { sections, limit }),
  categories: (type?: number) => get<CategoryData[]>('/api/index/categories', clean({ type })),
  category: (id: number) => get<CategoryData>(`/api/index/category/${id}`),
  newest: (type?: number, limit = 8) => get<MaterialCardData[]>('/api/index/newest', clean({ type, limit })),
  popular: (type?: number, limit = 8) => get<MaterialCardData[]>('/api/index/popular', clean({ type, limit })),
  search: (p: SearchParams) => get<SearchData>('/api/index/search', clean(p)),
  hotKeywords: (limit = 10) => get<string[]>('/api/index/hot-keywords', { limit }),
  albums: (type: number | undefined, page: number, pageSize = 12) =>
    get<{ list: AlbumData[]; total: number }>('/api/index/albums', clean({ type, page, pageSize })),
  album: (id: number) => get<AlbumData & { items: MaterialCardData[] }>(`/api/index/album/${id}`),
  detail: (id: number) => get<MaterialDetailData>(`/api/items/detail/${id}`),
  owner: (id: number) => get<OwnerCardData>(`/api/items/owner/${id}`),
  similar: (id: number, limit = 8) => get<MaterialCardData[]>(`/api/items/similar/${id}`, { limit }),
  evidence: (id: number) => get<EvidenceData | null>(`/api/items/evidence/${id}`),
};
