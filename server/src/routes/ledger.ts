import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { ensureCheckpoint } from '../evidence/checkpoints.js';
import { witnessedCheckpoint } from '../evidence/witnesses.js';
import { consistencyProof } from '../evidence/proofs.js';
import { receiptFor } from '../evidence/receipts.js';
import { evidenceKeysOf } from '../evidence/context.js';
import { listCheckpoints } from '../repositories/evidence-log.js';
import {
  checkpointListQuerySchema,
  checkpointListSchema,
  consistencyQuerySchema,
  consistencySchema,
  logKeySchema,
  proofQuerySchema,
  receiptSchema,
} from '../../../src/schemas/api/ledger.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';

/** Public reads re-derive hashes: limited per client like the certificate check. */
const limited = { rateLimit: { max: 120, timeWindow: '1 minute' } };
const cache = (reply: FastifyReply, seconds: number, immutable = false) =>
  reply.header('Cache-Control', `public, max-age=${seconds}${immutable ? ', immutable' : ''}`);

/**
 * /api/protection/ledger — the public evidence log (server/src/evidence): latest signed
 * checkpoint, its key, checkpoint history, inclusion proofs (receipts) and consistency proofs.
 * No login: anyone may audit the log.
 */
export default async function ledger(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const keys = () => evidenceKeysOf(app.config);

  app.get(
    '/checkpoint',
    { config: limited, schema: { response: fileAnswer('text/plain', '最新签名检查点（文本）') } },
    async (_req, reply) => {
      // The log's note followed by its witnesses' cosignature lines (c2sp.org/tlog-cosignature).
      const { row, cosignatures } = await witnessedCheckpoint(app.db, keys());
      return cache(reply, 10)
        .type('text/plain; charset=utf-8')
        .send(`${row.note}${cosignatures.join('')}`);
    },
  );

  app.get('/key', { config: limited, schema: { response: envelopeOf(logKeySchema) } }, async (_req, reply) => {
    const { signer, tsa } = keys();
    // The witnesses' keys are published like the log's: a verifier pins them on first use.
    const certs = tsa?.certificates();
    cache(reply, 3600);
    return ok({
      origin: signer.name,
      verifierKey: signer.verifierKey,
      algorithm: 'Ed25519 (c2sp.org/signed-note type 0x01)',
      witnesses: app.config.evidenceLog.witnesses.map((w) => ({ name: w.key.split('+')[0], verifierKey: w.key })),
      witnessQuorum: app.config.evidenceLog.witnessQuorum,
      tsa: tsa ? { name: tsa.name, certificate: certs?.tsa ?? null, rootCertificate: certs?.ca ?? null } : null,
    });
  });

  app.get(
    '/checkpoints',
    { config: limited, schema: { querystring: checkpointListQuerySchema, response: envelopeOf(checkpointListSchema) } },
    async (req, reply) => {
      const { before, limit } = req.query;
      await ensureCheckpoint(app.db, keys());
      const rows = await listCheckpoints(app.db, { before, limit });
      cache(reply, 10);
      return ok({
        list: rows.map((r) => ({
          treeSize: r.tree_size,
          rootHash: r.root_hash.toString('base64'),
          note: r.note,
          timestamp: r.tsa_token ? r.tsa_token.toString('base64') : null,
          createdAt: r.created_at,
        })),
      });
    },
  );

  app.get(
    '/proof',
    { config: limited, schema: { querystring: proofQuerySchema, response: envelopeOf(receiptSchema) } },
    async (req, reply) => {
      const { certNo } = req.query;
      const receipt = await receiptFor(app.db, keys(), certNo);
      if (!receipt) throw new AppError(404, '证书不存在');
      cache(reply, 10);
      return ok(receipt);
    },
  );

  app.get(
    '/consistency',
    { config: limited, schema: { querystring: consistencyQuerySchema, response: envelopeOf(consistencySchema) } },
    async (req, reply) => {
      const { from, to } = req.query;
      const cp = await ensureCheckpoint(app.db, keys());
      if (from > to) throw new AppError(400, '旧树大小不能大于新树大小');
      if (to > cp.tree_size) throw new AppError(400, `新树大小不能超过当前日志大小 ${cp.tree_size}`);
      const path = await consistencyProof(app.db, from, to);
      // Two sizes of an append-only log always have the same proof.
      cache(reply, 31536000, true);
      return ok({ from, to, path: path.map((h) => h.toString('base64')) });
    },
  );
}
