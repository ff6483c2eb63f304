/**
 * The baseline of bench/api: a bare Fastify + pg route that reads one material by primary key and
 * answers it as JSON, with nothing else (no auth, schemas, envelope, counters, hooks). What the real
 * detail route costs above this is what the product adds.
 *
 * BARE_PREPARED=1 runs the lookup as a named prepared statement, as the product does on
 * PostgreSQL (db/index.ts): the stricter baseline, printed beside the plain one.
 *
 *   PORT=... DATABASE_URL=... [BARE_PREPARED=1] node --import tsx bench/bare-detail-server.ts
 */
import Fastify from 'fastify';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';

const PREPARED = process.env.BARE_PREPARED === '1';
// PGLITE_DIR: the same route over an embedded PGlite folder (bench/rss.ts's baseline).
const lite = process.env.PGLITE_DIR ? await PGlite.create(process.env.PGLITE_DIR) : null;
const pool = lite
  ? {
      query: async (q: { text: string; values: unknown[] }) => lite.query<Record<string, unknown>>(q.text, q.values),
      end: () => lite.close(),
    }
  : new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/detail/:id', async (req, reply) => {
  const text = 'SELECT * FROM materials WHERE id = $1';
  const values = [Number(req.params.id)];
  const r = await pool.query(PREPARED ? { name: 'detail', text, values } : { text, values });
  if (!r.rows[0]) return reply.code(404).send({ msg: 'not found' });
  return r.rows[0];
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
