import type { ComponentType } from 'react';

/** Which frame a route renders in: the main site layout, a centre with a side menu, or none. */
export type LayoutName = 'main' | 'account' | 'creator' | 'cyprotect' | 'cytransfer';

export interface RouteDef {
  /** Stable route name (used by the mobile redirect exclusions, stats and registration source). */
  name: string;
  /** react-router path; optional segments end with '?'. */
  path: string;
  /** Chinese page title; document.title = title + site description. */
  title: string;
  layout: LayoutName;
  /** Lazy page module (pages.ts holds them by route name). */
  page?: () => Promise<{ default: ComponentType }>;
  /** Needs a logged-in user (opens the login dialog for visitors). */
  auth?: boolean;
  /** Hidden from the centre's side menu (detail pages, pages reached by link). */
  hideInMenu?: boolean;
}

/** Redirects of spec §2. */
export const redirects: Record<string, string> = {
  '/account': '/account/welcome',
  '/creator': '/creator/upload',
  '/cyprotect': '/cyprotect/myorderinfo',
  '/cytransfer': '/cytransfer/buycopyright',
};

const main = (name: string, path: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  name,
  path,
  title,
  layout: 'main',
  ...extra,
});
const centre =
  (layout: LayoutName, base: string) =>
  (name: string, sub: string, title: string, extra: Partial<RouteDef> = {}): RouteDef => ({
    name,
    path: `${base}/${sub}`,
    title,
    layout,
    auth: true,
    ...extra,
  });
const account = centre('account', '/account');
const creator = centre('creator', '/creator');
const cyprotect = centre('cyprotect', '/cyprotect');
const cytransfer = centre('cytransfer', '/cytransfer');

