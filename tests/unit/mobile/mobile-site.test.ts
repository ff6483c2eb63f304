import { describe, expect, it } from 'vitest';
import { mobileRoutes } from '../../../src/mobile/routes';
import { afterLoginPath, loginPath } from '../../../src/mobile/login-path';
import { payActionLabel, payMethodsFor } from '../../../src/mobile/pay-methods';
import { mobileMap, BUILT_IN_PENDING, MOBILE_HOME } from '../../../src/routes/mobile-map';

describe('the mobile site', () => {
  it('has a page for every mapped route the desktop sends to it', () => {
    const paths = mobileRoutes.map((r) => r.path.replace(/\/:\w+\??/g, '/:p'));
    const targets = [
      MOBILE_HOME,
      ...Object.entries(mobileMap)
        .filter(([n]) => !BUILT_IN_PENDING.has(n))
        .map(([, r]) => r),
    ];
    for (const t of targets) expect(paths, t.path).toContain(t.path.replace(/\/:\w+\??/g, '/:p'));
  });

  it('returns to the page that asked for a login, and only to a page of this site', () => {
    expect(loginPath('/cart?x=1')).toBe('/login?redirect=%2Fcart%3Fx%3D1');
    expect(afterLoginPath('/cart?x=1')).toBe('/cart?x=1');
    expect(afterLoginPath(null)).toBe('/');
    expect(afterLoginPath('https://evil.example/')).toBe('/');
    expect(afterLoginPath('//evil.example/')).toBe('/');
    expect(afterLoginPath('/login?redirect=/cart')).toBe('/');
  });

  it('offers only WeChat Pay inside WeChat, and names the in-app payment there', () => {
    expect(payMethodsFor(true).map((m) => m.value)).toEqual(['wechat']);
    expect(payMethodsFor(false).map((m) => m.value)).toEqual(['wechat', 'alipay']);
    expect(payActionLabel('wechat', true)).toBe('微信内支付');
    expect(payActionLabel('alipay', false)).toBe('前往支付宝支付');
  });
});
