import type { ComponentType } from 'react';

/** One page of the mobile site (paths are under the /m basename). */
export interface MobileRoute {
  path: string;
  title: string;
  page: () => Promise<{ default: ComponentType }>;
  /** Needs a logged-in user: visitors are sent to /login and come back. */
  auth?: boolean;
  /** Reached from the tab bar (no back bar). */
  tab?: boolean;
}

/** Every page is its own chunk: the home's first load carries only the shell. */
export const mobileRoutes: MobileRoute[] = [
  { path: '/', title: '首页', page: () => import('./pages/HomePage'), tab: true },
  { path: '/search', title: '搜索素材', page: () => import('./pages/SearchPage'), tab: true },
  { path: '/album/list/:type?', title: '专辑', page: () => import('./pages/AlbumListPage') },
  { path: '/album/detail/:id', title: '专辑详情', page: () => import('./pages/AlbumDetailPage') },
  { path: '/video/detail/:id', title: '素材详情', page: () => import('./pages/DetailPage') },
  { path: '/login', title: '登录', page: () => import('./pages/LoginPage') },
  { path: '/cart', title: '购物车', page: () => import('./pages/CartPage'), auth: true, tab: true },
  { path: '/checkout', title: '确认订单', page: () => import('./pages/CheckoutPage'), auth: true },
  { path: '/pay', title: '支付订单', page: () => import('./pages/PayPage'), auth: true },
  { path: '/orders', title: '我的订单', page: () => import('./pages/OrdersPage'), auth: true },
  { path: '/licences', title: '我的授权', page: () => import('./pages/LicencesPage'), auth: true },
  { path: '/me', title: '我的', page: () => import('./pages/MePage'), tab: true },
];

export const SITE_NAME = '流明素材';