/** The complete route table of spec §2. Pages are attached in src/routes/pages.ts. */
export const routeTable: RouteDef[] = [
  // Main layout
  main('Home', '/', '首页'),
  main('VideoDetail', '/video/detail/:id', '素材详情'),
  main('AlbumList', '/ablum/:type', '专辑'),
  main('Material', '/material/:cid', '素材分类'),
  main('AlbumDetail', '/ablum/detail/:id', '专辑详情'),
  main('Cart', '/cart', '购物车'),
  main('Buy', '/buy/:from', '确认订单', { auth: true }),
  main('Pay', '/pay', '支付订单', { auth: true }),
  main('PersonalCollect', '/personalcollect/:id', '收藏夹分享'),

  // Account centre
  account('Welcome', 'welcome', '账户首页'),
  account('AccountOrder', 'order', '我的订单'),
  account('AuthRecord', 'authrecord', '授权记录'),
  account('MyAuth', 'myauth', '我的授权'),
  account('Collect', 'collect', '我的收藏'),
  account('CollectDetail', 'collect/detail/:id', '收藏夹详情', { hideInMenu: true }),
  account('Wallet', 'wallet', '我的钱包'),
  account('Coupon', 'coupon', '优惠券'),
  account('Setting', 'setting', '账户设置'),
  account('Verify', 'verify/:type?', '实名认证'),
  account('Security', 'security', '账户安全'),
  account('Ticket', 'ticket', '发票管理'),
  account('ImgTicket', 'imgticket', '图片发票'),
  account('SubsidiaryList', 'subsidiaryList', '子账号管理'),
  account('TicketDetail', 'ticket/detail', '发票详情', { hideInMenu: true }),
  account('Popular', 'popular', '推广中心'),
  account('Invited', 'invited', '邀请记录'),
  account('HistoryList', 'historyList', '下载记录'),
  account('PurchasePackage', 'purchasePackage', '购买套餐'),
  account('ImageConsume', 'imageConsume', '图片消费记录'),
  account('ImageDownload', 'imageDownload', '图片下载记录'),

  // Creator centre
  creator('CreatorUpload', 'upload', '上传视频'),
  creator('CreatorUploadImage', 'upload/image', '上传图片'),
  creator('CreatorWorks', 'works', '作品管理'),
  creator('CreatorSales', 'sales', '销售记录'),
  creator('CreatorWithdraw', 'withdraw', '收益提现'),
  creator('CreatorWithdrawDetail', 'withdraw/detail', '提现详情', { hideInMenu: true }),

  // Copyright-protection centre
  cyprotect('MyDeposit', 'mydeposit', '我的存证'),
  cyprotect('MyOrderInfo', 'myorderinfo', '版权订单'),
  cyprotect('MyRegister', 'myregister', '版权登记'),
  cyprotect('MyMonitor', 'mymonitor', '版权监测'),
  cyprotect('MyMonitorImg', 'mymonitorimg', '图片监测'),
  cyprotect('MyMonitorVideo', 'mymonitorvideo', '视频监测'),
  cyprotect('MyJustice', 'myjustice', '司法公证'),
  cyprotect('MyCollective', 'mycollective', '集体版权计划'),
  cyprotect('MyDciRegister', 'mydciregister', 'DCI登记'),
  cyprotect('MySpsDraft', 'myspsdraft', '草稿箱'),
  cyprotect('MyWebpage', 'mywebpage', '网页取证'),
  cyprotect('MyScreen', 'myscreen', '录屏取证'),
  cyprotect('MyTrace', 'mytrace', '溯源记录'),
  cyprotect('CyTicket', 'cyticket', '版权服务发票'),

  // Copyright trading
  cytransfer('BuyCopyright', 'buycopyright', '版权购买', { auth: false }),
  cytransfer('SaleCopyright', 'salecopyright', '版权出售'),
  cytransfer('PublishCopyright', 'publishcopyright', '发布版权'),

  // Other routes
  main('ArticlePage', '/article/:id', '帮助中心'),
  main('NoticePage', '/page/:id', '公告'),
  main('Search', '/search', '搜索'),
  main('Certify', '/certifiy/:id?', '证书查验'),
  main('CertifyPlatform', '/certifiy/platform/:id?', '平台证书'),
  main('CertifyDeposit', '/certifiy/copyright/deposit/:id?', '存证证书'),
  main('CertifyDepositNew', '/certifiy/copyright/deposit/new/:id?', '存证证书'),
  main('CertifyCopyrightRegister', '/certifiy/copyright/register/:id?', '版权登记证书'),
  main('Copyright', '/copyright', '版权服务'),
  main('CopyrightProtection', '/copyright/protection', '版权保护'),
  main('CopyrightPlan', '/copyrightPlan', '集体版权计划'),
  main('CopyrightDeposit', '/copyrightDeposit', '版权存证'),
  main('CopyrightCheckin', '/copyrightCheckin', '版权登记'),
  main('CopyrightMonitor', '/copyrightMonitor/:type?', '版权监测'),
  main('CopyrightVerify', '/copyrightVerify/:type?', '版权核验'),
  main('WebEvidence', '/copyright/webEvidence', '网页取证'),
  main('SignCreator', '/signCreator', '成为创作者'),
  main('InviteImg', '/invite', '邀请有礼'),
  main('InviteCompany', '/invite/company', '企业邀请'),
  main('CopyrightJustice', '/copyrightJustice/:type?', '司法公证'),
  main('CopyrightCheckinDci', '/copyrightCheckinDci', 'DCI登记'),
  main('Cooperation', '/cooperation', '商务合作'),
  main('TraceCreative', '/copyright/trace/CreativeProtection', '创意保护溯源'),
  main('TraceFlow', '/copyright/trace/FlowProtection', '流量保护溯源'),
  main('TraceSolid', '/copyright/trace/SolidEvidence', '固证溯源'),
  main('TraceCert', '/copyright/trace/cert', '溯源证书'),
  main('Activity', '/activity/:id', '活动'),
  main('Forum', '/forum2022', '2022版权论坛'),
  main('Forum3', '/forum2023', '2023版权论坛'),
  main('Copyright0426', '/copyright0426', '世界知识产权日'),
  main('GiftCard', '/gift', '礼品卡'),
  main('Tool', '/tool', '工具箱'),
  // The public API for companies (issue #35): keys, scopes, limits, idempotency, examples.
  main('Developer', '/developer', '开发者文档'),
  // The retroactive-licence offer a monitoring owner sends to a site's operator (补授权).
  main('LicenceOffer', '/licence-offer/:token', '补授权报价', { hideInMenu: true }),
  // Showcase community and demand posting (spec §1); API under /community/api
  main('CommunityFeed', '/community', '创作社区'),
  main('CommunityPost', '/community/post/:id', '作品帖'),
  main('CommunityPublish', '/community/publish', '发布作品', { auth: true }),
  main('CommunityCreator', '/community/creator/:id', '创作者主页'),
  main('CommunityDemands', '/community/demands', '需求大厅'),
  main('CommunityDemandNew', '/community/demands/new', '发布需求', { auth: true }),
  main('CommunityDemand', '/community/demands/:id', '需求详情'),
  main('CommunityMine', '/community/mine', '我的需求与响应', { auth: true }),
  main('NotFound', '/404', '页面不存在'),
  { name: 'Admin', path: '/admin', title: '规则配置', layout: 'main', auth: true },
  { name: 'AdminRefunds', path: '/admin/refunds', title: '退款结算', layout: 'main', auth: true },
  { name: 'AdminJobs', path: '/admin/jobs', title: '后台任务', layout: 'main', auth: true },
  { name: 'AdminReview', path: '/admin/review', title: '作品审核', layout: 'main', auth: true },
  { name: 'AdminWithdrawals', path: '/admin/withdrawals', title: '提现审核', layout: 'main', auth: true },
  { name: 'AdminContent', path: '/admin/content', title: '内容管理', layout: 'main', auth: true },
  { name: 'AdminCertifications', path: '/admin/certifications', title: '实名审核', layout: 'main', auth: true },
  { name: 'AdminAudit', path: '/admin/audit', title: '操作日志', layout: 'main', auth: true },
  { name: 'AdminCommunity', path: '/admin/community', title: '社区管理', layout: 'main', auth: true },
  { name: 'AdminInvoices', path: '/admin/invoices', title: '发票开具', layout: 'main', auth: true },
  { name: 'AdminGiftCards', path: '/admin/gift-cards', title: '礼品卡批次', layout: 'main', auth: true },
];

/** Fixed site description appended to every title. */
export const SITE_DESCRIPTION = '流明素材 - 正版视频、模板、图片素材与版权保护服务平台';
