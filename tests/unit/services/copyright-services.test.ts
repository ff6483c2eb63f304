import { describe, expect, it } from 'vitest';
import bundled from '../../../src/schemas/services/copyright-services.json';
import { copyrightServiceProblems, serviceCatalogue } from '../../../src/schemas/services/copyright-services';

const edit = (f: (s: any) => void) => {
  const s = structuredClone(bundled) as any;
  f(s);
  return copyrightServiceProblems(s);
};

describe('copyright-service catalogue (lumen:services/copyright-services)', () => {
  it('reads every service and package of the bundled file, which is usable', () => {
    const cat = serviceCatalogue();
    expect(cat.services).toHaveLength(9);
    expect(cat.packages.filter((p) => p.service === 'image_download').map((p) => [p.quantity, p.validDays])).toEqual([
      [10, 30],
      [50, 90],
      [200, 365],
    ]);
    expect(cat.pkg('notarization_1')).toMatchObject({
      service: 'notarization',
      quantity: 1,
      priceCents: 80000,
      validDays: 0,
    });
    expect(copyrightServiceProblems(bundled)).toEqual([]);
  });

  it('refuses edits the checkout could not use, in Chinese', () => {
    expect(
      edit((s) => {
        s.oneOf[0]['x-package'].priceCents = 0;
      }),
    ).toEqual(['套餐「存证套餐 10 次」的价格必须是大于 0 的整数（分）']);
    expect(
      edit((s) => {
        s.oneOf[1]['x-package'].quantity = 1.5;
      }),
    ).toEqual(['套餐「存证套餐 50 次」的次数必须是 1 到 100000 的整数']);
    expect(
      edit((s) => {
        s.oneOf[2]['x-package'].service = 'lottery';
      }),
    ).toEqual(['套餐「作品著作权登记 1 件」的服务编码无效']);
    expect(
      edit((s) => {
        s.oneOf[3].const = s.oneOf[2].const;
      }),
    ).toEqual(['套餐编码「registration_1」重复']);
    expect(
      edit((s) => {
        delete s['x-services'].trace;
      }),
    ).toEqual(['服务「trace」缺少名称']);
  });
});
