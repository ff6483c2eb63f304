import { describe, expect, it } from 'vitest';
import { redirects, routeTable } from '../../../src/routes/route-table';

/**
 * Every path of spec §2, typed out from the spec (not derived from routeTable), so deleting or
 * renaming a route fails here. Spec `{x}` is react-router `:x`, spec `{x?}` is `:x?`.
 */
const SPEC_PATHS = [
  // Main layout at /
  '/',
  '/video/detail/:id',
  '/ablum/:type',
  '/material/:cid',
  '/ablum/detail/:id',
  '/cart',
  '/buy/:from',
  '/pay',
  '/personalcollect/:id',
  // /account children
  '/account/order',
  '/account/authrecord',
  '/account/myauth',
  '/account/collect',
  '/account/collect/detail/:id',
  '/account/wallet',
  '/account/welcome',
  '/account/coupon',
  '/account/setting',
  '/account/verify/:type?',
  '/account/security',
  '/account/ticket',
  '/account/imgticket',
  '/account/subsidiaryList',
  '/account/ticket/detail',
  '/account/popular',
  '/account/invited',
  '/account/historyList',
  '/account/purchasePackage',
  '/account/imageConsume',
  '/account/imageDownload',
  // /creator children
  '/creator/upload',
  '/creator/upload/image',
  '/creator/works',
  '/creator/sales',
  '/creator/withdraw',
  '/creator/withdraw/detail',
  // /cyprotect children
  '/cyprotect/mydeposit',
  '/cyprotect/myorderinfo',
  '/cyprotect/myregister',
  '/cyprotect/mymonitor',
  '/cyprotect/mymonitorimg',
  '/cyprotect/mymonitorvideo',
  '/cyprotect/myjustice',
  '/cyprotect/mycollective',
  '/cyprotect/mydciregister',
  '/cyprotect/myspsdraft',
  '/cyprotect/mywebpage',
  '/cyprotect/myscreen',
  '/cyprotect/mytrace',
  '/cyprotect/cyticket',
  // /cytransfer children
  '/cytransfer/buycopyright',
  '/cytransfer/salecopyright',
  '/cytransfer/publishcopyright',
  // Other routes
  '/article/:id',
  '/page/:id',
  '/search',
  '/certifiy/:id?',
  '/certifiy/platform/:id?',
  '/certifiy/copyright/deposit/:id?',
  '/certifiy/copyright/deposit/new/:id?',
  '/certifiy/copyright/register/:id?',
  '/copyright',
  '/copyright/protection',
  '/copyrightPlan',
  '/copyrightDeposit',
  '/copyrightCheckin',
  '/copyrightMonitor/:type?',
  '/copyrightVerify/:type?',
  '/copyright/webEvidence',
  '/signCreator',
  '/invite',
  '/invite/company',
  '/copyrightJustice/:type?',
  '/copyrightCheckinDci',
  '/cooperation',
  '/copyright/trace/CreativeProtection',
  '/copyright/trace/FlowProtection',
  '/copyright/trace/SolidEvidence',
  '/copyright/trace/cert',
  '/activity/:id',
  '/forum2022',
  '/forum2023',
  '/copyright0426',
  '/gift',
  '/tool',
  '/404',
];

const MOBILE_EXCLUDED_NAMES = [
  'Forum',
  'Forum3',
  'Copyright0426',
  'CertifyDeposit',
  'CertifyCopyrightRegister',
  'GiftCard',
  'CertifyDepositNew',
  'Cooperation',
  'SignCreator',
  'InviteImg',
  'InviteCompany',
  'ArticlePage',
];

const byPath = new Map(routeTable.map((r) => [r.path, r]));

describe('route table against spec §2', () => {
  it('lists each spec path once', () => {
    expect(new Set(SPEC_PATHS).size).toBe(SPEC_PATHS.length);
    expect(SPEC_PATHS).toHaveLength(86); // 9 main + 21 account + 6 creator + 14 cyprotect + 3 cytransfer + 33 other;
  });

  it.each(SPEC_PATHS)('has %s with a Chinese title', (path) => {
    const route = byPath.get(path);
    expect(route, `missing route ${path}`).toBeDefined();
    expect(route!.title).toMatch(/[\u4e00-\u9fa5]/);
  });

  it('has the four redirects of the spec, exactly', () => {
    expect(redirects).toEqual({
      '/account': '/account/welcome',
      '/creator': '/creator/upload',
      '/cyprotect': '/cyprotect/myorderinfo',
      '/cytransfer': '/cytransfer/buycopyright',
    });
  });

  it('redirects only to paths of the table', () => {
    for (const target of Object.values(redirects)) expect(byPath.has(target), target).toBe(true);
  });

  it.each(MOBILE_EXCLUDED_NAMES)('names a route %s (mobile redirect exclusion)', (name) => {
    expect(routeTable.some((r) => r.name === name)).toBe(true);
  });

  it('has unique route names and paths', () => {
    expect(new Set(routeTable.map((r) => r.name)).size).toBe(routeTable.length);
    expect(byPath.size).toBe(routeTable.length);
  });
});
