import { describe, expect, it, vi } from 'vitest';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertProductionSecrets, ConfigError, DEV_SECRETS, loadConfig } from '../../server/src/config.js';
import { createShutdown } from '../../server/src/shutdown.js';
import { serverBundle } from '../helpers/server-process.js';

const REAL_SECRETS = { SMS_SIGN_SECRET: 'sign-x9', SMS_CODE_PEPPER: 'pepper-x9', PAY_SECRET: 'pay-x9' };

describe('loadConfig', () => {
  it('development seeds by default, SEED=0 turns it off; the dev secrets are the defaults', () => {
    const dev = loadConfig({});
    expect(dev.env).toBe('development');
    expect(dev.seed).toBe(true);
    expect(loadConfig({ SEED: '0' }).seed).toBe(false);
    expect(dev.smsSignSecret).toBe(DEV_SECRETS.SMS_SIGN_SECRET);
    expect(dev.smsCodePepper).toBe(DEV_SECRETS.SMS_CODE_PEPPER);
    expect(dev.paySecret).toBe(DEV_SECRETS.PAY_SECRET);
    expect(dev.smsCodePepper).not.toBe(dev.smsSignSecret);
    expect(loadConfig(REAL_SECRETS).smsCodePepper).toBe('pepper-x9');
  });

  it('listens on this machine only outside production, unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'production' }).host).toBe('0.0.0.0');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
  });

  it('production does not seed the demo accounts unless SEED=1', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED: 'true' }).seed).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED: '1' }).seed).toBe(true);
  });

  it('exposes the page-view listing only in test mode or with EXPOSE_PAGE_VIEWS=1', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).exposePageViews).toBe(true);
    expect(loadConfig({}).exposePageViews).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development', EXPOSE_PAGE_VIEWS: '1' }).exposePageViews).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production', EXPOSE_PAGE_VIEWS: '0' }).exposePageViews).toBe(false);
  });
});

describe('assertProductionSecrets', () => {
  it('names every secret still at its development default in production', () => {
    expect(() => assertProductionSecrets(loadConfig({ NODE_ENV: 'production' }))).toThrow(
      'NODE_ENV=production with development default secrets (SMS_SIGN_SECRET, SMS_CODE_PEPPER, PAY_SECRET); set real values in the environment.',
    );
    expect(() =>
      assertProductionSecrets(
        loadConfig({ NODE_ENV: 'production', ...REAL_SECRETS, PAY_SECRET: DEV_SECRETS.PAY_SECRET }),
      ),
    ).toThrow('default secrets (PAY_SECRET)');
    expect(() =>
      assertProductionSecrets(loadConfig({ NODE_ENV: 'production', ...REAL_SECRETS, SMS_CODE_PEPPER: '' })),
    ).toThrow(ConfigError);
  });

  it('accepts real secrets in production and the defaults outside production', () => {
    expect(() => assertProductionSecrets(loadConfig({ NODE_ENV: 'production', ...REAL_SECRETS }))).not.toThrow();
    expect(() => assertProductionSecrets(loadConfig({ NODE_ENV: 'development' }))).not.toThrow();
    expect(() => assertProductionSecrets(loadConfig({ NODE_ENV: 'test' }))).not.toThrow();
  });

  it('needs PAY_SECRET in production only while a provider key is derived from it', () => {
    const base = { NODE_ENV: 'production', ...REAL_SECRETS, PAY_SECRET: DEV_SECRETS.PAY_SECRET };
    expect(() => assertProductionSecrets(loadConfig({ ...base, PAY_SECRET_WECHAT: 'wx-key' }))).toThrow(
      'default secrets (PAY_SECRET)',
    );
    expect(() =>
      assertProductionSecrets(loadConfig({ ...base, PAY_SECRET_WECHAT: 'wx-key', PAY_SECRET_ALIPAY: 'ali-key' })),
    ).not.toThrow();
  });

  it('the server process refuses to start in production with a default secret, before opening a database', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-prod-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        PORT: '0',
        ...REAL_SECRETS,
        SMS_CODE_PEPPER: DEV_SECRETS.SMS_CODE_PEPPER,
      };
      const r = spawnSync(process.execPath, [serverBundle()], {
        env,
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).toBe(1);
      expect(r.stderr).toContain(
        'failed to start: NODE_ENV=production with development default secrets (SMS_CODE_PEPPER)',
      );
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('createShutdown', () => {
  const setup = (parts: Array<{ name: string; part?: { close: () => Promise<unknown> } }>, timeoutMs = 1000) => {
    const exit = vi.fn();
    const log = vi.fn();
    const s = createShutdown({ parts: () => parts.map((p) => ({ name: p.name, part: p.part })), timeoutMs, exit, log });
    return { s, exit, log };
  };

  it('closes the parts in order, skips the ones not opened yet, exits 0 once', async () => {
    const order: string[] = [];
    const { s, exit } = setup([
      { name: 'app', part: undefined },
      { name: 'db', part: { close: async () => void order.push('db') } },
    ]);
    expect(s.isClosing()).toBe(false);
    await Promise.all([s.handle('SIGTERM'), s.handle('SIGINT')]);
    expect(s.isClosing()).toBe(true);
    expect(order).toEqual(['db']);
    expect(exit.mock.calls).toEqual([[0]]);
  });

  it('a failing app.close is logged and the database still closes (exit 1)', async () => {
    const dbClose = vi.fn(async () => undefined);
    const { s, exit, log } = setup([
      { name: 'http server', part: { close: async () => Promise.reject(new Error('boom')) } },
      { name: 'database', part: { close: dbClose } },
    ]);
    await s.handle('SIGTERM');
    expect(dbClose).toHaveBeenCalledOnce();
    expect(log).toHaveBeenCalledWith('closing http server failed', expect.objectContaining({ message: 'boom' }));
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('forces exit 1 when a close hangs past the timeout', async () => {
    vi.useFakeTimers();
    try {
      const { s, exit } = setup([{ name: 'database', part: { close: () => new Promise(() => undefined) } }], 10_000);
      void s.handle('SIGTERM');
      await vi.advanceTimersByTimeAsync(9_999);
      expect(exit).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      expect(exit.mock.calls).toEqual([[1]]);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('EGRESS_ALLOW at boot', () => {
  it('refuses a malformed allow-list and accepts host, ip and cidr rules', () => {
    expect(() => loadConfig({ EGRESS_ALLOW: 'intranet.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ EGRESS_ALLOW: 'intranet.example:8443, 10.20.0.0/16:80, [fd12::/16]:*' })).not.toThrow();
  });
});
