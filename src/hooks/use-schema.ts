/**
 * React access to the current version of schemas: the server's (staff may have changed it) with the
 * bundled file as fallback while loading or offline. Fetched versions are installed as overrides so
 * the shared validator resolves x-file-rule references against them too.
 */
import { useEffect, useState } from 'react';
import { get } from '../dataProvider/axios';
import { bundledSchema, currentSchema, formOf, setSchemaOverride } from '../schemas/registry';
import type { LumenSchema } from '../schemas/types';

const inflight = new Map<string, Promise<LumenSchema | null>>();

/** Fetches one schema's current version once per page load (errors fall back to the bundled file). */
export function fetchSchema(id: string): Promise<LumenSchema | null> {
  let p = inflight.get(id);
  if (!p) {
    p = get<{ body: LumenSchema }>(`/api/schemas/${encodeURIComponent(id)}`)
      .then((r) => {
        setSchemaOverride(id, r.body);
        return r.body;
      })
      .catch(() => {
        inflight.delete(id);
        return null;
      });
    inflight.set(id, p);
  }
  return p;
}

/** lumen: ids a schema depends on ($ref and x-file-rule). */
export function dependenciesOf(schema: unknown): string[] {
  const out = new Set<string>();
  const walk = (n: any) => {
    if (Array.isArray(n)) n.forEach(walk);
    else if (n && typeof n === 'object')
      for (const [k, v] of Object.entries(n)) {
        if ((k === '$ref' || k === 'x-file-rule') && typeof v === 'string' && v.startsWith('lumen:'))
          out.add(v.split('#')[0]);
        else walk(v);
      }
  };
  walk(schema);
  return [...out];
}

export interface SchemaState {
  schema: LumenSchema | undefined;
  /** True until the server's current version (and those it depends on) arrived or failed. */
  loading: boolean;
}

/** Fetches schemas and, recursively, those they refer to; resolves when all arrived or failed. */
async function loadWithDependencies(ids: string[]): Promise<void> {
  const seen = new Set<string>();
  let todo = [...new Set(ids)];
  while (todo.length) {
    todo.forEach((x) => seen.add(x));
    const got = await Promise.all(todo.map(fetchSchema));
    todo = [...new Set(got.flatMap((s) => (s ? dependenciesOf(s) : [])))].filter((x) => !seen.has(x));
  }
}

/** The current version of a schema and, recursively, of the schemas it refers to. */
export function useSchema(id: string): SchemaState {
  const [state, setState] = useState<SchemaState>({ schema: currentSchema(id) ?? bundledSchema(id), loading: true });
  useEffect(() => {
    let alive = true;
    loadWithDependencies([id]).then(() => {
      if (alive) setState({ schema: currentSchema(id), loading: false });
    });
    return () => {
      alive = false;
    };
  }, [id]);
  return state;
}

/**
 * Loads the current versions of several schemas (e.g. the status tables and enums of a list) and
 * re-renders the caller when they arrived; read them with the registry helpers (enumLabel, ...).
 * Returns true while loading.
 */
export function useSchemas(ids: string[]): boolean {
  const key = [...new Set(ids)].sort().join('|');
  const [loadedKey, setLoadedKey] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    loadWithDependencies(key ? key.split('|') : []).then(() => {
      if (alive) setLoadedKey(key);
    });
    return () => {
      alive = false;
    };
  }, [key]);
  return loadedKey !== key;
}

/** `{ schema, uiSchema }` of a form's current version, ready for RJSF. */
export function useFormSchema(id: string) {
  const { schema, loading } = useSchema(id);
  return { ...(schema ? formOf(id) : { schema: undefined, uiSchema: {} }), loading };
}
