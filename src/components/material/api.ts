import { get } from '../../dataProvider/axios';

/** Client calls of /api/index and /api/items, typed after the server's answers. */

export interface MaterialCardData {
  id: number;
  type: number;
  title: string;
  tags: string[];
  categoryId: number | null;
  coverUrl: string | null;
  previewUrl: string | null;
  durationSec: number | null;
  width: number | null;
  height: number | null;
  format: string | null;
  priceCents: number;
  views: number;
  downloads: number;
  collects: number;
  createdAt: string;
}

export interface MaterialDetailData extends MaterialCardData {
  description: string;
  fps: number | null;
  sizeBytes: number | null;
  category: { id: number; name: string } | null;
  owner: { id: number; nickname: string; avatar: string } | null;
}

export interface OwnerCardData {
  id: number;
  nickname: string;
  avatar: string;
  ownerType: string;
  joinedAt: string;
  counts: { works: number; downloads: number; views: number };
  recent: MaterialCardData[];
}

export interface EvidenceData {
  certNo: string;
  fileHash: string;
  ledgerHash: string;
  depositedAt: string;
  certificateUrl: string;
}

export interface AlbumData {
  id: number;
  type: number;
  title: string;
  description: string;
  coverUrl: string | null;
  itemCount: number;
}

export interface CategoryData {
  id: number;
  type: number;
  name: string;
  count: number;
}

export interface SearchParams {
  keyword?: string;
  type?: number;
  duration?: string;
  categoryId?: number;
  sort?: string;
  page?: number;
  pageSize?: number;
}

export interface SearchData {
  list: MaterialCardData[];
  total: number;
  totalCapped: boolean;
  page: number;
  pageSize: number;
}

const clean = (p: object) => Object.fromEntries(Object.entries(p).filter(([, v]) => v !== undefined && v !== '' && v !== null));

export const catalogueApi = {
  recommend: (sections = 4, limit = 8) => get<{ sections: Array<AlbumData & { items: MaterialCardData[] }> }>('/api/index/recommend', { sections, limit }),
  categories: (type?: number) => get<CategoryData[]>('/api/index/categories', clean({ type })),
  category: (id: number) => get<CategoryData>(`/api/index/category/${id}`),
  newest: (type?: number, limit = 8) => get<MaterialCardData[]>('/api/index/newest', clean({ type, limit })),
  popular: (type?: number, limit = 8) => get<MaterialCardData[]>('/api/index/popular', clean({ type, limit })),
  search: (p: SearchParams) => get<SearchData>('/api/index/search', clean(p)),
  hotKeywords: (limit = 10) => get<string[]>('/api/index/hot-keywords', { limit }),
  albums: (type: number | undefined, page: number, pageSize = 12) => get<{ list: AlbumData[]; total: number }>('/api/index/albums', clean({ type, page, pageSize })),
  album: (id: number) => get<AlbumData & { items: MaterialCardData[] }>(`/api/index/album/${id}`),
  detail: (id: number) => get<MaterialDetailData>(`/api/items/detail/${id}`),
  owner: (id: number) => get<OwnerCardData>(`/api/items/owner/${id}`),
  similar: (id: number, limit = 8) => get<MaterialCardData[]>(`/api/items/similar/${id}`, { limit }),
  evidence: (id: number) => get<EvidenceData | null>(`/api/items/evidence/${id}`),
};
