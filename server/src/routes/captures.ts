import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { validateRouteForm } from './form-validate.js';
import { contentDisposition } from '../http/content-disposition.js';
import { idParams, idProp } from '../http/params.js';
import { findJob } from '../repositories/jobs.js';
import {
  CAPTURE,
  findCapture,
  findCaptureByCertNo,
  listCaptures,
  type WebCaptureRow,
} from '../repositories/web-captures.js';
import { retryCapture, startCapture, type CaptureForm } from '../services/capture/run-capture.js';
import { captureCertificatePdf } from '../services/capture/certificate.js';
import { zipStore } from '../services/capture/zip.js';
import {
  applyInput,
  closeAllSessions,
  failAbandonedRecordings,
  latestFrame,
  startRecording,
  stopRecording,
  type ScreenInput,
} from '../services/capture/screen-sessions.js';
import { sandboxSite } from '../adapters/web/index.js';
import type { EgressEvent } from '../egress/index.js';
import { CAPTURE_CERT_NO_PATTERN, type CaptureVerification } from '../../../src/schemas/api/web-capture.js';
import { envelopeOf, fileAnswer } from '../http/envelope-schema.js';
import {
  captureListSchema,
  captureRecordSchema,
  captureStartedSchema,
  captureVerificationSchema,
  recordingInputSchema,
  recordingStartedSchema,
  recordingStoppedSchema,
} from '../../../src/schemas/api/capture-responses.js';

const listQuery = {
  type: 'object',
  properties: {
    kind: { type: 'string', enum: ['web', 'screen'], default: 'web', title: '取证类型' },
    page: { type: 'integer', minimum: 1, maximum: 10000, default: 1, title: '页码' },
    pageSize: { type: 'integer', minimum: 1, maximum: 100, default: 20, title: '每页条数' },
  },
} as const;
const fileParams = {
  type: 'object',
  required: ['id', '*'],
  properties: { id: idProp(), '*': { type: 'string', maxLength: 200, pattern: '^[a-z0-9_./-]+$' } },
} as const;
const certParams = {
  type: 'object',
  required: ['certNo'],
  properties: { certNo: { type: 'string', title: '证书编号', pattern: CAPTURE_CERT_NO_PATTERN } },
} as const;

/** What the owner sees of a capture: the row without storage keys, with its job's progress. */
async function view(app: FastifyInstance, c: WebCaptureRow) {
  const job = c.jobId ? await findJob(app.db, c.jobId) : null;
  return {
    ...c,
    artefacts: c.artefacts.map(({ key: _key, ...a }) => a),
    job: job
      ? { id: job.id, state: job.state, progress: job.progress, message: job.progressMessage, attempts: job.attempts }
      : null,
  };
}

export const captureVerifyPath = (certNo: string) => `/certifiy/${certNo}`;

/**
 * /api/protection/captures: my web-page (and screen-recording) captures, their artefacts, the
 * evidence bundle and the 取证证书; /verify/:certNo is the public check behind /certifiy/{certNo}.
 */
