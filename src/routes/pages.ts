import type { ComponentType } from 'react';

/**
 * Route name -> lazy page module. Each page lives in src/pages/<area>/ and is split into its
 * own chunk, so the home page does not carry forms, tables and ajv. Routes without an entry
 * render the page frame (RoutePlaceholder) until their issue builds them.
 */
export const pages: Record<string, () => Promise<{ default: ComponentType }>> = {
  Home: () => import('../pages/home/HomePage'),
  Search: () => import('../pages/search/SearchPage'),
  VideoDetail: () => import('../pages/detail/VideoDetailPage'),
  AlbumList: () => import('../pages/album/AlbumListPage'),
  AlbumDetail: () => import('../pages/album/AlbumDetailPage'),
  Material: () => import('../pages/material/MaterialPage'),
};
