/**
 * OpenAPI tags: one per route group, named in Chinese, keyed by URL prefix (server/src/routes/index.ts).
 * A route takes the tag of the longest prefix its URL starts with; several modules that share a
 * prefix (the /dev sandboxes) share a tag.
 */
export const ROUTE_GROUP_TAGS: ReadonlyArray<{ prefix: string; name: string }> = [
  { prefix: '/api/index', name: '首页与搜索' },
  { prefix: '/api/items', name: '素材' },
  { prefix: '/api/collect', name: '收藏夹' },
  { prefix: '/api/trade', name: '购物车与下单支付' },
  { prefix: '/api/order', name: '订单' },
  { prefix: '/api/discount', name: '优惠券' },
  { prefix: '/api/wallet/topup', name: '钱包充值' },
  { prefix: '/api/wallet', name: '钱包' },
  { prefix: '/api/gift-cards', name: '礼品卡' },
  { prefix: '/api/user/gift-cards', name: '我的礼品卡' },
  { prefix: '/api/common', name: '登录与账户' },
  { prefix: '/api/user/security', name: '账户安全' },
  { prefix: '/api/user/api-keys', name: 'API 密钥' },
  { prefix: '/api/v1', name: '开放接口 v1（API 密钥）' },
  { prefix: '/api/user/sub-accounts', name: '子账户' },
  { prefix: '/api/user/profile', name: '个人资料' },
  { prefix: '/api/user/certification', name: '实名认证' },
  { prefix: '/api/user/creator', name: '创作者签约' },
  { prefix: '/api/user/works', name: '我的作品' },
  { prefix: '/api/user/invoice', name: '发票' },
  { prefix: '/api/user/image-invoice', name: '图片套餐发票' },
  { prefix: '/api/user/service-invoice', name: '版权服务发票' },
  { prefix: '/api/user/withdrawal', name: '提现' },
  { prefix: '/api/user/image-downloads', name: '图片下载套餐' },
  { prefix: '/api/user/image-packages', name: '图片下载套餐' },
  { prefix: '/api/user/invite', name: '邀请' },
  { prefix: '/api/user/invited', name: '邀请' },
  { prefix: '/api/user/notification-prefs', name: '通知设置' },
  { prefix: '/api/user/webhooks', name: 'Webhook' },
  { prefix: '/api/notifications', name: '站内通知' },
  { prefix: '/api/creator/sales', name: '创作者收益' },
  { prefix: '/api/upload', name: '分片上传' },
  { prefix: '/api/drafts', name: '申请草稿' },
  { prefix: '/api/jobs', name: '后台任务' },
  { prefix: '/api/schemas', name: '表单与规则' },
  { prefix: '/api/content', name: '内容与活动' },
  { prefix: '/api/collective', name: '集体管理' },
  { prefix: '/api/cytransfer', name: '版权交易' },
  { prefix: '/api/service-orders', name: '版权服务订单' },
  { prefix: '/api/protection/deposit', name: '存证' },
  { prefix: '/api/protection/ledger', name: '存证账本' },
  { prefix: '/api/protection/lookup', name: '存证查询' },
  { prefix: '/api/protection/registration', name: '版权登记' },
  { prefix: '/api/protection/dci', name: 'DCI 登记' },
  { prefix: '/api/protection/authority', name: '版权局回调' },
  { prefix: '/api/protection/notarization', name: '公证' },
  { prefix: '/api/protection/captures', name: '网页取证' },
  { prefix: '/api/certify/register', name: '作品登记' },
  { prefix: '/api/trace', name: '溯源' },
  { prefix: '/api/monitor', name: '侵权监测' },
  { prefix: '/api/baidu', name: '百度统计' },
  { prefix: '/api/admin/review', name: '运营：审核' },
  { prefix: '/api/admin/refunds', name: '运营：退款' },
  { prefix: '/api/admin/withdrawals', name: '运营：提现' },
  { prefix: '/api/admin/content', name: '运营：内容' },
  { prefix: '/api/admin/certifications', name: '运营：认证' },
  { prefix: '/api/admin/audit-log', name: '运营：操作日志' },
  { prefix: '/api/admin/invoices', name: '运营：发票' },
  { prefix: '/api/admin/gift-cards', name: '运营：礼品卡' },
  { prefix: '/community/api/admin', name: '运营：社区' },
  { prefix: '/community/api/demands', name: '社区需求' },
  { prefix: '/community/api', name: '社区' },
  { prefix: '/files', name: '公开文件' },
  { prefix: '/dev', name: '开发沙箱' },
  { prefix: '/api', name: '站点与统计' },
];

const byLength = [...ROUTE_GROUP_TAGS].sort((a, b) => b.prefix.length - a.prefix.length);

/** The tag of a route's URL: its group's, by the longest matching prefix. */
export function tagOf(url: string): string {
  const hit = byLength.find((t) => url === t.prefix || url.startsWith(t.prefix + '/'));
  return hit ? hit.name : '站点与统计';
}

/** The document's tag list: each name once, in the table's order. */
export function openApiTags(): Array<{ name: string; description: string }> {
  const seen = new Map<string, string[]>();
  for (const t of ROUTE_GROUP_TAGS) seen.set(t.name, [...(seen.get(t.name) ?? []), t.prefix]);
  return [...seen].map(([name, prefixes]) => ({ name, description: prefixes.join('、') }));
}
