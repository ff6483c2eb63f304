import crypto from 'node:crypto';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/index.js';
import { SandboxPayProvider } from './sandbox.js';
import type { PayProviderName } from './types.js';

export type {
  PayProvider,
  PayProviderName,
  PayoutRequest,
  PayoutResult,
  RefundRequest,
  RefundResult,
} from './types.js';
export const PAY_PROVIDERS: PayProviderName[] = ['wechat', 'alipay'];

/**
 * The signing key of one provider: configured (PAY_SECRET_WECHAT / PAY_SECRET_ALIPAY) or derived
 * from PAY_SECRET per provider, so a callback signed for one provider never verifies for the other.
 */
export function payProviderKey(config: Config, name: PayProviderName): string {
  return (
    config.payProviderSecrets[name] ||
    crypto.createHmac('sha256', config.paySecret).update(`lumen-pay-provider:${name}`).digest('hex')
  );
}

/**
 * The providers this server uses. Only the sandbox exists today; real adapters implementing
 * PayProvider (./types.ts) replace it here when merchant credentials are configured.
 */
export function payProviders(config: Config, db: Queryable): Record<PayProviderName, SandboxPayProvider> {
  const make = (name: PayProviderName) =>
    new SandboxPayProvider(name, payProviderKey(config, name), config.publicUrl, db);
  return { wechat: make('wechat'), alipay: make('alipay') };
}

/**
 * The provider that pays creators' withdrawals: Alipay, whose transfer API reaches both Alipay
 * accounts and bank cards (the two channels of lumen:forms/withdrawal).
 */
export const PAYOUT_PROVIDER: PayProviderName = 'alipay';
