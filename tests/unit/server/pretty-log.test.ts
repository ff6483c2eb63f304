import { afterEach, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import pino from 'pino';
import { prettyLog } from '../../../server/src/http/pretty-log.js';
import { loadConfig } from '../../../server/src/config.js';

const tty = Object.getOwnPropertyDescriptor(process.stdout, 'isTTY');
afterEach(() => {
  if (tty) Object.defineProperty(process.stdout, 'isTTY', tty);
  else delete (process.stdout as { isTTY?: boolean }).isTTY;
});
const atTerminal = (isTTY: boolean) =>
  Object.defineProperty(process.stdout, 'isTTY', { value: isTTY, configurable: true });

/** Terminal colour codes (ESC [ ... m), built from a string: a control character in a regex literal trips the linter. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** What the pretty stream prints for the records a pino logger writes into it, colours stripped. */
function printed(write: (log: pino.Logger) => void): string[] {
  const out: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      out.push(String(chunk));
      done();
    },
  });
  write(pino({ level: 'debug' }, prettyLog(sink)));
  return out.join('').replace(ANSI_COLOUR, '').split('\n').filter(Boolean);
}

describe('development log', () => {
  it('prints a request as one readable line, without the JSON fields again', () => {
    const lines = printed((log) => {
      log.info(
        { method: 'GET', url: '/api/items?page=2', route: '/api/items', status: 200, ms: 12.3, ip: '127.0.0.1' },
        'request answered',
      );
      log.warn({ jobId: 7 }, '任务重试');
    });
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/items\?page=2 → 200 \(12\.3 ms\) request answered$/);
    expect(lines.join('\n')).not.toContain('"method"');
    expect(lines.join('\n')).not.toMatch(/pid|hostname|127\.0\.0\.1/);
    // Only the warning's own field follows it: the request printed as its one line.
    expect(lines).toHaveLength(3);
    // Other records keep their fields below the message.
    expect(lines[1]).toMatch(/WARN: 任务重试$/);
    expect(lines[2]).toContain('jobId: 7');
  });

  it('is pretty in a terminal outside production, JSON otherwise or when LOG_FORMAT says so', () => {
    atTerminal(true);
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    atTerminal(false);
    expect(loadConfig({}).logFormat).toBe('json');
    expect(loadConfig({ NODE_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
  });
});
