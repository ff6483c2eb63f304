import path from 'node:path';

/** Server configuration, read once from the environment (documented in README.md). */
export interface Config {
  port: number;
  host: string;
  /** 'production' disables the sandbox dev pages (/dev/*). */
  env: 'development' | 'production' | 'test';
  /** Root for the PGlite data folder and stored files. */
  dataDir: string;
  /** When set, PostgreSQL is used instead of PGlite. */
  databaseUrl?: string;
  /** Folder of the built client (vite build output). */
  clientDir: string;
  /** Secret shared with the client for SMS request signatures (the spec keeps it in the client). */
  smsSignSecret: string;
  /** Secret for signing sandbox payment callbacks. */
  paySecret: string;
  /** Public base URL of this server, used in QR codes and callback URLs. */
  publicUrl: string;
  logLevel: string;
  /** Trust X-Forwarded-For (true, or a comma-separated list of proxy addresses). Off by default. */
  trustProxy: boolean | string;
  /** Seed the demo catalogue on an empty database. */
  seed: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    env: (env.NODE_ENV as Config['env']) ?? 'development',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    smsSignSecret: env.SMS_SIGN_SECRET ?? 'lumen-sms-sign-secret',
    paySecret: env.PAY_SECRET ?? 'lumen-sandbox-pay-secret',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    seed: env.SEED !== '0',
  };
}

function parseTrustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false' || v === '0') return false;
  return v === 'true' ? true : v;
}
