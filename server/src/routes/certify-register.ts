import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { idParams } from '../http/params.js';
import { contentDisposition } from '../http/content-disposition.js';
import { issuedRegistration } from '../repositories/registration-progress.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import { issuedRegistrationSchema } from '../../../src/schemas/api/protection-responses.js';

/**
 * /api/certify/register: public check of an issued registration certificate (/certifiy/copyright/register/{id}).
 * Registration certificates are public records; only issued registrations answer, with public fields.
 */
export default async function certifyRegisterRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const issued = async (id: number) => {
    const r = await issuedRegistration(app.db, id);
    if (!r) throw new AppError(404, '未找到该登记证书');
    return r;
  };
  app.get('/:id', { schema: { params: idParams, response: envelopeOf(issuedRegistrationSchema) } }, async (req) => {
    const { certificateKey, ...pub } = await issued(req.params.id);
    return ok({ ...pub, hasCertificate: !!certificateKey });
  });
  app.get(
    '/:id/pdf',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '登记证书 PDF') } },
    async (req, reply) => {
      const r = await issued(req.params.id);
      if (!r.certificateKey) throw new AppError(404, '证书文件不存在');
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`登记证书-${r.registrationNo}.pdf`))
        .send(await app.storage.get(r.certificateKey));
    },
  );
}
