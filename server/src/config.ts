import fs from 'node:fs';
import path from 'node:path';
import { parseAllowList } from './egress/policy.js';

/** Where the bucket is and how to sign for it (STORAGE=s3, S3_* variables); storage/s3.ts uses it. */
export interface S3Settings {
  /** API endpoint; unset means AWS S3 of the region. */
  endpoint?: string;
  /** Endpoint written into presigned URLs when browsers reach the service by another address than this server does. */
  publicEndpoint?: string;
  bucket: string;
  region: string;
  /** Unset: the SDK's default chain (AWS_* variables, instance or pod roles). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** bucket in the path (MinIO, Ceph RGW, most self-hosted services) instead of the host name. */
  forcePathStyle: boolean;
}

/** Server configuration, read once from the environment (documented in docs/configuration.md). */
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
  /** Render the public pages on the server with the build's `<clientDir>-ssr` module (SERVER_RENDER, default 1). */
  serverRender: boolean;
  /** How long a server-rendered page is reused, in ms (SERVER_RENDER_CACHE_MS, default 1000; 0: render every request). */
  serverRenderCacheMs: number;
  /** Secret shared with the client for SMS request signatures (the spec keeps it in the client). */
  smsSignSecret: string;
  /** Server-only key of the stored SMS code hashes (never shipped to the client, unlike smsSignSecret). */
  smsCodePepper: string;
  /** Secret the per-provider payment keys are derived from (unless configured one by one). */
  paySecret: string;
  /** Configured payment-callback keys per provider (PAY_SECRET_WECHAT, PAY_SECRET_ALIPAY); empty = derived. */
  payProviderSecrets: { wechat: string; alipay: string };
  /** Public base URL of this server, used in QR codes and callback URLs. */
  publicUrl: string;
  logLevel: string;
  /** 'pretty' (pino-pretty, readable in a terminal) or 'json' (one object per line, for log shippers). */
  logFormat: 'pretty' | 'json';
  /** Trust X-Forwarded-For (true, or a comma-separated list of proxy addresses). Off by default. */
  trustProxy: boolean | string;
  /** Seed the demo data (accounts with the public demo password, catalogue). On by default except in production. */
  seed: boolean;
  /** Where stored files live: local disk under DATA_DIR/files (default) or an S3-compatible bucket. */
  storage: 'local' | 's3';
  /** Bucket settings when storage is 's3'. */
  s3?: S3Settings;
  /** Serve GET /api/operation/recent (visitor IPs and ids) for the test suites: NODE_ENV=test or EXPOSE_PAGE_VIEWS=1. */
  exposePageViews: boolean;
  /** Run background jobs in this process (JOBS_IN_PROCESS, default 1); 0 on app servers when `npm run worker` processes run them. */
  jobsInProcess: boolean;
  /** Extra origins for the CSP connect-src (a client built with VITE_API_BASE etc. on another host). */
  cspConnectSrc: string[];
  /**
   * Evidence log: signer key (EVIDENCE_LOG_KEY, PRIVATE+KEY+... string; else created in
   * DATA_DIR/evidence), the checkpoint origin / key name (EVIDENCE_LOG_ORIGIN) and its witnesses.
   */
  evidenceLog: {
    signerKey?: string;
    origin: string;
    /** Witnesses asked to cosign each new checkpoint (EVIDENCE_WITNESSES: "url vkey", comma-separated). */
    witnesses: Array<{ url: string; key: string }>;
    /** How many of them must have cosigned for a checkpoint to count as witnessed (default: all). */
    witnessQuorum: number;
  };
  /** Bearer token a Prometheus scraper sends to GET /metrics (METRICS_TOKEN); unset: this machine only, not through a proxy. */
  metricsToken?: string;
  /** A real RFC 3161 TSA (TSA_URL) and its certificates to publish (PEM read from TSA_CERT_FILE, TSA_ROOT_CERT_FILE); the sandbox otherwise. */
  tsa?: { url?: string; certificate?: string; rootCertificate?: string };
  /**
   * The Content Credentials (C2PA) signer issued by a real CA: C2PA_CERT_FILE (PEM chain, leaf first)
   * and C2PA_KEY_FILE (PKCS#8 PEM, P-256); a sandbox CA in DATA_DIR/evidence/c2pa otherwise.
   */
  contentCredentials?: { certificateChain: string; privateKey: string };
  /** Scheduled backups on the job queue (server/src/backup): every intervalMs (0: off), into dir, the newest `keep` kept. */
  backup: BackupSettings;
}

