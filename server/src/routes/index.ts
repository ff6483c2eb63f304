import type { FastifyInstance } from 'fastify';

/**
 * Every /api group, one module each (spec §7). A module is a Fastify plugin registered with its
 * URL prefix. Add a group by adding one line here.
 */
export const routeModules: Array<{ prefix: string; load: () => Promise<{ default: (app: FastifyInstance) => Promise<void> }> }> = [
  { prefix: '/api/user/works', load: () => import('./works.js') },
  { prefix: '/api/protection/deposit', load: () => import('./deposits.js') },
  { prefix: '/api/protection/registration', load: () => import('./registrations.js') },
  { prefix: '/api/protection/dci', load: () => import('./dci-registrations.js') },
  { prefix: '/api/user/invoice', load: () => import('./invoices.js') },
  { prefix: '/api/user/withdrawal', load: () => import('./withdrawals.js') },
  { prefix: '/api/schemas', load: () => import('./schemas.js') },
  { prefix: '/dev/session', load: () => import('./dev-session.js') },
  { prefix: '/api/collect', load: () => import('./collect.js') },
  { prefix: '/api/trade', load: () => import('./trade.js') },
  { prefix: '/api/order', load: () => import('./order.js') },
  { prefix: '/api/discount', load: () => import('./discount.js') },
  { prefix: '/api/wallet', load: () => import('./wallet.js') },
  { prefix: '/api/admin/refunds', load: () => import('./admin-refunds.js') },
  { prefix: '/dev', load: () => import('./dev-trade.js') },
  { prefix: '/api/index', load: () => import('./index-api.js') },
  { prefix: '/api/items', load: () => import('./items.js') },
  { prefix: '/files', load: () => import('./files.js') },
  { prefix: '/api/common', load: () => import('./common.js') },
  { prefix: '/api/baidu', load: () => import('./baidu.js') },
  { prefix: '/dev', load: () => import('./dev-sandbox.js') },
  { prefix: '/api/jobs', load: () => import('./jobs.js') },
  { prefix: '/api', load: () => import('./operation.js') },
  { prefix: '/api/admin/review', load: () => import('./review.js') },
  { prefix: '/api/user/creator', load: () => import('./creator-sign.js') },
  { prefix: '/api/upload', load: () => import('./upload.js') },
  { prefix: '/api/creator/sales', load: () => import('./creator-sales.js') },
  { prefix: '/api/admin/withdrawals', load: () => import('./admin-withdrawals.js') },
  { prefix: '/api/user/certification', load: () => import('./certification.js') },
  { prefix: '/api/admin/certifications', load: () => import('./admin-certifications.js') },
  { prefix: '/api/admin/audit-log', load: () => import('./admin-audit-log.js') },
  { prefix: '/api/wallet/topup', load: () => import('./wallet-topup.js') },
  { prefix: '/api/user/security', load: () => import('./account-security.js') },
  { prefix: '/api/service-orders', load: () => import('./service-orders.js') },
  { prefix: '/api/notifications', load: () => import('./notifications.js') },
  { prefix: '/api/user/service-invoice', load: () => import('./service-invoices.js') },
];
