import table from './use-cases.json';

/**
 * Typed access to the use-case table, shared by the server (which enforces and prices) and the
 * client (which explains). Pure: no I/O, no DOM.
 */
export type LicenceLevel = 'personal' | 'company' | 'enhanced';
export type OwnerType = 'PERSONAL' | 'ORGANISATIONS';

export interface UseCase {
  id: string;
  name: string;
  description: string;
  personal: boolean;
  company: boolean;
  enhanced: boolean;
}

export interface LevelDef {
  name: string;
  multiplier: number;
  ownerTypes: OwnerType[];
  enhancedAuth: boolean;
  explain: string;
}

export const LEVELS = table['x-levels'] as Record<LicenceLevel, LevelDef>;
/** The nine scenarios: oneOf branches of the schema (const = id, title = Chinese name, x-licence = level flags). */
export const USE_CASES: UseCase[] = table.oneOf.map((b) => ({ id: b.const, name: b.title, description: b.description, ...b['x-licence'] }));
export const LEVEL_ORDER: LicenceLevel[] = ['personal', 'company', 'enhanced'];

export function findUseCase(id: string): UseCase | undefined {
  return USE_CASES.find((u) => u.id === id);
}

/** The lowest authorization level that suffices for a scenario. */
export function levelOf(useCase: UseCase): LicenceLevel {
  return LEVEL_ORDER.find((l) => useCase[l])!;
}

/** Price of a scenario's licence for a material: base price times the level's multiplier. */
export function priceOf(basePriceCents: number, useCase: UseCase): number {
  return Math.round(basePriceCents * LEVELS[levelOf(useCase)].multiplier);
}

/** Can an account hold a level? */
export function accountAllows(account: { ownerType: OwnerType; enhancedAuth: boolean }, level: LicenceLevel): boolean {
  const def = LEVELS[level];
  return def.ownerTypes.includes(account.ownerType) && (!def.enhancedAuth || (account.ownerType === 'ORGANISATIONS' && account.enhancedAuth));
}

/** The Chinese refusal for an account that may not buy a scenario, or null when allowed. */
export function refusalFor(account: { ownerType: OwnerType; enhancedAuth: boolean }, useCase: UseCase): string | null {
  const level = levelOf(useCase);
  if (accountAllows(account, level)) return null;
  if (level === 'enhanced') return `「${useCase.name}」场景需要企业加强授权，仅限已开通加强授权的企业账号购买`;
  return `「${useCase.name}」场景需要企业授权，个人账号不能购买，请使用企业账号`;
}
