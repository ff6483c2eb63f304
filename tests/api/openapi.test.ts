import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyRequest, type RouteOptions } from 'fastify';
import { Validator } from '@seriousme/openapi-schema-validator';
import { makeTestApp, makeUser } from '../helpers/app.js';
import { createSession } from '../../server/src/repositories/sessions.js';
import { fileAnswer } from '../../server/src/http/envelope-schema.js';
import { bundledSchema } from '../../src/schemas/index.js';

/**
 * The OpenAPI document (/api/openapi.json) against the app's routes: it validates as OpenAPI 3.1,
 * lists every API route, and every route declares its answer: the data of its JSON envelope, or the
 * file or page it sends.
 */
const API_PATH = /^\/(api|community\/api|dev|files)(\/|$)/;

/** Methods whose routes may take a request body. */
const WITH_BODY = ['POST', 'PUT', 'PATCH'];

/** @fastify/multipart's request methods: each reads the body. */
const MULTIPART_READERS = ['isMultipart', 'file', 'files', 'parts', 'saveRequestFiles'] as const;

/**
 * "METHOD /url" of the routes whose requests got past validation to their own preHandlers and handler
 * (`reached`), and of those whose body was read there (`bodyReaders`): a preHandler, after the input
 * guards of plugins/request-input.ts (which look at every body) and before the route's own, puts a
 * getter on `request.body` and wraps the multipart readers, which record the route when called.
 */
const reached = new Set<string>();
const bodyReaders = new Set<string>();
function watchBodyReads(route: RouteOptions): void {
  if (![route.method].flat().some((m) => WITH_BODY.includes(m))) return;
  const watch = async (req: FastifyRequest) => {
    const key = `${req.method} ${route.url}`;
    reached.add(key);
    let body = req.body;
    Object.defineProperty(req, 'body', {
      configurable: true,
      enumerable: true,
      get: () => (bodyReaders.add(key), body),
      set: (v) => (body = v),
    });
    const readers = req as unknown as Record<string, unknown>;
    for (const name of MULTIPART_READERS) {
      const read = readers[name];
      if (typeof read === 'function')
        readers[name] = (...args: unknown[]) => (bodyReaders.add(key), read.apply(req, args));
    }
  };
  route.preHandler = [watch, ...[route.preHandler ?? []].flat()];
}

/** A valid value of each path parameter, so a probe request gets past the params schema into the handler. */
const PARAM_SAMPLES: Record<string, string> = { id: '1', target: 'post', token: 'a'.repeat(24) };

/**
 * What a handler's own text says when it reads a body (the static half of the check below). Vitest's
 * module transform writes a call of an imported function as `(0, mod.name)(…)`, hence the `\)?`.
 */
const READS_BODY =
  /\.body\b|\b(?:bodyField|validateForm|validateRouteForm|validated|readFormUpload)\)?\(|\.(?:file|files|parts|saveRequestFiles|isMultipart)\(/;

/** What the body checks read of a documented request body. */
type BodySchema = { properties?: Record<string, unknown>; description?: string };

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        tags?: string[];
        requestBody?: { content?: Record<string, { schema?: BodySchema }> };
        responses: Record<string, any>;
      }
    >
  >;
  tags: Array<{ name: string }>;
};

/** Fastify's `/a/:id` and `/files/*` as the document writes them. */
const docPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}').replace(/\*$/, '{*}');

/** The data schema of a 200 answer, or undefined when the route declares none (or a bare `data: {}`). */
function declaredData(op: { responses: Record<string, any> } | undefined): object | undefined {
  const data = op?.responses['200']?.content?.['application/json']?.schema?.properties?.data;
  return data && Object.keys(data).length ? data : undefined;
}

/**
 * Whether the route declares its answer: a JSON `data` schema, or (a file, a page, a provider's own
 * acknowledgement, a path that only ever fails) per-content-type answers that are not the envelope
 * with free-form data.
 */
type MediaSchema = { type?: unknown; properties?: { data?: object } };
function declared(op: { responses: Record<string, unknown> } | undefined): boolean {
  if (declaredData(op)) return true;
  const answers = Object.entries(op?.responses ?? {}) as Array<
    [string, { content?: Record<string, { schema?: MediaSchema }> }]
  >;
  return answers.some(
    ([code, r]) =>
      code !== 'default' &&
      !!r?.content &&
      Object.values(r.content).every(
        ({ schema }) => !!schema?.type && !(schema.properties?.data && !Object.keys(schema.properties.data).length),
      ),
  );
}

