import { describe, expect, it } from 'vitest';
import { activeMenuKey, centreMenu, linkPath } from '../../../src/layouts/centre-menu';
import { routeTable } from '../../../src/routes/route-table';

describe('centre side menu', () => {
  it('lists every visible route of the centre in table order, hidden ones left out', () => {
    const items = centreMenu('account');
    const expected = routeTable.filter((r) => r.layout === 'account' && !r.hideInMenu).map((r) => r.title);
    expect(items.map((i) => i.label)).toEqual(expected);
    expect(items.find((i) => i.label === '收藏夹详情')).toBeUndefined();
    expect(items.map((i) => i.key)).toContain('/account/verify');
  });

  it('builds menus for every centre', () => {
    expect(centreMenu('creator').map((i) => i.key)).toEqual([
      '/creator/upload',
      '/creator/upload/image',
      '/creator/works',
      '/creator/sales',
      '/creator/withdraw',
    ]);
    expect(centreMenu('cyprotect')).toHaveLength(14);
    expect(centreMenu('cytransfer').map((i) => i.label)).toEqual(['版权购买', '版权出售', '发布版权']);
  });

  it('highlights the exact entry, else the parent of a hidden page', () => {
    const items = centreMenu('account');
    expect(activeMenuKey(items, '/account/wallet')).toBe('/account/wallet');
    expect(activeMenuKey(items, '/account/collect/detail/3')).toBe('/account/collect');
    expect(activeMenuKey(items, '/account/verify/company')).toBe('/account/verify');
    expect(activeMenuKey(centreMenu('creator'), '/creator/upload/image')).toBe('/creator/upload/image');
    expect(activeMenuKey(centreMenu('creator'), '/creator/withdraw/detail')).toBe('/creator/withdraw');
    expect(activeMenuKey(items, '/cart')).toBeUndefined();
  });

  it('drops optional params from link paths', () => {
    expect(linkPath('/account/verify/:type?')).toBe('/account/verify');
    expect(linkPath('/account/order')).toBe('/account/order');
  });
});
