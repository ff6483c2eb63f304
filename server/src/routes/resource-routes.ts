import type { ContractTypes } from '../http/type-provider.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/index.js';
import type { UserRow } from '../repositories/users.js';
import { getOwned, listOwned, transitionOwned, updateOwned, type OwnedTable } from '../repositories/owned-records.js';
import { AppError, ok } from '../http/envelope.js';
import { validateRouteForm } from './form-validate.js';
import { listQuerySchema } from '../http/list-query.js';
import { idParams } from '../http/params.js';
import { envelopeOf } from '../http/envelope-schema.js';
import { recordListOf } from '../../../src/schemas/api/record-list.js';

export { idParams };

export const NOT_FOUND = '记录不存在';

export interface Transition {
  from: number[];
  to: number;
  /** Chinese reason when the row exists but is in another state. */
  refused: string;
  /** Runs in the transition's transaction once the state changed (e.g. releasing what the row held). */
  after?: (q: Queryable, id: number) => Promise<void>;
  /**
   * Runs before, for a row in one of the `from` statuses: an outside party that must agree first
   * (a withdrawal the office has to accept). Throws an AppError to refuse.
   */
  before?: (db: Db, row: Record<string, unknown>) => Promise<void>;
}

export interface ResourceRoutesSpec {
  table: OwnedTable;
  /** $id of the form schema (create and update bodies are validated against its current version); read-only tables have none. */
  schemaId?: string;
  /** Only users with this role may use the module (creator centre). */
  role?: string;
  /** JSON create: inserts the validated form, returns the new id. */
  create?: (db: Db, user: UserRow, form: Record<string, any>, req: FastifyRequest) => Promise<number>;
  /** JSON update: columns to set from the validated form, allowed only in these statuses. */
  update?: {
    allowedStatus: number[];
    schemaId?: string;
    columns: (form: Record<string, any>, row: Record<string, any>) => Record<string, unknown>;
    refused: string;
    /** Runs once the row changed, given the row as it was (e.g. resubmitting a corrected registration to the authority). */
    after?: (db: Db, before: Record<string, any>, id: number) => Promise<void>;
  };
  transitions?: Record<string, Transition>;
  /** JSON Schema of one record as toApi() answers it (src/schemas/api); every route's answer is declared with it. */
  record?: object;
}

/** A record as the client sees it: its validated form fields overlaid by the table's columns. */
export function toApi(row: Record<string, any>): Record<string, any> {
  const { form, ...cols } = row;
  return { ...(form ?? {}), ...cols };
}

/** The signed-in user, with the module's role when it has one. */
export async function userFor(req: FastifyRequest, role?: string): Promise<UserRow> {
  const user = await req.requireUser();
  if (role && !(user.roles ?? []).includes(role)) throw new AppError(403, '请先成为创作者后再使用创作者中心');
  return user;
}

/** Loads an owned row or answers 404 (another user's row is indistinguishable from a missing one). */
export async function mustGetOwned(q: Queryable, t: OwnedTable, userId: number, id: number) {
  const row = await getOwned(q, t, userId, id);
  if (!row) throw new AppError(404, NOT_FOUND);
  return row;
}

function formSchemaOf(spec: ResourceRoutesSpec): string {
  if (!spec.schemaId) throw new Error(`${spec.table.table}: create and update need a form schema`);
  return spec.schemaId;
}

/**
 * The list convention (GET /list, GET /:id, POST /, PUT /:id, POST /:id/<transition>) for one
 * owned table. Modules add their own special routes (uploads, certificates) beside these.
 */
export function registerResourceRoutes(server: FastifyInstance, spec: ResourceRoutesSpec): void {
  // Handlers read req.params/query with the types of the schemas that validate them.
  const app = server.withTypeProvider<ContractTypes>();
  const t = spec.table;
  // Without a record schema the answers stay undeclared (tests/api/openapi.test.ts then fails).
  const one = spec.record ? { response: envelopeOf(spec.record) } : {};
  const list = spec.record ? { response: envelopeOf(recordListOf(spec.record)) } : {};
  app.get('/list', { schema: { querystring: listQuerySchema(t.list), ...list } }, async (req) => {
    const user = await userFor(req, spec.role);
    const r = await listOwned(app.db, t, Number(user.id), req.query);
    return ok({ list: r.list.map(toApi), total: r.total });
  });

  app.get('/:id', { schema: { params: idParams, ...one } }, async (req) => {
    const user = await userFor(req, spec.role);
    return ok(toApi(await mustGetOwned(app.db, t, Number(user.id), req.params.id)));
  });

  if (spec.create) {
    const create = spec.create;
    const schemaId = formSchemaOf(spec);
    app.post('/', { ...(spec.record && { schema: one }), config: { formSchema: schemaId } }, async (req) => {
      const user = await userFor(req, spec.role);
      const form = await validateRouteForm(req);
      const id = await create(app.db, user, form, req);
      return ok(toApi(await mustGetOwned(app.db, t, Number(user.id), id)), '提交成功');
    });
  }

  if (spec.update) {
    const u = spec.update;
    const schemaId = u.schemaId ?? formSchemaOf(spec);
    app.put('/:id', { schema: { params: idParams, ...one }, config: { formSchema: schemaId } }, async (req) => {
      const user = await userFor(req, spec.role);
      const id = req.params.id;
      const row = await mustGetOwned(app.db, t, Number(user.id), id);
      const form = await validateRouteForm(req, { stored: toApi(row) });
      if (!u.allowedStatus.includes(Number(row.status))) throw new AppError(409, u.refused);
      const changed = await updateOwned(app.db, t, Number(user.id), id, u.allowedStatus, u.columns(form, row));
      if (!changed) throw new AppError(409, u.refused); // the status moved between read and write
      if (u.after) await u.after(app.db, row, id);
      return ok(toApi(await mustGetOwned(app.db, t, Number(user.id), id)), '保存成功');
    });
  }

  for (const [action, tr] of Object.entries(spec.transitions ?? {})) {
    app.post(`/:id/${action}`, { schema: { params: idParams, ...one } }, async (req) => {
      const user = await userFor(req, spec.role);
      const id = req.params.id;
      const row = await mustGetOwned(app.db, t, Number(user.id), id);
      if (tr.before && tr.from.includes(Number(row.status))) await tr.before(app.db, row);
      const run = async (q: Queryable) => {
        const changed = await transitionOwned(q, t, Number(user.id), id, tr.from, tr.to);
        if (changed && tr.after) await tr.after(q, id);
        return changed;
      };
      if (!(await (tr.after ? app.db.tx(run) : run(app.db)))) throw new AppError(409, tr.refused);
      return ok(toApi(await mustGetOwned(app.db, t, Number(user.id), id)));
    });
  }
}
