import pretty from 'pino-pretty';

/** The fields plugins/request-log.ts writes on its one line per answered request. */
type RequestLine = { method?: string; url?: string; status?: number; ms?: number; msg?: string };

/**
 * The development log in a terminal: one readable line per event instead of JSON, a request as
 * "GET /api/x → 200 (12.3 ms)". The request fields move into the message, so they are not printed
 * again below it; pid, hostname and request ids are noise on one machine. Writes to stdout unless
 * given a destination.
 */
export function prettyLog(destination?: NodeJS.WritableStream) {
  return pretty({
    ...(destination ? { destination, sync: true } : {}),
    colorize: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,route,status,ms,ip',
    messageFormat: (log: RequestLine, messageKey: string) => {
      const msg = String(log[messageKey as keyof RequestLine] ?? '');
      return log.method && log.url ? `${log.method} ${log.url} → ${log.status} (${log.ms} ms) ${msg}` : msg;
    },
  });
}
