import { describe, expect, it } from 'vitest';
import {
  LEVELS,
  USE_CASES,
  accountAllows,
  findUseCase,
  levelOf,
  priceOf,
  refusalFor,
} from '../../../src/schemas/licence/use-cases';

const personal = { ownerType: 'PERSONAL' as const, enhancedAuth: false };
const company = { ownerType: 'ORGANISATIONS' as const, enhancedAuth: false };
const enhanced = { ownerType: 'ORGANISATIONS' as const, enhancedAuth: true };

describe('authorization use-case table (spec §3)', () => {
  it('has nine scenarios with unique ids and Chinese names', () => {
    expect(USE_CASES).toHaveLength(9);
    expect(new Set(USE_CASES.map((u) => u.id)).size).toBe(9);
    for (const u of USE_CASES) expect(u.name).toMatch(/[\u4e00-\u9fff]/);
  });

  it('personal exchange and self-media are personal; game/app and film/TV need enhanced; the rest company', () => {
    const byLevel = (l: string) => USE_CASES.filter((u) => levelOf(u) === l).map((u) => u.name);
    expect(byLevel('personal')).toEqual(['个人交流学习', '个人自媒体']);
    expect(byLevel('enhanced')).toEqual(['游戏/APP内置内容', '影视/TVC']);
    expect(byLevel('company')).toHaveLength(5);
  });

  it('a higher level always suffices where a lower one does', () => {
    for (const u of USE_CASES) {
      if (u.personal) expect(u.company).toBe(true);
      if (u.company) expect(u.enhanced).toBe(true);
    }
  });

  it('accounts may hold: personal -> personal; company -> personal+company; enhanced company -> all', () => {
    expect(['personal', 'company', 'enhanced'].map((l) => accountAllows(personal, l as any))).toEqual([
      true,
      false,
      false,
    ]);
    expect(['personal', 'company', 'enhanced'].map((l) => accountAllows(company, l as any))).toEqual([
      true,
      true,
      false,
    ]);
    expect(['personal', 'company', 'enhanced'].map((l) => accountAllows(enhanced, l as any))).toEqual([
      true,
      true,
      true,
    ]);
    // enhanced_auth on a personal account does not make it a company.
    expect(accountAllows({ ownerType: 'PERSONAL', enhancedAuth: true }, 'enhanced')).toBe(false);
  });

  it('explains refusals in Chinese and prices by the level multiplier', () => {
    expect(refusalFor(personal, findUseCase('ecommerce_ads')!)).toContain('个人账号不能购买');
    expect(refusalFor(company, findUseCase('film_tv')!)).toContain('加强授权');
    expect(refusalFor(enhanced, findUseCase('film_tv')!)).toBeNull();
    expect(priceOf(1000, findUseCase('film_tv')!)).toBe(1000 * LEVELS.enhanced.multiplier);
    expect(priceOf(1000, findUseCase('personal_media')!)).toBe(1000);
  });
});
