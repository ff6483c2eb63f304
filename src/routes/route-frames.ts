import type { RouteDef } from './route-table';

/**
 * What the page frame (RoutePlaceholder) says about a route that has no page module yet: a
 * neutral description of the section or service and links to related pages that do exist.
 * Pure data; descriptions state what the service is, never when something will be available.
 */
export type FrameSection = 'account' | 'creator' | 'cyprotect' | 'cytransfer' | 'copyright' | 'community' | 'site';

export interface SectionFrame {
  description: string;
  /** Route names of related pages; only those with a page module are shown as links. */
  related: string[];
}

/** The copyright-service pages that exist: related to every copyright section. */
const COPYRIGHT_PAGES = ['MyDeposit', 'MyRegister', 'MyDciRegister'];

export const sectionFrames: Record<FrameSection, SectionFrame> = {
  account: {
    description: '个人中心汇集您的订单、素材授权、收藏、优惠券与发票等账户信息。',
    related: ['AccountOrder', 'MyAuth', 'Collect', 'Coupon', 'Ticket'],
  },
  creator: {
    description: '创作者中心用于管理您上传的作品、查看销售收益并申请提现。',
    related: ['CreatorUpload', 'CreatorUploadImage', 'CreatorWorks', 'CreatorWithdraw'],
  },
  cyprotect: {
    description: '版权保护中心汇集您的作品存证、版权登记与 DCI 登记等版权服务记录。',
    related: COPYRIGHT_PAGES,
  },
  cytransfer: {
    description: '版权交易面向作品著作权的转让与购买，交易前的权属证明来自版权存证与登记。',
    related: COPYRIGHT_PAGES,
  },
  copyright: {
    description: '流明版权服务为原创作品提供区块链存证、版权登记、DCI 登记、侵权监测与司法取证。',
    related: COPYRIGHT_PAGES,
  },
  community: {
    description: '流明素材与创作者、企业用户共同建设正版素材生态。',
    related: ['Home', 'Search', 'CreatorWorks'],
  },
  site: {
    description: '流明素材提供正版视频、模板与图片素材，支持在线授权与版权保护。',
    related: ['Home', 'Search', 'Cart'],
  },
};

