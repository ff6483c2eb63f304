/**
 * The server's view of the schema registry: the current version of a schema is its latest stored
 * version, else the bundled file. Validators are built from current versions and dropped whenever a
 * version is saved, so new rules apply without a restart. Other app servers hear of a save through
 * NOTIFY on SCHEMAS_CHANNEL and drop theirs too; CACHE_TTL_MS is only the fallback for a notification
 * missed while a listening connection reconnects.
 */
import type { FastifyInstance } from 'fastify';
import type Ajv from 'ajv';
import { schemas as bundled, type LumenSchema } from '../../../src/schemas/index.js';
import { createAjv } from '../../../src/schemas/validator.js';
import { errorList } from '../../../src/schemas/messages.js';
import { latestVersions } from '../repositories/schema-versions.js';
import { resolveRule } from '../../../src/schemas/registry.js';
import type { UploadRule } from '../../../src/schemas/file-rules.js';
import type { Db } from '../db/index.js';

const CACHE_TTL_MS = 30_000;
/** NOTIFY channel of schema saves (payload: the schema id). */
export const SCHEMAS_CHANNEL = 'lumen_schemas';

interface Current {
  body: LumenSchema;
  version: number;
}

export class SchemaStore {
  private current = new Map<string, Current>();
  private loadedAt = 0;
  // Bumped by every invalidate: a load that began before a save must not mark its older rows fresh.
  private generation = 0;
  private loading: Promise<void> | null = null;
  private ajv: Ajv | null = null;

  private listening: Promise<unknown> | null = null;

  constructor(private db: Db) {}

  /** Drops every cached version and validator (called after each save). */
  invalidate(): void {
    this.generation++;
    this.loadedAt = 0;
    this.ajv = null;
    this.loading = null;
  }

  private async ensure(): Promise<void> {
    // Subscribed before the first load, so a save by another server after it is never missed.
    this.listening ??= this.db.listen(SCHEMAS_CHANNEL, () => this.invalidate()).catch(() => (this.listening = null));
    await this.listening;
    while (Date.now() - this.loadedAt >= CACHE_TTL_MS) {
      const generation = this.generation;
      const loading = (this.loading ??= (async () => {
        const next = new Map<string, Current>();
        for (const [id, body] of Object.entries(bundled)) next.set(id, { body, version: 0 });
        for (const row of await latestVersions(this.db))
          next.set(row.schema_id, { body: row.body as LumenSchema, version: row.version });
        // A save landed while these rows were read: they may predate it, so read again.
        if (generation !== this.generation) return;
        this.current = next;
        this.ajv = null;
        this.loadedAt = Date.now();
      })().finally(() => {
        if (this.loading === loading) this.loading = null;
      }));
      await loading;
    }
  }

  /** Synchronous lookup over the loaded current versions (call after ensure). */
  readonly lookup = (id: string): LumenSchema | undefined => this.current.get(id)?.body;

  async get(id: string): Promise<Current | undefined> {
    await this.ensure();
    return this.current.get(id);
  }

  async all(): Promise<Array<Current & { id: string }>> {
    await this.ensure();
    return [...this.current.entries()].map(([id, c]) => ({ id, ...c }));
  }

  /** A strict ajv holding every current schema; x-file-rule refs resolve through current versions. */
  async validatorAjv(): Promise<Ajv> {
    await this.ensure();
    if (!this.ajv) {
      const ajv = createAjv({ lookup: this.lookup });
      for (const { body } of this.current.values()) ajv.addSchema(body);
      this.ajv = ajv;
    }
    return this.ajv;
  }

  /** Validates data with the current version of a schema; [] when valid, else Chinese messages. */
  async validate(id: string, data: unknown): Promise<string[]> {
    const ajv = await this.validatorAjv();
    const fn = ajv.getSchema(id);
    if (!fn) throw new Error(`Unknown schema ${id}`);
    return fn(data) ? [] : errorList(fn.errors);
  }
}

// Keyed by the database, which every encapsulated plugin context of one app shares (tests build
// many apps in one process, each with its own database).
const stores = new WeakMap<Db, SchemaStore>();

/** The one store of a database (services that hold the Db rather than the app). */
export function schemaStoreFor(db: Db): SchemaStore {
  let s = stores.get(db);
  if (!s) {
    s = new SchemaStore(db);
    stores.set(db, s);
  }
  return s;
}

/** The one store of an app (any plugin context of it). */
export const schemaStore = (app: FastifyInstance): SchemaStore => schemaStoreFor(app.db);

/** Current version of a schema (latest stored, else bundled). */
export async function getSchema(app: FastifyInstance, id: string): Promise<LumenSchema | undefined> {
  return (await schemaStore(app).get(id))?.body;
}

/** Validates with the current version; returns the Chinese error list ([] when valid). */
export function validateWith(app: FastifyInstance, id: string, data: unknown): Promise<string[]> {
  return schemaStore(app).validate(id, data);
}

/** The current upload rule behind 'lumen:rules/deposit#image' (for checkUploadedFile). */
export async function getUploadRule(app: FastifyInstance, ref: string): Promise<UploadRule | undefined> {
  const store = schemaStore(app);
  await store.all();
  return resolveRule(ref, store.lookup);
}
