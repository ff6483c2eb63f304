import pg from 'pg';

/** The quoted identifier of a channel name. */
const ident = (channel: string) => `"${channel.replace(/"/g, '""')}"`;

/**
 * Every LISTEN of one database on one dedicated connection (a pooled one would be returned and
 * reused): a listener per channel used to open a connection of its own, so each app (schema cache,
 * job worker) held two, and every new one was a new PostgreSQL backend (fork, caches built from
 * nothing, password exchange). After a connection error it reconnects with a growing delay and
 * listens again on every channel; callers keep polling, so a gap only adds latency.
 */
export function pgListener(url: string) {
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let client: pg.Client | undefined;
  let connecting: Promise<pg.Client> | undefined;
  let closed = false;
  let retryMs = 500;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      void connected().catch(retry);
    }, retryMs);
    retryMs = Math.min(retryMs * 2, 30_000);
  };

  const connect = async (): Promise<pg.Client> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (m) => handlers.get(m.channel)?.forEach((fn) => fn(m.payload ?? '')));
    c.on('error', () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      retry();
    });
    try {
      await c.connect();
      for (const channel of handlers.keys()) await c.query(`LISTEN ${ident(channel)}`);
    } catch (e) {
      await c.end().catch(() => undefined);
      throw e;
    }
    if (closed) {
      await c.end().catch(() => undefined);
      throw new Error('the database was closed');
    }
    client = c;
    retryMs = 500;
    return c;
  };

  /** The open connection, opening it (once, however many callers wait) when there is none. */
  const connected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= connect().finally(() => (connecting = undefined));
    return connecting;
  };

  return {
    /** Calls onNotify for each NOTIFY on the channel; returns the function that stops it. */
    async listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>> {
      const set = handlers.get(channel) ?? new Set();
      const fresh = set.size === 0;
      set.add(onNotify);
      handlers.set(channel, set);
      try {
        const c = await connected();
        if (fresh) await c.query(`LISTEN ${ident(channel)}`);
      } catch (e) {
        set.delete(onNotify);
        if (set.size === 0) handlers.delete(channel);
        throw e;
      }
      return async () => {
        if (!set.delete(onNotify) || set.size > 0 || handlers.get(channel) !== set) return;
        handlers.delete(channel);
        await client?.query(`UNLISTEN ${ident(channel)}`).catch(() => undefined);
      };
    },
    /** Ends the connection; no reconnect after this. */
    async close(): Promise<void> {
      closed = true;
      clearTimeout(timer);
      handlers.clear();
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
