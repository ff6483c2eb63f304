/**
 * Small answers of action routes that several groups share: the new record's id, a toggled mark,
 * a CMS entry's version. Routes whose action carries no data answer `noData` (envelope.ts).
 */

/** The id of the record the call created. */
export const createdIdSchema = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'integer', title: '编号' } },
} as const;

/** A CMS entry's version after a save or a restore (the next save sends it back as its base). */
export const cmsVersionSchema = {
  type: 'object',
  required: ['version'],
  properties: { version: { type: 'integer', title: '版本' } },
} as const;

export const cmsCreatedSchema = {
  type: 'object',
  required: ['id', 'version'],
  properties: { ...createdIdSchema.properties, ...cmsVersionSchema.properties },
} as const;
