import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { signerKeyString } from '../../server/src/evidence/note-signer.js';
import { freshSchema } from './app.js';
import { copyOfMigratedTemplate } from './pg-template.js';
import { startS3, type TestS3 } from './s3-server.js';
import { cliBundle, exited, freePort, spawnServer, waitUntilUp } from './server-process.js';

/**
 * The production shape of docs/operations.md as local processes: nginx terminating TLS in front of
 * two app servers (JOBS_IN_PROCESS=0), one worker, one PostgreSQL database and one S3 bucket (s3rver).
 * scripts/topology.ts runs it from a terminal; tests/e2e/journeys/deployment.pg.test.ts takes a buyer through it.
 */

/**
 * The address nginx connects to the app servers from. Not the browser's 127.0.0.1: an app server
 * that ignored X-Forwarded-For would log this one, so a test can tell TRUST_PROXY at work from not.
 * Linux answers on all of 127.0.0.0/8 without configuration.
 */
export const PROXY_ADDRESS = '127.0.0.2';

/** Debian's nginx binary (in /usr/sbin, often not on a non-root PATH), or null when it is not installed. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? '').split(path.delimiter), '/usr/sbin', '/usr/local/sbin'];
  for (const d of dirs) {
    const p = path.join(d, 'nginx');
    try {
      fs.accessSync(p, fs.constants.X_OK);
      return p;
    } catch {
      /* not here */
    }
  }
  return null;
}

/** One JSON log line of an app server (LOG_FORMAT=json). */
export type LogLine = Record<string, unknown> & { msg?: string };

export interface AppProcess {
  name: 'app-a' | 'app-b';
  /** Where it listens (http://127.0.0.1:port), behind the proxy. */
  origin: string;
  child: ChildProcess;
  /** Its parsed log lines so far. */
  lines: LogLine[];
}

export interface Topology {
  /** https://127.0.0.1:<port>: nginx, the only address a browser needs. */
  url: string;
  /** The self-signed certificate nginx presents (PEM), for a client that checks it. */
  certificate: string;
  apps: AppProcess[];
  /** nginx's access log: one line per request, "<client> <status> <upstream> <request>". */
  accessLog: () => string;
  stop: () => Promise<void>;
}

export interface TopologyOptions {
  /** A PostgreSQL database: the topology works in a fresh copy (or schema) of it and drops that at stop. */
  databaseUrl: string;
  /** The built client every app server serves (the same build on each, as in production). */
  clientDir: string;
  /** Echo the processes' output here (a terminal); otherwise it is only kept for assertions. */
  echo?: NodeJS.WritableStream;
  /** Wait until the demo media jobs the seed enqueued have run on the worker. */
  waitForSeed?: boolean;
}

/** A self-signed certificate for 127.0.0.1 and localhost, made with openssl (what nginx is given at first start). */
function selfSignedCertificate(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync(
    'openssl',
    // P-256: made in milliseconds where RSA-2048 takes a noticeable fraction of a second.
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return { cert, key };
}

/** nginx's whole configuration for this topology, in its own prefix (nothing read from /etc/nginx). */
export function nginxConfig(o: { dir: string; port: number; upstreams: string[]; cert: string; key: string }): string {
  const t = (n: string) => path.join(o.dir, 'temp', n);
  const asRoot = process.getuid?.() === 0;
  return `# Written by tests/helpers/topology.ts. Production: deploy/nginx.conf (compose.yaml).
${asRoot ? '# Started as root: workers would switch to "nobody", who cannot read this private temp folder.\nuser root;\n' : ''}worker_processes 1;
daemon off;
pid ${path.join(o.dir, 'nginx.pid')};
error_log ${path.join(o.dir, 'error.log')} warn;
events { worker_connections 512; }
http {
  client_body_temp_path ${t('body')};
  proxy_temp_path ${t('proxy')};
  fastcgi_temp_path ${t('fastcgi')};
  uwsgi_temp_path ${t('uwsgi')};
  scgi_temp_path ${t('scgi')};
  log_format upstream '$remote_addr $status $upstream_addr "$request"';
  access_log ${path.join(o.dir, 'access.log')} upstream;
  # Uploads arrive in chunks the app limits itself (server/src/routes/upload*): nginx must not refuse them first.
  client_max_body_size 64m;

  upstream lumen {
    # Passive health: a server that fails once is left alone for 5 s (open-source nginx has no active checks).
${o.upstreams.map((u) => `    server ${u} max_fails=1 fail_timeout=5s;`).join('\n')}
    keepalive 16;
  }

  server {
    listen 127.0.0.1:${o.port} ssl http2;
    ssl_certificate ${o.cert};
    ssl_certificate_key ${o.key};

    location / {
      proxy_pass http://lumen;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # The app servers trust these only from TRUST_PROXY (${PROXY_ADDRESS}, the address below).
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_bind ${PROXY_ADDRESS};
      # A server that is down or not ready (/api/health/ready answers 503 while it migrates) hands the
      # request to the next; never a POST that may have been applied (non_idempotent is not listed).
      proxy_next_upstream error timeout http_502 http_503 http_504;
      proxy_next_upstream_tries 2;
      # Which app server answered: for an operator's curl -I, and the deployment test.
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`;
}

/** GET over TLS trusting only the given certificate (Node's fetch has no per-request CA). */
export function httpsGet(url: string, ca: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = https.get(url, { ca, timeout: 5000 }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
  });
}

