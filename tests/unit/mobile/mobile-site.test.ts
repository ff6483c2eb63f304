import { describe, expect, it } from 'vitest';
import { mobileRoutes } from '../../../src/mobile/routes';
import { afterLoginPath, loginPath } from '../../../src/mobile/login-path';
import { payActionLabel, payMethodsFor } from '../../../src/mobile/pay-methods';
import { mobileMap, MOBILE_HOME } from '../../../src/routes/mobile-map';
import { mobilePathFor } from '../../../src/mobile/desktop-link';
import { serviceIndex, copyrightServices } from '../../../src/pages/copyright/service-catalogue';

describe('the mobile site', () => {
  it('has a page for every mapped route the desktop sends to it', () => {
    const paths = mobileRoutes.map((r) => r.path.replace(/\/:\w+\??/g, '/:p'));
    const targets = [MOBILE_HOME, ...Object.values(mobileMap)];
    for (const t of targets) expect(paths, t.path).toContain(t.path.replace(/\/:\w+\??/g, '/:p'));
  });

  it('links a desktop address to its mobile page, and names none for a page phones cannot open', () => {
    expect(mobilePathFor('/copyrightDeposit')).toBe('/copyright/deposit');
    expect(mobilePathFor('/copyrightMonitor/video')).toBe('/copyright/monitor/video');
    expect(mobilePathFor('/copyright/trace/cert?no=TR2026112500000001-ABCDEF&x=1')).toBe(
      '/trace/cert?no=TR2026112500000001-ABCDEF',
    );
    expect(mobilePathFor('/personalcollect/4')).toBe('/collect/share/4');
    // The creator centre has no mobile page: a phone opening it lands on the mobile home.
    expect(mobilePathFor('/cyprotect/mydeposit?action=create')).toBeNull();
    expect(mobilePathFor('/no/such/page')).toBeNull();
    // Every service page the desktop catalogue links to, bar copyright trading, has a mobile page.
    const missing = serviceIndex.filter((s) => !mobilePathFor(s.to)).map((s) => s.title);
    expect(missing).toEqual(['版权交易']);
    for (const s of Object.values(copyrightServices))
      expect(mobilePathFor(s.verifyTo ?? '/copyrightVerify')).not.toBeNull();
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
