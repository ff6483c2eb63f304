/** Client configuration from Vite env variables (documented in docs/configuration.md). */
export const config = {
  /** Base URL of the /api server; same origin by default. */
  apiBase: import.meta.env.VITE_API_BASE ?? '',
  /** Paths containing /community/ go to this host (spec §7). */
  communityBase: import.meta.env.VITE_COMMUNITY_BASE ?? '',
  /** Host of the operation endpoints (ip/get, operation/stat). */
  operationBase: import.meta.env.VITE_OPERATION_BASE ?? '/api',
  /** Mobile site base for the mobile user-agent redirect: this server's /m/ by default, or another host's URL. */
  mobileBase: import.meta.env.VITE_MOBILE_BASE ?? '/m',
  /** Product code used in registration sources ({product}_CREATOR). */
  product: import.meta.env.VITE_PRODUCT ?? 'LUMEN',
  /** Domain attribute of the token/visitor cookies, e.g. '.lumen.example'; derived from the host when unset. */
  cookieDomain: (import.meta.env.VITE_COOKIE_DOMAIN as string | undefined) || undefined,
};