export interface BackupSettings {
  /** BACKUP_INTERVAL_HOURS as ms; 0 turns the scheduled backup off (the default outside production). */
  intervalMs: number;
  /** BACKUP_DIR, default DATA_DIR/backups. */
  dir: string;
  /** BACKUP_KEEP: finished snapshots kept, the oldest removed after each scheduled backup (default 7). */
  keep: number;
  /** BACKUP_ENCRYPT_KEY_FILE: encrypt scheduled (and `npm run backup`) snapshots with this key. */
  keyFile?: string;
}

/** Development defaults of the secrets; production refuses to start with any of them. */
export const DEV_SECRETS = {
  SMS_SIGN_SECRET: 'lumen-sms-sign-secret',
  SMS_CODE_PEPPER: 'lumen-dev-sms-code-pepper',
  PAY_SECRET: 'lumen-sandbox-pay-secret',
} as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const nodeEnv = (env.NODE_ENV as Config['env']) ?? 'development';
  const dataDir = path.resolve(env.DATA_DIR ?? 'data');
  // The egress allow-list is read per capture; a malformed one is refused at boot, not at the first capture.
  try {
    parseAllowList(env.EGRESS_ALLOW);
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
  return {
    port,
    // Outside production the /dev sandboxes and the demo accounts (public password) are on: this
    // machine only, unless HOST says otherwise.
    host: env.HOST || (nodeEnv === 'production' ? '0.0.0.0' : '127.0.0.1'),
    env: nodeEnv,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    clientDir: path.resolve(env.CLIENT_DIR ?? 'dist'),
    serverRender: env.SERVER_RENDER !== '0',
    serverRenderCacheMs: Math.max(0, Number(env.SERVER_RENDER_CACHE_MS ?? 1000) || 0),
    smsSignSecret: env.SMS_SIGN_SECRET || DEV_SECRETS.SMS_SIGN_SECRET,
    smsCodePepper: env.SMS_CODE_PEPPER || DEV_SECRETS.SMS_CODE_PEPPER,
    paySecret: env.PAY_SECRET || DEV_SECRETS.PAY_SECRET,
    payProviderSecrets: { wechat: env.PAY_SECRET_WECHAT || '', alipay: env.PAY_SECRET_ALIPAY || '' },
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    logLevel: env.LOG_LEVEL ?? 'info',
    // A person at a terminal reads lines, a log shipper parses JSON: pretty only outside production
    // and only when stdout is a terminal, unless LOG_FORMAT says which.
    logFormat:
      env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty'
        ? env.LOG_FORMAT
        : nodeEnv !== 'production' && process.stdout.isTTY
          ? 'pretty'
          : 'json',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // Production never creates the public demo accounts unless asked for explicitly.
    seed: nodeEnv === 'production' ? env.SEED === '1' : env.SEED !== '0',
    exposePageViews: nodeEnv === 'test' || env.EXPOSE_PAGE_VIEWS === '1',
    jobsInProcess: env.JOBS_IN_PROCESS !== '0',
    cspConnectSrc: (env.CSP_CONNECT_SRC ?? '').split(/[\s,]+/).filter(Boolean),
    evidenceLog: {
      signerKey: env.EVIDENCE_LOG_KEY || undefined,
      origin: env.EVIDENCE_LOG_ORIGIN || `${new URL(env.PUBLIC_URL ?? `http://localhost:${port}`).host}/evidence-log`,
      ...witnessConfig(env),
    },
    metricsToken: env.METRICS_TOKEN || undefined,
    tsa: env.TSA_URL
      ? { url: env.TSA_URL, certificate: readPem(env.TSA_CERT_FILE), rootCertificate: readPem(env.TSA_ROOT_CERT_FILE) }
      : undefined,
    contentCredentials:
      env.C2PA_CERT_FILE && env.C2PA_KEY_FILE
        ? { certificateChain: readPem(env.C2PA_CERT_FILE)!, privateKey: readPem(env.C2PA_KEY_FILE)! }
        : undefined,
    backup: backupConfig(env, nodeEnv, dataDir),
    ...storageConfig(env),
  };
}

