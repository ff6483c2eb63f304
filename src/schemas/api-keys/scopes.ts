/**
 * What an API key may do (issue #35): each /api/v1 route declares one of these scopes, and a key
 * without it is refused with `scope_missing`. Defined once here: the key form, the server's check,
 * the OpenAPI document and the developer page all read this table.
 */
export const API_KEY_SCOPES = {
  title: '权限范围',
  oneOf: [
    { const: 'catalogue:read', title: '检索与查看素材' },
    { const: 'licences:purchase', title: '购买授权（在预算内）' },
    { const: 'licences:download', title: '下载已授权原文件' },
    { const: 'evidence:deposit', title: '提交存证' },
    { const: 'evidence:verify', title: '核验存证证书与回执' },
    { const: 'monitor:read', title: '查看侵权监测结果' },
    { const: 'monitor:triage', title: '处理侵权监测结果' },
    { const: 'orders:read', title: '查看订单与发票' },
  ],
} as const;

export type ApiKeyScope = (typeof API_KEY_SCOPES.oneOf)[number]['const'];

export const SCOPE_CODES: ApiKeyScope[] = API_KEY_SCOPES.oneOf.map((s) => s.const);

/** The Chinese label of a scope code (the code itself for an unknown one). */
export const scopeLabel = (code: string): string => API_KEY_SCOPES.oneOf.find((s) => s.const === code)?.title ?? code;

/** Visible start of every secret; `live` keys act on real money (there is no test mode yet). */
export const API_KEY_PREFIX = 'lm_live_';

/** Characters of the secret kept in clear beside its hash, so a person can tell keys apart. */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 6;

/** Defaults and ceilings of the per-key limits (requests per minute, licences per day, spend per month). */
export const API_KEY_LIMITS = {
  requestsPerMinute: { default: 60, max: 600 },
  dailyLicences: { max: 10000 },
  monthlySpendYuan: { max: 10_000_000 },
  expiresInDays: { max: 730 },
  ipAllowList: { maxItems: 20 },
  keysPerAccount: 20,
} as const;

/** How long an Idempotency-Key and its stored answer are kept. */
export const IDEMPOTENCY_HOURS = 24;

/**
 * Stable error codes of /api/v1 refusals, in the envelope's `data.error` beside the Chinese msg,
 * so a program can branch without parsing Chinese.
 */
export const API_ERROR_CODES = {
  key_missing: '缺少 API 密钥',
  key_invalid: 'API 密钥无效',
  key_revoked: 'API 密钥已吊销',
  key_expired: 'API 密钥已过期',
  ip_not_allowed: '来源 IP 不在白名单内',
  scope_missing: '密钥缺少所需权限',
  rate_limited: '请求过于频繁',
  licence_limit: '超出每日授权数量上限',
  spend_limit: '超出每月消费额度',
  idempotency_key_missing: '缺少 Idempotency-Key',
  idempotency_key_reused: 'Idempotency-Key 已用于不同的请求',
  idempotency_in_progress: '相同请求正在处理',
  invalid_request: '请求参数不正确',
  forbidden: '无权操作',
  not_found: '资源不存在',
  conflict: '状态冲突',
  server_error: '服务器错误',
} as const;

export type ApiErrorCode = keyof typeof API_ERROR_CODES;