/** Route-specific descriptions; a route without one shows its section's description. */
export const routeDescriptions: Record<string, string> = {
  // Account centre
  Wallet: '钱包记录账户余额及充值、消费明细。',
  Setting: '账户设置用于维护昵称、头像等个人资料。',
  Verify: '实名认证分个人认证与企业认证，认证信息用于授权书与版权服务中的权利人信息。',
  Security: '账户安全用于管理登录密码与绑定手机号。',
  ImgTicket: '图片发票对应图片素材订单的开票记录。',
  SubsidiaryList: '企业账号可添加子账号，子账号使用企业的素材授权。',
  TicketDetail: '发票详情展示一张发票的抬头、金额、关联订单与开具状态。',
  Popular: '推广中心记录通过您的邀请链接产生的注册与消费。',
  Invited: '邀请记录列出通过您的邀请注册的用户。',
  PurchasePackage: '素材套餐按下载次数计费，适合批量使用素材的团队。',
  ImageConsume: '图片消费记录列出套餐内图片素材的扣减明细。',
  ImageDownload: '图片下载记录列出您下载过的图片素材。',
  // Creator centre
  CreatorUpload: '创作者可上传原创视频素材，审核通过后在平台销售并获得分成。',
  CreatorUploadImage: '创作者可上传原创图片素材，审核通过后在平台销售并获得分成。',
  CreatorSales: '销售记录列出您的作品被购买授权的明细与收益。',
  CreatorWithdrawDetail: '提现详情展示一笔提现申请的金额、收款账户与处理状态。',
  // Copyright-protection centre
  MyOrderInfo: '版权订单汇总您购买的各项版权服务。',
  MyMonitor: '版权监测在全网比对您的作品，发现疑似侵权的使用。',
  MyMonitorImg: '图片监测针对图片作品进行全网比对。',
  MyMonitorVideo: '视频监测针对视频作品进行全网比对。',
  MyJustice: '司法公证为侵权证据提供公证服务，证据可用于维权诉讼。',
  MyCollective: '集体版权计划由平台代为管理作品的授权与维权。',
  MySpsDraft: '草稿箱保存尚未提交的版权服务申请。',
  MyWebpage: '网页取证对侵权网页进行固定，生成带时间戳的取证报告。',
  MyScreen: '录屏取证记录侵权内容的浏览过程，生成可验证的录屏证据。',
  MyTrace: '溯源记录列出作品传播路径的追踪结果。',
  CyTicket: '版权服务发票对应版权服务订单的开票记录。',
  // Copyright trading
  BuyCopyright: '版权购买用于获得作品著作权中财产权利的转让。',
  SaleCopyright: '版权出售用于将您持有的作品著作权挂牌转让。',
  PublishCopyright: '发布版权用于登记一件待转让作品的权属与价格信息。',
  // Copyright services and certificates
  Certify: '证书查验可核对平台出具的存证与登记证书的真伪。',
  CertifyPlatform: '平台证书是流明素材出具的素材授权证明。',
  CertifyCopyrightRegister: '版权登记证书是作品完成著作权登记后的权属证明。',
  CopyrightPlan: '集体版权计划由平台代为管理作品的授权与维权。',
  CopyrightDeposit: '版权存证将作品的数字指纹与时间写入区块链，证明作品在该时间已经存在。',
  CopyrightCheckin: '版权登记是向登记机构申请著作权登记，取得作品登记证书。',
  CopyrightCheckinDci: 'DCI 登记为作品分配数字版权唯一标识，用于线上确权与授权结算。',
  CopyrightMonitor: '版权监测在全网比对您的作品，发现疑似侵权的使用。',
  CopyrightVerify: '版权核验用于查询作品的存证与登记信息。',
  CopyrightJustice: '司法公证为侵权证据提供公证服务，证据可用于维权诉讼。',
  WebEvidence: '网页取证对侵权网页进行固定，生成带时间戳的取证报告。',
  TraceCreative: '创意保护溯源记录创意作品从创作到发布的各个节点。',
  TraceFlow: '流量保护溯源追踪作品在各平台的传播与使用情况。',
  TraceSolid: '固证溯源将作品传播过程中的关键证据固定保存。',
  TraceCert: '溯源证书汇总一件作品的溯源记录，可供查验。',
  Forum: '2022 版权论坛的议程与嘉宾资料。',
  Forum3: '2023 版权论坛的议程与嘉宾资料。',
  Copyright0426: '世界知识产权日（4 月 26 日）专题。',
  // Community and partners
  SignCreator: '成为流明素材创作者，上传原创作品并获得销售分成。',
  InviteImg: '邀请好友注册流明素材，好友消费后您可获得奖励。',
  InviteCompany: '邀请企业用户注册流明素材，企业消费后您可获得奖励。',
  Cooperation: '商务合作面向素材采购、内容授权与版权服务的企业客户。',
  // Site pages
  ArticlePage: '帮助中心收录平台使用说明、服务协议与隐私条款。',
  NoticePage: '平台公告与规则更新。',
  Activity: '平台活动的规则与参与方式。',
  GiftCard: '礼品卡可用于兑换素材购买余额。',
  Tool: '工具箱汇集素材处理相关的常用工具。',
};

const SECTION_BY_NAME: Record<string, FrameSection> = {
  SignCreator: 'community', InviteImg: 'community', InviteCompany: 'community', Cooperation: 'community',
};
const COPYRIGHT_NAME = /^(Copyright|Certify|Trace|Forum|WebEvidence)/;

/** The section a route's frame belongs to: its centre, else copyright/community/site by name. */
export function frameSection(route: Pick<RouteDef, 'name' | 'layout'>): FrameSection {
  if (route.layout !== 'main') return route.layout;
  return SECTION_BY_NAME[route.name] ?? (COPYRIGHT_NAME.test(route.name) ? 'copyright' : 'site');
}

/** Description and related route names for a route's frame. */
export function frameFor(route: Pick<RouteDef, 'name' | 'layout'>): SectionFrame {
  const section = sectionFrames[frameSection(route)];
  return { description: routeDescriptions[route.name] ?? section.description, related: section.related.filter((n) => n !== route.name) };
}
