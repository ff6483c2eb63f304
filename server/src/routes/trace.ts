import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { contentDisposition } from '../http/content-disposition.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import { idParams } from '../http/params.js';
import { fileUrl } from '../repositories/material-card.js';
import { evidenceKeysOf } from '../evidence/context.js';
import * as repo from '../repositories/trace.js';
import { workTimeline } from '../services/trace-timeline.js';
import { checkTraceCertificate, requestTraceCertificate } from '../services/trace-certificates.js';
import {
  TRACE_CERT_NO_PATTERN,
  traceCertCheckSchema,
  traceCertQuerySchema,
  traceTimelineSchema,
  traceWorkSchema,
  traceCertRequestSchema,
} from '../../../src/schemas/api/trace.js';

const certNoParams = {
  type: 'object',
  required: ['certNo'],
  properties: { certNo: { type: 'string', title: '证书编号', pattern: TRACE_CERT_NO_PATTERN } },
} as const;

const workList: { $id?: string; [k: string]: unknown } = {
  type: 'object',
  properties: { list: { type: 'array', items: (({ $id: _, ...w }) => w)(traceWorkSchema) } },
};

/**
 * /api/trace — traceability (溯源). The signed-in user's works and each work's timeline (only
 * their own: another's work answers 404), trace certificates issued for a paid "trace" unit, and
 * the public check of a certificate by number (rate-limited, like the deposit check).
 */
export default async function traceRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  app.get('/works', { schema: { response: envelopeOf(workList) } }, async (req) => {
    const u = await req.requireUser();
    const works = await repo.ownedWorks(app.db, Number(u.id));
    const list = [];
    for (const w of works) {
      list.push({
        id: w.id,
        title: w.title,
        type: Number(w.type),
        status: Number(w.status),
        createdAt: new Date(w.created_at).toISOString(),
        coverUrl: fileUrl(w.cover_path),
        events: (await workTimeline(app.db, w)).length,
        certificates: Number(w.certificates),
      });
    }
    return ok({ list });
  });

  app.get(
    '/works/:id/timeline',
    { schema: { params: idParams, response: envelopeOf(traceTimelineSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const work = await repo.ownedWork(app.db, Number(u.id), req.params.id);
      if (!work) throw new AppError(404, '作品不存在');
      return ok({ work: { id: work.id, title: work.title }, events: await workTimeline(app.db, work) });
    },
  );

  /** Queues the certificate (drawn by the trace.certificate job); the page follows GET /api/jobs/:jobId. */
  app.post(
    '/works/:id/certificates',
    { schema: { params: idParams, response: envelopeOf(traceCertRequestSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const r = await requestTraceCertificate(app.db, Number(u.id), req.params.id);
      return ok(r, '正在生成溯源证书');
    },
  );

  /** The owner's copy of an issued certificate, byte for byte what the log recorded. */
  app.get(
    '/certificates/:certNo/pdf',
    { schema: { params: certNoParams, response: fileAnswer('application/pdf', '溯源证书 PDF') } },
    async (req, reply) => {
      const u = await req.requireUser();
      const c = await repo.certificateByNo(app.db, req.params.certNo);
      if (!c || c.user_id !== Number(u.id)) throw new AppError(404, '溯源证书不存在');
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`溯源证书-${c.cert_no}.pdf`))
        .send(await app.storage.get(c.file_key));
    },
  );

  app.get(
    '/verify/:certNo',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { params: certNoParams, querystring: traceCertQuerySchema, response: envelopeOf(traceCertCheckSchema) },
    },
    async (req) => {
      const { certNo } = req.params;
      const { sha256 } = req.query;
      const r = await checkTraceCertificate(app.db, app.storage, evidenceKeysOf(app.config), certNo, sha256);
      return ok(r, r.reason);
    },
  );
}
