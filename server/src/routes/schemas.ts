/**
 * /api/schemas: the current version of every schema for clients, and staff editing with versions
 * (who, when, diff) and rollback. Reading current versions is public: forms need them to validate.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, ok } from '../http/envelope.js';
import { getUploadRule, schemaStore, SCHEMAS_CHANNEL } from '../schemas/store.js';
import { checkUploadedFile } from '../security/file-check.js';
import { ruleMessage } from '../../../src/schemas/file-rules.js';
import { checkCandidate } from '../schemas/check.js';
import { bundledSchema } from '../../../src/schemas/index.js';
import { jsonDiff } from '../../../src/schemas/json-diff.js';
import { findVersion, insertVersion, listVersions } from '../repositories/schema-versions.js';
import { isStaff, requireStaff } from '../plugins/staff.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { bodyField } from '../http/json-body.js';
import {
  fileCheckSchema,
  schemaAccessSchema,
  schemaCurrentSchema,
  schemaListSchema,
  schemaSavedSchema,
  schemaVersionListSchema,
} from '../../../src/schemas/api/schema-store-responses.js';

/** Accepts 'lumen:rules/deposit' or the short 'rules/deposit'. */
const normaliseId = (raw: string) => (raw.startsWith('lumen:') ? raw : `lumen:${raw}`);

/** The largest upload rule today is 200 MB (deposit video). */
const MAX_CHECK_BYTES = 210 * 1024 * 1024;

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1, maxLength: 200 } },
} as const;

