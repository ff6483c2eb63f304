/** Every outbound fetch of a user-named address goes through here: the policy, the checking proxy for Chromium, and a checked GET. */
export {
  EGRESS_UNREACHABLE,
  EgressRefused,
  checkedAddress,
  connectChecked,
  egressPolicy,
  egressTarget,
  parseAllowList,
  systemNetwork,
  useEgressNetwork,
} from './policy.js';
export type { AllowRule, EgressNetwork, EgressPolicy } from './policy.js';
export { isPublicAddress } from './ranges.js';
export { REFUSED_HEADER, startEgressProxy } from './proxy.js';
export type { EgressEvent, EgressProxy, LocalSite } from './proxy.js';
export { egressFetch } from './fetch.js';
export type { EgressResponse } from './fetch.js';
