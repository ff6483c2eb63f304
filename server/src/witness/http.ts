import http from 'node:http';
import { addCheckpoint, type Witness } from './add-checkpoint.js';

const MAX_BODY = 64 * 1024;

/**
 * The witness's HTTP service: POST /add-checkpoint (c2sp.org/tlog-witness) and GET / naming the
 * witness and its verifier key. Nothing else: a witness has no access to the log's database.
 */
export function witnessServer(w: Witness): http.Server {
  return http.createServer((req, res) => {
    const send = (status: number, contentType: string, body: string) => {
      res.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
      res.end(body);
    };
    const url = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && url === '/') {
      send(200, 'text/plain; charset=utf-8', `${w.cosigner.name}\n${w.cosigner.verifierKey}\n`);
      return;
    }
    if (url !== '/add-checkpoint') return send(404, 'text/plain; charset=utf-8', 'not found\n');
    if (req.method !== 'POST') return send(405, 'text/plain; charset=utf-8', 'POST only\n');
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        send(413, 'text/plain; charset=utf-8', 'request too large\n');
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => {
      if (size > MAX_BODY) return;
      addCheckpoint(w, Buffer.concat(chunks).toString('utf8')).then(
        (a) => send(a.status, a.contentType, a.body),
        () => send(500, 'text/plain; charset=utf-8', 'witness error\n'),
      );
    });
  });
}
