import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { verifyFile } from '../services/content-credentials-verify.js';
import { CREDENTIALS_VERIFY_MAX_BYTES, credentialsVerifySchema } from '../../../src/schemas/api/content-credentials.js';

const TOO_LARGE = `文件过大，查验的文件不能超过 ${CREDENTIALS_VERIFY_MAX_BYTES / 1024 / 1024} MB`;

/**
 * /api/protection/credentials (public): POST /verify takes a file's bytes and answers what its
 * Content Credentials prove, or which catalogue works it matches (/certifiy and /tool).
 */
export default async function contentCredentialsRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  // Raw bytes (encapsulated: other groups keep their own parsers).
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: CREDENTIALS_VERIFY_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.post(
    '/verify',
    {
      bodyLimit: CREDENTIALS_VERIFY_MAX_BYTES,
      config: {
        rateLimit: { max: 20, timeWindow: '1 minute' },
        requestBody: {
          mediaType: 'application/octet-stream',
          schema: { type: 'string', format: 'binary', title: '文件内容' },
          description: `要查验的文件的原始字节（至多 ${CREDENTIALS_VERIFY_MAX_BYTES / 1024 / 1024} MB）。`,
        },
      },
      schema: { summary: '查验文件的内容凭证', response: envelopeOf(credentialsVerifySchema) },
      // Refuse an oversized file from its Content-Length before reading the body.
      onRequest: async (req) => {
        if (Number(req.headers['content-length'] ?? 0) > CREDENTIALS_VERIFY_MAX_BYTES)
          throw new AppError(413, TOO_LARGE);
      },
    },
    async (req) => {
      const body = req.body;
      if (!Buffer.isBuffer(body) || !body.length) throw new AppError(400, '请选择要查验的文件');
      const r = await verifyFile(app, body);
      const message = r.credentials
        ? r.credentials.valid && r.credentials.signedByPlatform
          ? '内容凭证有效：由流明素材签发'
          : '文件带有内容凭证，但未通过校验或并非本平台签发'
        : r.hashMatches.length || r.similar.length
          ? '文件没有内容凭证，已按指纹匹配到平台素材'
          : '文件没有内容凭证，也未匹配到平台素材';
      return ok(r, message);
    },
  );
}
