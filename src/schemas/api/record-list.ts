/** The answer of a list-convention route (GET /list, server/src/routes/resource-routes.ts): one page of records and the total. */
export function recordListOf<const R extends object>(record: R) {
  return {
    type: 'object',
    required: ['list', 'total'],
    properties: { list: { type: 'array', items: record }, total: { type: 'integer', title: '总数' } },
  } as const;
}
