/** The response envelope around a data schema ($id dropped: the shape is embedded, not registered). */
export function envelopeOf(schema: { $id?: string }) {
  const { $id: _id, ...data } = schema;
  return {
    200: {
      type: 'object',
      properties: { code: { type: 'integer' }, success: { type: 'boolean' }, msg: { type: 'string' }, message: { type: 'string' }, data },
    },
  };
}
