import { useMemo } from 'react';
import {
  enumLabel,
  enumOptions as registryOptions,
  formOf,
  statusColor,
  statusLabel as registryStatus,
} from '../schemas';
import { useSchema, useSchemas } from '../hooks/use-schema';
import type { ResourceDef } from './types';
import { editLockOf, editSchema, editUiSchema } from '../schemas/edit-variant';

/**
 * The generated views' only door into the schema registry (src/schemas). Short ids in resource
 * definitions ('work', 'status:evidence-deposit') map to registry $ids here.
 */
export const enumSchemaId = (id: string) =>
  id.startsWith('status:') ? `lumen:status/${id.slice(7)}` : id.startsWith('lumen:') ? id : `lumen:enums/${id}`;

export function enumOptions(id: string) {
  return registryOptions(enumSchemaId(id));
}

/** Chinese label of a code in an enum or status table. */
export const labelOf = (id: string, value: unknown) => enumLabel(enumSchemaId(id), value as string | number);

export function statusLabel(table: string, value: unknown): { label: string; color: string } {
  const id = `lumen:status/${table}`;
  const v = value as string | number;
  return { label: registryStatus(id, v) || '未知状态', color: statusColor(id, v) };
}

/** Registry ids of the enums and status tables a definition's columns and filters display. */
export function tableIdsOf(def: ResourceDef): string[] {
  const ids = def.columns.flatMap((c) =>
    c.render?.startsWith('status:') ? [c.render] : c.render?.startsWith('enum:') ? [c.render.slice(5)] : [],
  );
  ids.push(...def.filters.flatMap((f) => (f.enumId ? [f.enumId] : [])));
  return [...new Set(ids.map(enumSchemaId))];
}

/**
 * Loads the current versions (staff edits) of a definition's enums and status tables; cells and
 * filter options read them through the registry, so the list re-renders with the served labels.
 */
export const useResourceTables = (def: ResourceDef): boolean => useSchemas(tableIdsOf(def));

/**
 * The form of a definition in its CURRENT version (the server's, when staff edited it or a rule it
 * refers to), ready for RJSF. Edit mode uses editSchemaId when the definition has one.
 */
export function useResourceForm(
  def: ResourceDef,
  mode: 'create' | 'edit',
): { schema?: any; uiSchema?: any; error?: string } {
  const id = (mode === 'edit' && def.editSchemaId) || def.schemaId;
  const { schema, loading } = useSchema(id ?? '');
  return useMemo(() => {
    if (!id) return { error: '未配置表单' };
    if (loading) return {};
    try {
      const f = formOf(id);
      // Edit mode of a form with x-edit: derived variant (no file field, locked work category).
      return mode === 'edit'
        ? { schema: editSchema(f.schema), uiSchema: editUiSchema(f.uiSchema, editLockOf(f.schema)) }
        : f;
    } catch (e) {
      return { error: (e as Error).message };
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- schema is listed so the form is rebuilt when the current version arrives (formOf reads the registry useSchema fills)
  }, [id, mode, loading, schema]);
}
