/** The pay providers the mobile pay page offers: inside WeChat only WeChat Pay (Alipay cannot open there). */
export type MobilePayMethod = 'wechat' | 'alipay';

export function payMethodsFor(wechat: boolean): Array<{ value: MobilePayMethod; label: string }> {
  return wechat
    ? [{ value: 'wechat', label: '微信支付' }]
    : [
        { value: 'wechat', label: '微信支付' },
        { value: 'alipay', label: '支付宝' },
      ];
}

/** The pay button's text: WeChat's in-app payment inside WeChat, the provider's H5 page elsewhere. */
export function payActionLabel(method: MobilePayMethod, wechat: boolean): string {
  if (wechat) return '微信内支付';
  return method === 'wechat' ? '前往微信支付' : '前往支付宝支付';
}