export default async function schemaRoutes(app: FastifyInstance) {
  const store = schemaStore(app);

  async function currentOr404(rawId: string) {
    const id = normaliseId(rawId);
    const cur = await store.get(id);
    if (!cur) throw new AppError(404, '模式不存在');
    return { id, ...cur };
  }

  /** Checks and stores a new current version; every refusal carries its reasons in Chinese. */
  async function save(req: FastifyRequest, id: string, body: unknown, note: string, baseVersion?: number) {
    const user = await requireStaff(req);
    const cur = await currentOr404(id);
    if (id.startsWith('lumen:meta/')) throw new AppError(400, '元模式定义规则本身的结构，不能在线修改');
    // The dialogs validate with the bundled copy before any fetch, and spec §5 fixes the messages.
    if (id === 'lumen:forms/login') throw new AppError(400, '登录表单的校验与提示由规格固定，不能在线修改');
    if (baseVersion !== undefined && baseVersion !== cur.version)
      throw new AppError(409, '该规则已被他人修改，请刷新后重试');
    const all = await store.all();
    const reasons = checkCandidate(
      id,
      body,
      store.lookup,
      all.map((x) => x.id),
    );
    if (reasons.length) throw new AppError(400, `规则无效：${reasons.join('；')}`, { reasons });
    const diff = jsonDiff(cur.body, body);
    if (!diff.length) throw new AppError(400, '内容没有变化');
    const version = await insertVersion(app.db, {
      schemaId: id,
      expected: cur.version,
      body,
      authorId: user.id,
      note,
      diff,
    });
    if (version === null) throw new AppError(409, '该规则已被他人修改，请刷新后重试');
    store.invalidate();
    // Every other app server drops its copy now, not after its cache time.
    await app.db.query('SELECT pg_notify($1, $2)', [SCHEMAS_CHANNEL, id]);
    return ok({ id, version, body, diff }, '保存成功');
  }

  // The raw bytes of one file for /check-file (encapsulated: other groups keep their own parsers).
  app.addContentTypeParser(
    'application/octet-stream',
    { parseAs: 'buffer', bodyLimit: MAX_CHECK_BYTES },
    (_req, body, done) => done(null, body),
  );

  /**
   * Checks one file against the current version of a rule, exactly as uploads are checked: lets a
   * form (and the staff preview) show the server's verdict before a long upload.
   */
  app.post<{ Querystring: { rule: string; filename: string } }>(
    '/check-file',
    {
      bodyLimit: MAX_CHECK_BYTES,
      config: {
        rateLimit: { max: 60, timeWindow: '1 minute' },
        requestBody: {
          mediaType: 'application/octet-stream',
          schema: { type: 'string', format: 'binary', title: '文件内容' },
          description: `文件的原始字节（至多 ${MAX_CHECK_BYTES / 1024 / 1024} MB），按 rule 所指上传规则的当前版本检查内容，与上传时的检查相同。`,
        },
      },
      schema: {
        querystring: {
          type: 'object',
          required: ['rule', 'filename'],
          properties: {
            rule: { type: 'string', maxLength: 200 },
            filename: { type: 'string', minLength: 1, maxLength: 255 },
          },
        },
        response: envelopeOf(fileCheckSchema),
      },
      // Refuse an oversized file from its Content-Length before reading the body.
      onRequest: async (req) => {
        await req.requireUser();
        // Before validation: the query is still raw here.
        const ruleId = bodyField(req.query, 'rule');
        const rule = typeof ruleId === 'string' && ruleId ? await getUploadRule(app, ruleId) : undefined;
        const len = Number(req.headers['content-length'] ?? 0);
        if (rule?.maxBytes && len > rule.maxBytes) throw new AppError(400, ruleMessage(rule));
      },
    },
    async (req) => {
      const rule = await getUploadRule(app, req.query.rule);
      if (!rule) throw new AppError(404, '上传规则不存在');
      const buffer: unknown = req.body;
      if (!Buffer.isBuffer(buffer) || !buffer.length) throw new AppError(400, '请选择文件');
      const { message, meta } = await checkUploadedFile(rule, { buffer, filename: req.query.filename });
      if (message) throw new AppError(400, message, { meta });
      return ok({ meta }, '文件符合要求');
    },
  );

  /** What the staff console may do for this user (401 for visitors). */
  app.get('/access', { schema: { response: envelopeOf(schemaAccessSchema) } }, async (req) => {
    const u = await req.requireUser();
    return ok({ staff: isStaff(u) });
  });

  app.get('/', { schema: { response: envelopeOf(schemaListSchema) } }, async () => {
    const list = (await store.all())
      .map(({ id, version, body }) => ({ id, version, title: body.title, description: body.description }))
      .sort((a, b) => a.id.localeCompare(b.id));
    return ok({ list, total: list.length });
  });

  app.get<{ Params: { id: string } }>(
    '/:id',
    { schema: { params: idParams, response: envelopeOf(schemaCurrentSchema) } },
    async (req) => {
      const { id, version, body } = await currentOr404(req.params.id);
      return ok({ id, version, body });
    },
  );

  app.get<{ Params: { id: string } }>(
    '/:id/versions',
    { schema: { params: idParams, response: envelopeOf(schemaVersionListSchema) } },
    async (req) => {
      await requireStaff(req);
      const { id } = await currentOr404(req.params.id);
      const stored = await listVersions(app.db, id);
      const bundledRow = {
        version: 0,
        body: bundledSchema(id) ?? null,
        authorId: null,
        authorName: null,
        createdAt: null,
        note: '内置版本',
        diff: [],
      };
      const list = [
        ...stored.map((v) => ({
          version: v.version,
          body: v.body,
          authorId: v.author_id,
          authorName: v.author_name,
          createdAt: v.created_at,
          note: v.note,
          diff: v.diff,
        })),
        ...(bundledRow.body ? [bundledRow] : []),
      ];
      return ok({ list, total: list.length });
    },
  );

  app.put<{ Params: { id: string }; Body: { body: unknown; note?: string; baseVersion?: number } }>(
    '/:id',
    {
      schema: {
        params: idParams,
        body: {
          type: 'object',
          required: ['body'],
          properties: {
            body: {},
            note: { type: 'string', maxLength: 200 },
            baseVersion: { type: 'integer', minimum: 0 },
          },
        },
        response: envelopeOf(schemaSavedSchema),
      },
    },
    async (req) =>
      save(req, normaliseId(req.params.id), req.body.body, req.body.note?.trim() || '修改规则', req.body.baseVersion),
  );

  app.post<{ Params: { id: string }; Body: { version: number } }>(
    '/:id/rollback',
    {
      schema: {
        params: idParams,
        body: { type: 'object', required: ['version'], properties: { version: { type: 'integer', minimum: 0 } } },
        response: envelopeOf(schemaSavedSchema),
      },
    },
    async (req) => {
      await requireStaff(req);
      const id = normaliseId(req.params.id);
      const target =
        req.body.version === 0 ? bundledSchema(id) : (await findVersion(app.db, id, req.body.version))?.body;
      if (!target) throw new AppError(404, '版本不存在');
      return save(req, id, target, `回滚到版本 ${req.body.version}`);
    },
  );
}
