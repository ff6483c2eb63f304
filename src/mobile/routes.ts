import { matchPath } from 'react-router-dom';
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

/** One copyright service's page (src/pages/copyright/service-catalogue.ts). */
const service = (key: string) => import('./pages/ServicePage').then((m) => ({ default: m.servicePage(key) }));

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
  // Collect, invites (the desktop's /account/collect..., /personalcollect/:id, /account/invited)
  { path: '/collect', title: '我的收藏', page: () => import('./pages/CollectPage'), auth: true },
  { path: '/collect/detail/:id', title: '收藏夹详情', page: () => import('./pages/CollectDetailPage'), auth: true },
  { path: '/collect/share/:id', title: '收藏夹分享', page: () => import('./pages/CollectSharePage') },
  // Not auth: a friend's invite link opens it for visitors, who are asked to register.
  { path: '/invited', title: '邀请记录', page: () => import('./pages/InvitedPage') },
  // Copyright services (desktop /copyright*, /copyrightX)
  { path: '/copyright', title: '版权服务', page: () => import('./pages/CopyrightHomePage') },
  { path: '/copyright/protection', title: '版权保护', page: () => import('./pages/CopyrightHomePage') },
  { path: '/copyright/plan', title: '集体版权计划', page: () => import('./pages/PlanPage') },
  { path: '/copyright/deposit', title: '版权存证', page: () => service('deposit') },
  { path: '/copyright/checkin', title: '版权登记', page: () => service('checkin') },
  { path: '/copyright/checkin/dci', title: 'DCI登记', page: () => service('dci') },
  { path: '/copyright/monitor/:type?', title: '版权监测', page: () => import('./pages/MonitorPage') },
  { path: '/copyright/verify/:type?', title: '版权核验', page: () => import('./pages/VerifyPage') },
  { path: '/copyright/justice/:type?', title: '司法公证', page: () => import('./pages/JusticePage') },
  {
    path: '/copyright/web-evidence',
    title: '网页取证',
    page: () => import('./pages/ServicePage').then((m) => ({ default: m.webEvidencePage() })),
  },
  // Trace pages (desktop /copyright/trace/*); the certificate's QR code lands on /trace/cert?no=
  { path: '/trace/creative-protection', title: '创意保护溯源', page: () => service('traceCreative') },
  { path: '/trace/flow-protection', title: '流量保护溯源', page: () => service('traceFlow') },
  { path: '/trace/solid-evidence', title: '固证溯源', page: () => service('traceSolid') },
  { path: '/trace/cert', title: '溯源证书', page: () => import('./pages/TraceCertPage') },
];

export const SITE_NAME = '流明素材';

/** The document title of a mobile page: set on every navigation, and by the server's render. */
export const mobilePageTitle = (route: MobileRoute) => `${route.title} - ${SITE_NAME}`;

/** The route a path under /m (without the basename) opens, if any. */
export const mobileRouteOf = (pathname: string) => mobileRoutes.find((r) => matchPath(r.path, pathname));
