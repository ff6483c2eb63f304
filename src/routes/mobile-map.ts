/**
 * Desktop route -> mobile-site page (spec §2 "Navigation behaviour"). Pure data: `path` is a
 * mobile path template whose :params (":x?" optional) are filled from the desktop route params;
 * `query` lists the desktop query keys carried over; `paramQuery` turns desktop route params into
 * mobile query keys (mobile key -> desktop param). Routes without a row go to MOBILE_HOME.
 */
export interface MobileRow {
  path: string;
  query?: string[];
  paramQuery?: Record<string, string>;
}

export const mobileMap: Record<string, MobileRow> = {
  // Catalogue
  AlbumList: { path: '/album/list/:type' },
  AlbumDetail: { path: '/album/detail/:id' },
  VideoDetail: { path: '/video/detail/:id' },
  Search: { path: '/search', query: ['keyword', 'categoryId'] },
  // The mobile site has no category page: a category is its search with categoryId (spec §2).
  Material: { path: '/search', paramQuery: { categoryId: 'cid' } },
  // Buying and the account
  Cart: { path: '/cart' },
  Collect: { path: '/collect' },
  CollectDetail: { path: '/collect/detail/:id' },
  PersonalCollect: { path: '/collect/share/:id' },
  AccountOrder: { path: '/orders' },
  Invited: { path: '/invited', query: ['inviteId'] },
  // Copyright services
  Copyright: { path: '/copyright' },
  CopyrightProtection: { path: '/copyright/protection' },
  CopyrightPlan: { path: '/copyright/plan' },
  CopyrightDeposit: { path: '/copyright/deposit' },
  CopyrightCheckin: { path: '/copyright/checkin' },
  CopyrightCheckinDci: { path: '/copyright/checkin/dci' },
  CopyrightMonitor: { path: '/copyright/monitor/:type?' },
  CopyrightVerify: { path: '/copyright/verify/:type?' },
  CopyrightJustice: { path: '/copyright/justice/:type?' },
  WebEvidence: { path: '/copyright/web-evidence' },
  // Trace pages
  TraceCreative: { path: '/trace/creative-protection' },
  TraceFlow: { path: '/trace/flow-protection' },
  TraceSolid: { path: '/trace/solid-evidence' },
  // The trace certificate's QR code opens /copyright/trace/cert?no=...: a phone keeps the number.
  TraceCert: { path: '/trace/cert', query: ['no'] },
};

/** Anything without a row: the mobile home, carrying inviteId when present. */
export const MOBILE_HOME: MobileRow = { path: '/', query: ['inviteId'] };

/** Route names that never leave for the mobile site (spec §2). */
export const MOBILE_EXCLUDED: ReadonlySet<string> = new Set([
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
  // Not in the spec's list: an offer link sent to a site's operator must open the offer on a phone
  // too, and the mobile site has no offer page.
  'LicenceOffer',
]);
