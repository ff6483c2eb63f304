/**
 * JSON with sorted keys, so jsonb's key reordering does not change the hash. The evidence log
 * (evidence/ledger.ts) and the transfer contract (documents/transfer-contract.ts) hash with it.
 */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as any)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}
