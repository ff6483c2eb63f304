import bundled from './copyright-services.json';

/**
 * Typed view of the copyright-service catalogue (lumen:services/copyright-services): every service
 * sold on the site and its packages with prices. Pure: the server prices and grants quotas from it,
 * the client lists it. Staff edit it at /admin; copyrightServiceProblems refuses an edit the
 * checkout could not use.
 */
export const COPYRIGHT_SERVICES_ID = 'lumen:services/copyright-services';

export type ServiceCode =
  | 'deposit'
  | 'registration'
  | 'dci'
  | 'monitor'
  | 'web_evidence'
  | 'screen_recording'
  | 'notarization'
  | 'trace'
  | 'image_download';
export const SERVICE_CODES: ServiceCode[] = [
  'deposit',
  'registration',
  'dci',
  'monitor',
  'web_evidence',
  'screen_recording',
  'notarization',
  'trace',
  'image_download',
];

export interface ServiceDef {
  code: ServiceCode;
  name: string;
  /** lumen:enums/copyright-service-type code. */
  category: string;
  unit: string;
  /** The client page listing what the service produced (linked from the order). */
  recordsPath: string;
}

export interface ServicePackage {
  sku: string;
  title: string;
  service: ServiceCode;
  /** Units of the service the package grants (captures, registrations, works monitored...). */
  quantity: number;
  priceCents: number;
  /** Days the quota lasts after payment; 0 = no end. */
  validDays: number;
}

export interface ServiceCatalogue {
  services: ServiceDef[];
  packages: ServicePackage[];
  service(code: string): ServiceDef | undefined;
  pkg(sku: string): ServicePackage | undefined;
}

type Body = Record<string, any>;

export function serviceCatalogue(schema: Body = bundled): ServiceCatalogue {
  const defs = (schema['x-services'] ?? {}) as Record<string, Omit<ServiceDef, 'code'>>;
  const services = Object.entries(defs).map(([code, d]) => ({ ...d, code: code as ServiceCode }));
  const packages = ((schema.oneOf ?? []) as Body[]).map((b) => ({
    sku: String(b.const),
    title: String(b.title),
    service: b['x-package']?.service,
    quantity: Number(b['x-package']?.quantity),
    priceCents: Number(b['x-package']?.priceCents),
    validDays: Number(b['x-package']?.validDays ?? 0),
  }));
  return {
    services,
    packages,
    service: (code) => services.find((s) => s.code === code),
    pkg: (sku) => packages.find((p) => p.sku === sku),
  };
}

const isCount = (n: unknown, min: number, max: number) =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/**
 * Chinese refusals for an edited catalogue the checkout could not use ([] = usable). Service codes
 * are fixed by the code that delivers them, so an edit may rename or reprice but not invent one.
 */
export function copyrightServiceProblems(schema: Body): string[] {
  const out: string[] = [];
  const defs = schema['x-services'];
  if (!defs || typeof defs !== 'object' || Array.isArray(defs)) return ['缺少服务说明（x-services）'];
  for (const code of SERVICE_CODES) if (!defs[code]?.name) out.push(`服务「${code}」缺少名称`);
  for (const code of Object.keys(defs))
    if (!SERVICE_CODES.includes(code as ServiceCode)) out.push(`未知的服务编码「${code}」`);
  const branches = Array.isArray(schema.oneOf) ? (schema.oneOf as Body[]) : [];
  if (!branches.length) out.push('至少需要一个套餐');
  const seen = new Set<string>();
  for (const b of branches) {
    const p = b['x-package'] ?? {};
    const name = b.title ?? b.const;
    if (seen.has(String(b.const))) out.push(`套餐编码「${b.const}」重复`);
    seen.add(String(b.const));
    if (!SERVICE_CODES.includes(p.service)) out.push(`套餐「${name}」的服务编码无效`);
    if (!isCount(p.quantity, 1, 100000)) out.push(`套餐「${name}」的次数必须是 1 到 100000 的整数`);
    if (!isCount(p.priceCents, 1, 100_000_000)) out.push(`套餐「${name}」的价格必须是大于 0 的整数（分）`);
    if (!isCount(p.validDays ?? 0, 0, 3650)) out.push(`套餐「${name}」的有效天数必须是 0 到 3650 的整数`);
  }
  return out;
}
