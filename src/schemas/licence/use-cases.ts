import table from './use-cases.json';

/**
 * Typed access to the use-case table, shared by the server (which enforces and prices) and the
 * client (which explains). Pure: no I/O, no DOM. Staff may edit lumen:licence/use-cases, so callers
 * build a UseCaseTable from the current version (useCaseTable(schema)); the module-level exports are
 * the bundled table's, for code that only needs the fallback.
 */
export type LicenceLevel = 'personal' | 'company' | 'enhanced';
export type OwnerType = 'PERSONAL' | 'ORGANISATIONS';
export type Account = { ownerType: OwnerType; enhancedAuth: boolean };

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

export const USE_CASES_ID = 'lumen:licence/use-cases';
export const LEVEL_ORDER: LicenceLevel[] = ['personal', 'company', 'enhanced'];

/** The lowest authorization level that suffices for a scenario. */
export function levelOf(useCase: UseCase): LicenceLevel {
  return LEVEL_ORDER.find((l) => useCase[l])!;
}

export interface UseCaseTable {
  levels: Record<LicenceLevel, LevelDef>;
  /** The scenarios: oneOf branches of the schema (const = id, title = Chinese name, x-licence = level flags). */
  useCases: UseCase[];
  find(id: string): UseCase | undefined;
  /** Price of a scenario's licence for a material: base price times the level's multiplier. */
  priceOf(basePriceCents: number, useCase: UseCase): number;
  /** Can an account hold a level? */
  accountAllows(account: Account, level: LicenceLevel): boolean;
  /** The Chinese refusal for an account that may not buy a scenario, or null when allowed. */
  refusalFor(account: Account, useCase: UseCase): string | null;
}

type TableSchema = Record<string, any>;

// One table per schema body: bodies are immutable once served, so this is a safe memo.
const built = new WeakMap<object, UseCaseTable>();

/** The use-case table of one version of lumen:licence/use-cases. */
export function useCaseTable(schema: TableSchema): UseCaseTable {
  const hit = built.get(schema);
  if (hit) return hit;
  const levels = schema['x-levels'] as Record<LicenceLevel, LevelDef>;
  const useCases: UseCase[] = ((schema.oneOf ?? []) as Array<Record<string, any>>).map((b) => ({
    id: b.const,
    name: b.title,
    description: b.description,
    ...b['x-licence'],
  }));
  const accountAllows = (account: Account, level: LicenceLevel) => {
    const def = levels[level];
    return (
      def.ownerTypes.includes(account.ownerType) &&
      (!def.enhancedAuth || (account.ownerType === 'ORGANISATIONS' && account.enhancedAuth))
    );
  };
  const t: UseCaseTable = {
    levels,
    useCases,
    find: (id) => useCases.find((u) => u.id === id),
    priceOf: (basePriceCents, useCase) => Math.round(basePriceCents * levels[levelOf(useCase)].multiplier),
    accountAllows,
    refusalFor(account, useCase) {
      const level = levelOf(useCase);
      if (accountAllows(account, level)) return null;
      if (level === 'enhanced') return `「${useCase.name}」场景需要企业加强授权，仅限已开通加强授权的企业账号购买`;
      return `「${useCase.name}」场景需要企业授权，个人账号不能购买，请使用企业账号`;
    },
  };
  built.set(schema, t);
  return t;
}

/**
 * Chinese reasons a candidate version cannot serve as the table ([] = usable): every level needs a
 * positive multiplier and owner types, every scenario at least one level flag.
 */
export function useCaseTableProblems(schema: TableSchema): string[] {
  const out: string[] = [];
  const levels = (schema['x-levels'] ?? {}) as Record<string, Partial<LevelDef>>;
  for (const l of LEVEL_ORDER) {
    const def = levels[l];
    if (!def || typeof def !== 'object') out.push(`缺少授权级别 "${l}"（x-levels）`);
    else {
      if (typeof def.multiplier !== 'number' || !(def.multiplier > 0)) out.push(`授权级别 "${l}" 的价格倍数必须大于0`);
      if (!Array.isArray(def.ownerTypes) || !def.ownerTypes.length)
        out.push(`授权级别 "${l}" 必须列出可购买的账号类型`);
      if (typeof def.name !== 'string' || !def.name) out.push(`授权级别 "${l}" 缺少名称`);
    }
  }
  const branches: Array<Record<string, any>> = schema.oneOf ?? [];
  if (!branches.length) out.push('至少需要一个授权场景');
  for (const b of branches) {
    const flags = b['x-licence'] ?? {};
    if (typeof b.const !== 'string' || !b.const) out.push('授权场景缺少编码（const）');
    else if (!LEVEL_ORDER.some((l) => flags[l] === true))
      out.push(`授权场景 "${b.const}" 至少需要开放一个授权级别（x-licence）`);
  }
  return out;
}

// eslint-disable-next-line react-hooks/rules-of-hooks -- useCaseTable is not a hook: it builds the use-case table
const bundled = useCaseTable(table);
export const LEVELS = bundled.levels;
export const USE_CASES = bundled.useCases;
export const findUseCase = bundled.find;
export const priceOf = bundled.priceOf;
export const accountAllows = bundled.accountAllows;
export const refusalFor = bundled.refusalFor;