/** EVIDENCE_WITNESSES ("url vkey" entries, comma-separated) and EVIDENCE_WITNESS_QUORUM (default: all). */
function witnessConfig(env: NodeJS.ProcessEnv) {
  const witnesses = (env.EVIDENCE_WITNESSES ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((entry) => {
      const [url, key, ...rest] = entry.split(/\s+/);
      if (!/^https?:\/\//.test(url ?? '') || !key || rest.length)
        throw new Error(`EVIDENCE_WITNESSES: expected "url verifier-key", got "${entry}"`);
      return { url: url.replace(/\/+$/, ''), key };
    });
  const quorum = env.EVIDENCE_WITNESS_QUORUM ? Number(env.EVIDENCE_WITNESS_QUORUM) : witnesses.length;
  if (!Number.isInteger(quorum) || quorum < 0 || quorum > witnesses.length)
    throw new Error('EVIDENCE_WITNESS_QUORUM must be a whole number between 0 and the number of witnesses');
  return { witnesses, witnessQuorum: quorum };
}

/** BACKUP_*: daily in production unless set, off elsewhere (a developer's data folder is scratch). */
function backupConfig(env: NodeJS.ProcessEnv, nodeEnv: Config['env'], dataDir: string): BackupSettings {
  const hours = Number(env.BACKUP_INTERVAL_HOURS ?? (nodeEnv === 'production' ? 24 : 0));
  if (!Number.isFinite(hours) || hours < 0)
    throw new ConfigError(
      `BACKUP_INTERVAL_HOURS=${env.BACKUP_INTERVAL_HOURS} is not a number of hours (0 turns backups off).`,
    );
  const keep = Number(env.BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1)
    throw new ConfigError(`BACKUP_KEEP=${env.BACKUP_KEEP} must be a whole number >= 1.`);
  return {
    intervalMs: Math.round(hours * 3_600_000),
    dir: path.resolve(env.BACKUP_DIR || path.join(dataDir, 'backups')),
    keep,
    keyFile: env.BACKUP_ENCRYPT_KEY_FILE || undefined,
  };
}

/** STORAGE=local|s3 and, for s3, the S3_* settings; a missing bucket is refused at boot rather than at the first upload. */
function storageConfig(env: NodeJS.ProcessEnv): Pick<Config, 'storage' | 's3'> {
  const kind = (env.STORAGE || 'local').toLowerCase();
  if (kind === 'local') return { storage: 'local' };
  if (kind !== 's3') throw new ConfigError(`STORAGE=${env.STORAGE} is not supported; use local or s3.`);
  if (!env.S3_BUCKET)
    throw new ConfigError('STORAGE=s3 needs S3_BUCKET (and S3_ENDPOINT for services other than AWS S3).');
  if (!!env.S3_ACCESS_KEY_ID !== !!env.S3_SECRET_ACCESS_KEY)
    throw new ConfigError(
      "Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither (then the SDK's default credential chain applies).",
    );
  return {
    storage: 's3',
    s3: {
      endpoint: env.S3_ENDPOINT || undefined,
      publicEndpoint: env.S3_PUBLIC_ENDPOINT || undefined,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      forcePathStyle: env.S3_FORCE_PATH_STYLE === '1' || env.S3_FORCE_PATH_STYLE === 'true',
    },
  };
}

/** A PEM file named by a variable, read once at boot. */
const readPem = (file?: string) => (file ? fs.readFileSync(file, 'utf8') : undefined);

/** A configuration the server refuses to start with; its message says what to set. */
export class ConfigError extends Error {}

/**
 * Refuses a production start with a development secret (they are public in this repository).
 * Kept apart from loadConfig so tests can build a production-mode app without real secrets.
 */
export function assertProductionSecrets(config: Config): void {
  if (config.env !== 'production') return;
  const values: Record<keyof typeof DEV_SECRETS, string> = {
    SMS_SIGN_SECRET: config.smsSignSecret,
    SMS_CODE_PEPPER: config.smsCodePepper,
    PAY_SECRET: config.paySecret,
  };
  // PAY_SECRET matters only while some provider key is derived from it.
  const payKeysConfigured = !!(config.payProviderSecrets.wechat && config.payProviderSecrets.alipay);
  const weak = (Object.keys(DEV_SECRETS) as Array<keyof typeof DEV_SECRETS>)
    .filter((k) => values[k] === DEV_SECRETS[k])
    .filter((k) => !(k === 'PAY_SECRET' && payKeysConfigured));
  if (weak.length) {
    throw new ConfigError(
      `NODE_ENV=production with development default secrets (${weak.join(', ')}); set real values in the environment.`,
    );
  }
}

function parseTrustProxy(v: string | undefined): boolean | string {
  if (!v || v === 'false' || v === '0') return false;
  return v === 'true' ? true : v;
}