export default async function captureRoutes(server: FastifyInstance) {
  const app = server.withTypeProvider<ContractTypes>();
  const owned = async (req: any): Promise<WebCaptureRow> => {
    const u = await req.requireUser();
    const c = await findCapture(app.db, Number(req.params.id), Number(u.id));
    if (!c) throw new AppError(404, '取证记录不存在');
    return c;
  };

  app.get('/', { schema: { querystring: listQuery, response: envelopeOf(captureListSchema) } }, async (req) => {
    const u = await req.requireUser();
    const q = req.query;
    const { list, total } = await listCaptures(app.db, Number(u.id), q.kind, q.pageSize, (q.page - 1) * q.pageSize);
    return ok({ list: await Promise.all(list.map((c) => view(app, c))), total });
  });

  app.post(
    '/',
    { config: { formSchema: 'lumen:forms/web-capture' }, schema: { response: envelopeOf(captureStartedSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const form = (await validateRouteForm(req)) as unknown as CaptureForm;
      const urls = [...new Set(form.urls.map((s) => s.trim()))];
      const bad = urls.find((s) => {
        try {
          return !/^https?:$/.test(new URL(s).protocol);
        } catch {
          return true;
        }
      });
      if (bad)
        throw new AppError(400, `网址格式不正确：${bad}`, { fieldErrors: { '/urls': `网址格式不正确：${bad}` } });
      for (const s of form.steps ?? []) {
        if (s.action === 'click' && !s.selector?.trim())
          throw new AppError(400, '「点击元素」步骤需要填写 CSS 选择器', {
            fieldErrors: { '/steps': '「点击元素」步骤需要填写 CSS 选择器' },
          });
      }
      const started = await startCapture(app.db, Number(u.id), { ...form, urls });
      return ok(started, '已提交取证任务');
    },
  );

  // Screen recording (录屏取证): start a live session, poll its frames, drive it, stop it.
  // Recordings interrupted by a restart are failed and refunded: at start and every minute after.
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    if (app.config.env === 'test') return; // tests call failAbandonedRecordings themselves
    const run = () =>
      void failAbandonedRecordings(app.db)
        .then((n) => {
          if (n) app.log.info({ n }, 'interrupted screen recordings failed');
        })
        .catch((err) => app.log.warn({ err }, 'screen recording sweep failed'));
    run();
    sweep = setInterval(run, 60_000);
    sweep.unref();
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await closeAllSessions(app.db);
  });
  const screenStart = {
    type: 'object',
    required: ['url'],
    additionalProperties: false,
    properties: {
      url: { type: 'string', title: '起始网址', maxLength: 2000, pattern: '^https?://\\S+$' },
      title: { type: 'string', title: '取证名称', maxLength: 60 },
    },
  } as const;
  const screenInput = {
    type: 'object',
    required: ['type'],
    additionalProperties: false,
    properties: {
      type: { type: 'string', title: '操作', enum: ['click', 'type', 'key', 'scroll', 'goto', 'back'] },
      x: { type: 'number', title: '横坐标', minimum: 0, maximum: 4000 },
      y: { type: 'number', title: '纵坐标', minimum: 0, maximum: 4000 },
      text: { type: 'string', title: '输入内容', maxLength: 500 },
      key: { type: 'string', title: '按键', maxLength: 20 },
      dy: { type: 'number', title: '滚动距离', minimum: -5000, maximum: 5000 },
      url: { type: 'string', title: '网址', maxLength: 2000 },
    },
  } as const;
  app.post('/screen', { schema: { body: screenStart, response: envelopeOf(recordingStartedSchema) } }, async (req) => {
    const u = await req.requireUser();
    const b = req.body;
    const egress = {
      log: (e: EgressEvent) => {
        if (e.kind !== 'connected') req.log.warn({ egress: e }, 'screen recording egress refused or failed');
      },
      local: app.config.env === 'production' ? undefined : sandboxSite(app.storage),
    };
    return ok(await startRecording(app.db, app.storage, Number(u.id), b.url, b.title, egress), '录屏已开始');
  });
  app.get(
    '/screen/:id/frame',
    {
      config: { rateLimit: { max: 1200, timeWindow: '1 minute' } },
      schema: { params: idParams, response: fileAnswer('image/jpeg', '录屏最新一帧（JPEG）；尚无画面时为 204 空答复') },
    },
    async (req, reply) => {
      const u = await req.requireUser();
      const f = latestFrame(Number(u.id), req.params.id);
      reply
        .header('cache-control', 'no-store')
        .header('x-remaining-seconds', String(f.remainingS))
        .header('x-page-url', encodeURI(f.url));
      if (!f.frame) return reply.code(204).send();
      return reply.type('image/jpeg').send(f.frame);
    },
  );
  app.post(
    '/screen/:id/input',
    {
      config: { rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: { params: idParams, body: screenInput, response: envelopeOf(recordingInputSchema) },
    },
    async (req) => {
      const u = await req.requireUser();
      const b = req.body;
      const need = (ok: boolean, msg: string) => {
        if (!ok) throw new AppError(400, msg);
      };
      if (b.type === 'click') need(typeof b.x === 'number' && typeof b.y === 'number', '点击需要坐标');
      if (b.type === 'type') need(typeof b.text === 'string' && b.text.length > 0, '请填写输入内容');
      if (b.type === 'key') need(typeof b.key === 'string', '请选择按键');
      if (b.type === 'scroll') need(typeof b.dy === 'number', '请填写滚动距离');
      if (b.type === 'goto') need(typeof b.url === 'string', '请填写网址');
      await applyInput(Number(u.id), req.params.id, b as ScreenInput);
      return ok({ done: true });
    },
  );
  app.post(
    '/screen/:id/stop',
    { schema: { params: idParams, response: envelopeOf(recordingStoppedSchema) } },
    async (req) => {
      const u = await req.requireUser();
      const id = req.params.id;
      await stopRecording(app.db, app.storage, Number(u.id), id);
      return ok({ id }, '录屏已停止，正在生成证据包');
    },
  );

  app.get('/:id', { schema: { params: idParams, response: envelopeOf(captureRecordSchema) } }, async (req) =>
    ok(await view(app, await owned(req))),
  );

  app.post('/:id/retry', { schema: { params: idParams, response: envelopeOf(captureStartedSchema) } }, async (req) => {
    const c = await owned(req);
    if (c.status !== CAPTURE.FAILED) throw new AppError(409, '只有失败的取证可以重试');
    const u = await req.requireUser();
    return ok(await retryCapture(app.db, Number(u.id), c.id), '已重新提交取证任务');
  });

  /** One artefact, by its name in the manifest. */
  app.get(
    '/:id/files/*',
    { schema: { params: fileParams, response: fileAnswer('*/*', '证据文件（按其类型；网页 HTML 以纯文本返回）') } },
    async (req, reply) => {
      const c = await owned(req);
      const name = req.params['*'];
      const a = c.artefacts.find((x) => x.name === name);
      if (!a) throw new AppError(404, '证据文件不存在');
      // A captured DOM is someone else's HTML: never rendered as a page of this site.
      const type = a.contentType.startsWith('text/html') ? 'text/plain; charset=utf-8' : a.contentType;
      return reply
        .type(type)
        .header('content-disposition', contentDisposition(name.split('/').join('-'), 'inline'))
        .send(await app.storage.get(a.key));
    },
  );

  app.get(
    '/:id/bundle',
    { schema: { params: idParams, response: fileAnswer('application/zip', '取证证据包（ZIP）') } },
    async (req, reply) => {
      const c = await owned(req);
      if (!c.artefacts.length) throw new AppError(409, '取证尚未完成，暂无证据包');
      const entries = await Promise.all(
        c.artefacts.map(async (a) => ({ name: a.name, data: await app.storage.get(a.key) })),
      );
      if (c.certNo) entries.push({ name: '取证证书.pdf', data: Buffer.from(await certificate(c)) });
      const readme = [
        `流明素材${c.kind === 'screen' ? '录屏' : '网页'}取证证据包 #${c.id}`,
        c.certNo ? `证书编号：${c.certNo}` : '取证失败：本包仅含日志，未写入存证日志',
        `manifest.json 的 SHA-256：${c.manifestSha256 ?? '—'}`,
        '校验：sha256sum manifest.json 与证书一致；manifest.json 中列出其余每个文件的 SHA-256。',
        'manifest.tsr 为对 manifest.json 的 RFC 3161 时间戳：openssl ts -verify -data manifest.json -in manifest.tsr -CAfile <TSA 根证书>',
        c.certNo ? `在线查验：${app.config.publicUrl}${captureVerifyPath(c.certNo)}` : '',
      ].join('\n');
      entries.push({ name: 'README.txt', data: Buffer.from(readme, 'utf8') });
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition(`取证证据包-${c.certNo ?? c.id}.zip`))
        .send(zipStore(entries));
    },
  );

  async function certificate(c: WebCaptureRow) {
    const u = await app.db.query<any>('SELECT nickname, username, company_name FROM users WHERE id = $1', [c.userId]);
    const owner = u.rows[0] ? u.rows[0].company_name || u.rows[0].nickname || u.rows[0].username || '' : '';
    const provenance = c.artefacts.find((a) => a.name === 'provenance.json');
    const browser = provenance ? JSON.parse((await app.storage.get(provenance.key)).toString('utf8')).browser : null;
    return captureCertificatePdf({
      certNo: c.certNo!,
      kind: c.kind,
      owner,
      urls: c.urls,
      manifestSha256: c.manifestSha256!,
      logIndex: c.logIndex!,
      leafHash: c.leafHash!,
      capturedAt: c.finishedAt ?? c.createdAt,
      tsaTime: c.tsaTime,
      browser: browser ? `无痕 Headless Chromium ${browser.version}` : 'Headless Chromium',
      artefactCount: c.artefacts.length,
      verifyUrl: `${app.config.publicUrl}${captureVerifyPath(c.certNo!)}`,
    });
  }

  app.get(
    '/:id/certificate',
    { schema: { params: idParams, response: fileAnswer('application/pdf', '取证证书 PDF') } },
    async (req, reply) => {
      const c = await owned(req);
      if (c.status !== CAPTURE.DONE || !c.certNo) throw new AppError(409, '取证完成后才能下载取证证书');
      return reply
        .type('application/pdf')
        .header('content-disposition', contentDisposition(`取证证书-${c.certNo}.pdf`))
        .send(Buffer.from(await certificate(c)));
    },
  );

  /** Public: what a capture certificate attests (no files, no owner). */
  app.get(
    '/verify/:certNo',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { params: certParams, response: envelopeOf(captureVerificationSchema) },
    },
    async (req) => {
      const c = await findCaptureByCertNo(app.db, req.params.certNo);
      if (!c || c.status !== CAPTURE.DONE) throw new AppError(404, '未找到该取证证书');
      const body: CaptureVerification = {
        certNo: c.certNo!,
        kind: c.kind,
        urls: c.urls,
        manifestSha256: c.manifestSha256!,
        logIndex: c.logIndex!,
        leafHash: c.leafHash!,
        capturedAt: c.finishedAt ?? c.createdAt,
        tsaTime: c.tsaTime,
        artefacts: c.artefacts.map((a) => ({ name: a.name, sha256: a.sha256, size: a.size })),
      };
      return ok(body);
    },
  );
}
