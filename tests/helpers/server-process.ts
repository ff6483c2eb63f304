import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import net from 'node:net';

/** A port nobody listens on right now (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** The real server process (server/src/server.ts) on 127.0.0.1:port with the given environment on top. */
export function spawnServer(port: number, env: NodeJS.ProcessEnv, stdio: StdioOptions = ['ignore', 'inherit', 'inherit']): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'server/src/server.ts'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdio,
  });
}

/** Resolves once /api/health answers; throws if the process exits first or the time runs out. */
export async function waitUntilUp(
  baseUrl: string,
  server: ChildProcess,
  timeoutMs = 180_000,
  ready: (health: { data?: Record<string, unknown> }) => boolean = () => true,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const r = await fetch(`${baseUrl}/api/health`);
      if (r.ok && ready(await r.json())) return;
    } catch {
      /* not up yet */
    }
    if (server.exitCode !== null || server.signalCode !== null) throw new Error(`server exited during start-up (${server.exitCode ?? server.signalCode})`);
    if (Date.now() > deadline) throw new Error('server did not start in time');
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Resolves with the exit code (or signal) once the process has ended. */
export function exited(p: ChildProcess): Promise<number | string> {
  if (p.exitCode !== null || p.signalCode !== null) return Promise.resolve(p.exitCode ?? p.signalCode!);
  return new Promise((resolve) => p.once('exit', (code, signal) => resolve(code ?? signal!)));
}
