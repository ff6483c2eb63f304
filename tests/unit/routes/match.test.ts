import { describe, expect, it } from 'vitest';
import { matchRoute, titleFor } from '../../../src/routes/match';
import { routeTable, SITE_DESCRIPTION } from '../../../src/routes/route-table';
import { samplePath } from '../../helpers/sample-paths';

describe('route matcher', () => {
  it.each(routeTable.map((r) => [r.name, samplePath(r.path)]))('%s matches %s', (name, path) => {
    expect(matchRoute(path)?.route.name).toBe(name);
  });

  it('prefers static segments over params', () => {
    expect(matchRoute('/certifiy/platform')?.route.name).toBe('CertifyPlatform');
    expect(matchRoute('/certifiy/copyright/deposit/new/7')?.route.name).toBe('CertifyDepositNew');
    expect(matchRoute('/certifiy/42')).toMatchObject({ route: { name: 'Certify' }, params: { id: '42' } });
    expect(matchRoute('/ablum/detail/5')).toMatchObject({ route: { name: 'AlbumDetail' }, params: { id: '5' } });
    expect(matchRoute('/ablum/11')).toMatchObject({ route: { name: 'AlbumList' }, params: { type: '11' } });
  });

  it('matches optional params with and without a value', () => {
    expect(matchRoute('/account/verify')?.route.name).toBe('Verify');
    expect(matchRoute('/account/verify/company')).toMatchObject({
      route: { name: 'Verify' },
      params: { type: 'company' },
    });
  });

  it('answers null for unknown paths and redirect sources', () => {
    expect(matchRoute('/no/such/page')).toBeNull();
    expect(matchRoute('/account')).toBeNull();
    expect(matchRoute('/video/detail')).toBeNull();
  });

  it('builds the title from the route title and the site description', () => {
    expect(titleFor(matchRoute('/cart')!.route)).toBe(`购物车 - ${SITE_DESCRIPTION}`);
    expect(titleFor(null)).toBe(SITE_DESCRIPTION);
  });
});
