/**
 * Edit variants of forms, derived from the form itself so nothing is copied by hand. A form says
 * what an edit may not touch with `"x-edit": { "omit": ["files"], "readOnly": ["workCategory"] }`:
 * omitted fields leave the schema, its dependency branches and its uiSchema (the stored value is
 * kept); read-only fields are shown but locked, and the server refuses a changed value. Used by the
 * client's edit form and by the server's update validation alike.
 */
export interface EditLock {
  omit?: string[];
  readOnly?: string[];
}

type Node = Record<string, any>;

export const editLockOf = (schema: Node | undefined): EditLock => (schema?.['x-edit'] as EditLock) ?? {};

/** The object node without the omitted properties (and their `required` entries). */
function without(node: Node, omit: Set<string>): Node {
  if (!node || typeof node !== 'object' || !node.properties) return node;
  const out: Node = {
    ...node,
    properties: Object.fromEntries(Object.entries<any>(node.properties).filter(([k]) => !omit.has(k))),
  };
  if (Array.isArray(node.required)) out.required = node.required.filter((k: string) => !omit.has(k));
  return out;
}

/** The edit variant of a form schema (bundled or not); the form itself when it declares no x-edit. */
export function editSchema(schema: Node): Node {
  const lock = editLockOf(schema);
  if (!lock.omit?.length && !lock.readOnly?.length) return schema;
  const omit = new Set(lock.omit ?? []);
  const out = without(schema, omit);
  for (const k of lock.readOnly ?? [])
    if (out.properties[k]) out.properties[k] = { ...out.properties[k], readOnly: true };
  if (schema.dependencies) {
    out.dependencies = Object.fromEntries(
      Object.entries<any>(schema.dependencies)
        .filter(([k]) => !omit.has(k))
        .map(([k, dep]) => [
          k,
          Array.isArray(dep)
            ? dep
            : { ...without(dep, omit), ...(dep.oneOf ? { oneOf: dep.oneOf.map((b: Node) => without(b, omit)) } : {}) },
        ]),
    );
  }
  return out;
}

/** The uiSchema of the edit variant: omitted fields gone (also from ui:order), read-only ones locked. */
export function editUiSchema(uiSchema: Node, lock: EditLock): Node {
  const omit = new Set(lock.omit ?? []);
  const out: Node = Object.fromEntries(Object.entries(uiSchema).filter(([k]) => !omit.has(k)));
  if (Array.isArray(out['ui:order'])) out['ui:order'] = out['ui:order'].filter((k: string) => !omit.has(k));
  for (const k of lock.readOnly ?? []) out[k] = { ...(out[k] ?? {}), 'ui:readonly': true };
  return out;
}

/** Read-only fields whose submitted value differs from the stored record (field names). */
export function changedReadOnly(lock: EditLock, submitted: Node, stored: Node): string[] {
  return (lock.readOnly ?? []).filter((k) => submitted[k] !== undefined && String(submitted[k]) !== String(stored[k]));
}