function collectLines(child: ChildProcess, lines: LogLine[], echo?: NodeJS.WritableStream, prefix = '') {
  let rest = '';
  const onData = (d: Buffer) => {
    rest += d.toString();
    const parts = rest.split('\n');
    rest = parts.pop()!;
    for (const l of parts) {
      if (echo) echo.write(`${prefix}${l}\n`);
      try {
        lines.push(JSON.parse(l));
      } catch {
        lines.push({ msg: l });
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
}

async function stopProcess(p: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (p.exitCode !== null || p.signalCode !== null) return;
  p.kill(signal);
  await Promise.race([exited(p), new Promise((r) => setTimeout(r, 10_000).unref())]);
  if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
}

/** Starts the whole topology; throws (after stopping what it started) when any part does not come up. */
export async function startTopology(opts: TopologyOptions): Promise<Topology> {
  const nginx = findNginx();
  if (!nginx) throw new Error('nginx is not installed (Debian: apt-get install nginx; .ci/run installs it)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lumen-topology-'));
  const procs: ChildProcess[] = [];
  let s3: TestS3 | undefined;
  let dropDb = async () => {};
  const stop = async () => {
    // The proxy first (no new requests), then the app servers and the worker, which finish what they hold.
    for (const p of [...procs].reverse()) await stopProcess(p);
    await s3?.close();
    await dropDb().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    s3 = await startS3('lumen-deploy');
    const db = (await copyOfMigratedTemplate(opts.databaseUrl)) ?? (await freshSchema(opts.databaseUrl, 'deploy'));
    dropDb = db.drop;
    const [portA, portB, port] = [await freePort(), await freePort(), await freePort()];
    const url = `https://127.0.0.1:${port}`;
    // Every app server signs evidence-log checkpoints with the same key (docs/operations.md).
    const logKey = signerKeyString('topology/evidence-log', crypto.randomBytes(32));
    const env = (name: string): NodeJS.ProcessEnv => {
      const dataDir = path.join(dir, name);
      fs.mkdirSync(dataDir);
      return {
        ...s3!.env,
        DATABASE_URL: db.url,
        // Nothing of the product's data lives here (STORAGE=s3): only upload temp files and the evidence log's checkpoint file.
        DATA_DIR: dataDir,
        CLIENT_DIR: opts.clientDir,
        // development: the payment sandbox and demo accounts the journey uses (production turns them off).
        NODE_ENV: 'development',
        SEED: '1',
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        JOBS_IN_PROCESS: '0',
        TRUST_PROXY: PROXY_ADDRESS,
        PUBLIC_URL: url,
        EVIDENCE_LOG_KEY: logKey,
      };
    };
    const apps: AppProcess[] = [];
    for (const [name, p] of [
      ['app-a', portA],
      ['app-b', portB],
    ] as const) {
      // One after the other: the first migrates and seeds; the second finds both done.
      const child = spawnServer(p, env(name), ['ignore', 'pipe', 'pipe']);
      procs.push(child);
      const app: AppProcess = { name, origin: `http://127.0.0.1:${p}`, child, lines: [] };
      collectLines(child, app.lines, opts.echo, `[${name}] `);
      apps.push(app);
      await waitUntilUp(app.origin, child, 240_000);
    }
    const worker = spawn(process.execPath, [cliBundle('worker')], {
      env: { ...process.env, ...env('worker') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    procs.push(worker);
    collectLines(worker, [], opts.echo, '[worker] ');

    const { cert, key } = selfSignedCertificate(dir);
    for (const t of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
      fs.mkdirSync(path.join(dir, 'temp', t), { recursive: true });
    const conf = path.join(dir, 'nginx.conf');
    fs.writeFileSync(
      conf,
      nginxConfig({ dir, port, upstreams: [`127.0.0.1:${portA}`, `127.0.0.1:${portB}`], cert, key }),
    );
    // -e: errors before the config is read go here too, not to /var/log/nginx (not writable without root).
    const proxy = spawn(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    procs.push(proxy);
    collectLines(proxy, [], opts.echo, '[nginx] ');
    const certificate = fs.readFileSync(cert, 'utf8');
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (proxy.exitCode !== null) {
        const log = fs.existsSync(path.join(dir, 'error.log'))
          ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8')
          : '';
        throw new Error(`nginx exited (${proxy.exitCode}): ${log}`);
      }
      const r = await httpsGet(`${url}/api/health/ready`, certificate).catch(() => null);
      if (r?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    if (opts.waitForSeed) await waitUntilUp(apps[0].origin, apps[0].child, 360_000, (h) => h.data?.seedPending === 0);
    return {
      url,
      certificate,
      apps,
      accessLog: () => fs.readFileSync(path.join(dir, 'access.log'), 'utf8'),
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
