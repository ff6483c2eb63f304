import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { evidenceLookupSchema } from '../../../src/schemas/api/protection-responses.js';
import { DEPOSIT } from '../repositories/deposits.js';
import { depositsBySha256 } from '../repositories/evidence-lookup.js';

const lookupQuery = {
  type: 'object',
  required: ['sha256'],
  properties: { sha256: { type: 'string', title: '文件指纹（SHA-256）', pattern: '^[0-9a-fA-F]{64}$' } },
  additionalProperties: false,
} as const;

/**
 * /api/protection/lookup (public): which completed deposits hold a file fingerprint. The browser
 * computes the SHA-256 itself (/tool, /copyrightVerify/file), so the file never leaves it.
 */
export default async function evidenceLookupRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get(
    '/',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { querystring: lookupQuery, response: envelopeOf(evidenceLookupSchema) },
    },
    async (req) => {
      const sha256 = req.query.sha256.toLowerCase();
      const matches = await depositsBySha256(app.db, sha256, DEPOSIT.DEPOSITED);
      return ok({ sha256, matches }, matches.length ? `找到 ${matches.length} 条存证记录` : '存证记录中没有这个文件');
    },
  );
}