describe('OpenAPI document', () => {
  let t: Awaited<ReturnType<typeof makeTestApp>>;
  const routes: RouteOptions[] = [];
  let doc: Doc;
  beforeAll(async () => {
    t = await makeTestApp(
      {},
      {
        onRoute: (r) => {
          routes.push(r);
          watchBodyReads(r);
        },
      },
    );
    const r = await t.app.inject('/api/openapi.json');
    expect(r.statusCode).toBe(200);
    doc = r.json();
  });
  afterAll(() => t?.close());

  /** "METHOD /url" of every API route the app registered (HEAD twins and hidden routes aside). */
  const apiRoutes = () =>
    routes
      .filter((r) => API_PATH.test(r.url) && !(r.schema as { hide?: boolean } | undefined)?.hide)
      .flatMap((r) =>
        [r.method]
          .flat()
          .filter((m) => m !== 'HEAD')
          .map((m) => ({ key: `${m} ${r.url}`, method: m.toLowerCase(), url: r.url })),
      );

  it('validates as OpenAPI 3.1', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("lists every registered API route, under its group's tag", () => {
    const all = apiRoutes();
    expect(all.length).toBeGreaterThan(300);
    const tags = new Set(doc.tags.map((x) => x.name));
    const missing = all.filter((r) => !doc.paths[docPath(r.url)]?.[r.method]).map((r) => r.key);
    expect(missing).toEqual([]);
    for (const r of all) expect(tags.has(doc.paths[docPath(r.url)][r.method].tags![0]), r.key).toBe(true);
  });

  it('every route declares its answer', () => {
    const without = apiRoutes()
      .filter((r) => !declared(doc.paths[docPath(r.url)]?.[r.method]))
      .map((r) => r.key);
    expect(without).toEqual([]);
  });

  it('a body the handler checks against a form schema is documented with that form', () => {
    const formRoutes = routes.filter((r) => API_PATH.test(r.url) && r.config?.formSchema && !r.schema?.body);
    expect(formRoutes.length).toBeGreaterThan(30);
    for (const r of formRoutes) {
      const id = r.config!.formSchema!;
      for (const m of [r.method].flat().filter((x) => x !== 'HEAD')) {
        const body = doc.paths[docPath(r.url)][m.toLowerCase()].requestBody?.content?.['application/json']?.schema;
        if (!body) throw new Error(`${m} ${r.url}: no documented body`);
        // The form's fields, with its store references written out (the document cannot follow them).
        expect(Object.keys(body.properties ?? {}).sort(), `${m} ${r.url}`).toEqual(
          Object.keys(bundledSchema(id)!.properties ?? {}).sort(),
        );
        expect(JSON.stringify(body), `${m} ${r.url}`).not.toContain('"$ref":"lumen:');
        expect(body.description).toContain(id);
      }
    }
  });

  /**
   * Every POST/PUT/PATCH route without a documented body shows it reads none, two ways. At run time,
   * watchBodyReads records every read while each such route is called as a signed-in user of every
   * role; a route that looks a row up first answers 404 before any later read, so its handler's own
   * text is also searched for a read. A helper that reads the body after such a lookup escapes both.
   */
  it('a route that reads its request body documents it', async () => {
    const undocumented = apiRoutes().filter(
      (r) => WITH_BODY.includes(r.method.toUpperCase()) && !doc.paths[docPath(r.url)][r.method].requestBody,
    );
    const byKey = new Map<string, RouteOptions>(
      routes.flatMap((r) => [r.method].flat().map((m) => [`${m} ${r.url}`, r] as const)),
    );
    const user = await makeUser(t.db, {
      roles: ['buyer', 'creator', 'staff'],
      owner_type: 'ORGANISATIONS',
      company_name: '探针企业',
    });
    const call = async (method: string, url: string) =>
      t.app.inject({
        method: method as 'POST',
        url,
        // A session per call: the route may be logout, or end the user's other sessions.
        headers: { authorization: await createSession(t.db, user.id) },
        payload: { probe: '探针' },
      });
    // The watch sees a read: a documented route that reads its body is recorded.
    await call('POST', '/api/common/loginStat');
    expect(bodyReaders.has('POST /api/common/loginStat')).toBe(true);

    const answers = new Map<string, number>();
    for (const r of undocumented) {
      const url = r.url.replace(/:(\w+)/g, (_, name: string) => {
        if (!PARAM_SAMPLES[name]) throw new Error(`${r.key}: PARAM_SAMPLES has no value for :${name}`);
        return PARAM_SAMPLES[name];
      });
      answers.set(r.key, (await call(r.method, url)).statusCode);
    }
    const keys = (list: typeof undocumented) => list.map((r) => r.key);
    expect({
      // A call that stopped at validation, sign-in or the role shows nothing of the handler.
      refused: keys(undocumented.filter((r) => !reached.has(r.key) || [401, 403].includes(answers.get(r.key)!))),
      readWhenCalled: keys(undocumented.filter((r) => bodyReaders.has(r.key))),
      readInHandlerText: keys(undocumented.filter((r) => READS_BODY.test(String(byKey.get(r.key)!.handler)))),
    }).toEqual({ refused: [], readWhenCalled: [], readInHandlerText: [] });
  });

  it('a file or page answer is documented by its content type and sent byte for byte', async () => {
    const pdf = doc.paths['/api/protection/deposit/{id}/certificate'].get.responses['200'];
    expect(pdf.content['application/pdf'].schema).toEqual({ type: 'string', format: 'binary' });
    expect(doc.paths['/api/protection/ledger/checkpoint'].get.responses['200'].content).toHaveProperty('text/plain');
    // The schema never touches the bytes: a buffer, a string of a page, a JSON file sent as text.
    const bytes = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x00, 0xff, 0x7b, 0x22]);
    const receipt = JSON.stringify({ leaf: 'x', proof: [1, 2] }, null, 2);
    const probe = Fastify();
    probe.get('/pdf', { schema: { response: fileAnswer('application/pdf', 'PDF') } }, (_q, reply) =>
      reply.type('application/pdf').send(bytes),
    );
    probe.get('/page', { schema: { response: fileAnswer('text/html', '页面') } }, (_q, reply) =>
      reply.type('text/html; charset=utf-8').send('<p>沙箱</p>'),
    );
    probe.get('/receipt', { schema: { response: fileAnswer('application/json', '回执') } }, (_q, reply) =>
      reply.type('application/json; charset=utf-8').send(receipt),
    );
    expect((await probe.inject('/pdf')).rawPayload.equals(bytes)).toBe(true);
    expect((await probe.inject('/page')).body).toBe('<p>沙箱</p>');
    expect((await probe.inject('/receipt')).body).toBe(receipt);
    await probe.close();
  });

  it('failures are documented with the shared error envelope', () => {
    const op = doc.paths['/api/items/detail/{id}'].get;
    expect(op.responses.default.content['application/json'].schema.properties).toHaveProperty('msg');
    expect(
      op.responses['200'].content['application/json'].schema.properties.data.properties.type['x-enum-labels'],
    ).toMatchObject({ 1: '视频', 11: '图片' });
  });

  it("an undeclared field never leaves the server: the route's own schema drops it", async () => {
    const detail = routes.find((r) => r.url === '/api/items/detail/:id' && r.method === 'GET')!;
    // The detail route's schema, serving a row with an internal column (the original file's key).
    const row = {
      id: 1,
      type: 1,
      title: 't',
      tags: [],
      categoryId: null,
      coverUrl: null,
      previewUrl: null,
      durationSec: 1.5,
      width: 2,
      height: 3,
      format: 'MP4',
      priceCents: 100,
      views: 0,
      downloads: 0,
      collects: 0,
      createdAt: new Date(0),
      description: '',
      fps: 25,
      sizeBytes: 9,
      category: null,
      aiGenerated: false,
      aiSource: null,
      provenance: null,
    };
    const probe = Fastify();
    probe.get('/x', { schema: { response: detail.schema!.response } }, async () => ({
      code: 200,
      success: true,
      msg: '操作成功',
      message: '操作成功',
      data: {
        ...row,
        originalPath: 'media-original/secret.mp4',
        owner: { id: 2, nickname: 'n', avatar: '', phone: '13900000000' },
      },
    }));
    const body = (await probe.inject('/x')).json();
    await probe.close();
    expect(body.data).toMatchObject({
      id: 1,
      title: 't',
      durationSec: 1.5,
      createdAt: '1970-01-01T00:00:00.000Z',
      owner: { id: 2, nickname: 'n' },
    });
    expect(body.data).not.toHaveProperty('originalPath');
    expect(body.data.owner).not.toHaveProperty('phone');
  });

  it("the developers' reference page loads under the site's CSP", async () => {
    const page = await t.app.inject('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Served with the site's own policy, which allows no inline script: the page has none.
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    for (const src of page.body.match(/src="[^"]+"/g)!.map((s) => s.slice(5, -1))) {
      const asset = await t.app.inject(new URL(src, 'http://x/api/docs/').pathname);
      expect(asset.statusCode, src).toBe(200);
    }
    const json = await t.app.inject('/api/docs/json');
    expect(json.json().openapi).toBe('3.1.0');
  });
});
