import type { ComponentType } from 'react';

/**
 * Route name -> lazy page module. Each page lives in src/pages/<area>/ and is split into its
 * own chunk, so the home page does not carry forms, tables and ajv. Routes without an entry
 * render the page frame (RoutePlaceholder) until their issue builds them.
 */
export const pages: Record<string, () => Promise<{ default: ComponentType }>> = {
  CreatorUpload: () => import('../pages/creator/upload/UploadVideo'),
  CreatorUploadImage: () => import('../pages/creator/upload/UploadImage'),
  CreatorWorks: () => import('../pages/creator/Works'),
  CreatorWithdraw: () => import('../pages/creator/Withdraw'),
  CreatorSales: () => import('../pages/creator/sales/SalesPage'),
  CreatorWithdrawDetail: () => import('../pages/creator/WithdrawDetail'),
  MyDeposit: () => import('../pages/cyprotect/MyDeposit'),
  MyRegister: () => import('../pages/cyprotect/MyRegister'),
  MyDciRegister: () => import('../pages/cyprotect/MyDciRegister'),
  MyOrderInfo: () => import('../pages/cyprotect/MyOrderInfo'),
  CyTicket: () => import('../pages/cyprotect/CyTicket'),
  CertifyCopyrightRegister: () => import('../pages/certify/RegisterCertificate'),
  MyJustice: () => import('../pages/cyprotect/MyJustice'),
  CopyrightJustice: () => import('../pages/copyright/CopyrightJustice'),
  Ticket: () => import('../pages/account/Ticket'),
  CertifyDeposit: () => import('../pages/certify/DepositCertificate'),
  CertifyDepositNew: () => import('../pages/certify/DepositCertificate'),
  Admin: () => import('../pages/admin/AdminPage'),
  AdminRefunds: () => import('../pages/admin/RefundsPage'),
  AdminJobs: () => import('../pages/admin/JobsPage'),
  AdminReview: () => import('../pages/admin/review/ReviewPage'),
  AdminWithdrawals: () => import('../pages/admin/WithdrawalsPage'),
  SignCreator: () => import('../pages/sign-creator/SignCreatorPage'),
  // trade
  Cart: () => import('../pages/cart/CartPage'),
  Buy: () => import('../pages/buy/BuyPage'),
  Pay: () => import('../pages/pay/PayPage'),
  Collect: () => import('../pages/account/collect/CollectPage'),
  CollectDetail: () => import('../pages/account/collect/CollectDetailPage'),
  PersonalCollect: () => import('../pages/collect/PersonalCollectPage'),
  AuthRecord: () => import('../pages/account/licence/AuthRecordPage'),
  MyAuth: () => import('../pages/account/licence/MyAuthPage'),
  HistoryList: () => import('../pages/account/licence/HistoryListPage'),
  Coupon: () => import('../pages/account/coupon/CouponPage'),
  AccountOrder: () => import('../pages/account/order/AccountOrderPage'),
  Welcome: () => import('../pages/account/welcome/WelcomePage'),
  Home: () => import('../pages/home/HomePage'),
  Search: () => import('../pages/search/SearchPage'),
  VideoDetail: () => import('../pages/detail/VideoDetailPage'),
  AlbumList: () => import('../pages/album/AlbumListPage'),
  AlbumDetail: () => import('../pages/album/AlbumDetailPage'),
  Material: () => import('../pages/material/MaterialPage'),
};
