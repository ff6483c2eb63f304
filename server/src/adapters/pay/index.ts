import type { Config } from '../../config.js';
import { SandboxPayProvider } from './sandbox.js';
import type { PayProvider, PayProviderName } from './types.js';

export type { PayProvider, PayProviderName } from './types.js';
export const PAY_PROVIDERS: PayProviderName[] = ['wechat', 'alipay'];

/**
 * The providers this server uses. Only the sandbox exists today; real adapters implementing
 * PayProvider (./types.ts) replace it here when merchant credentials are configured.
 */
export function payProviders(config: Config): Record<PayProviderName, SandboxPayProvider> {
  return {
    wechat: new SandboxPayProvider('wechat', config.paySecret, config.publicUrl),
    alipay: new SandboxPayProvider('alipay', config.paySecret, config.publicUrl),
  };
}

