import { useMemo } from 'react';
import { useSchema } from '../../hooks/use-schema';
import { USE_CASES_ID, useCaseTable, type UseCaseTable } from '../../schemas/licence/use-cases';
import table from '../../schemas/licence/use-cases.json';

/**
 * The use-case table the server prices and enforces with: the current version of
 * lumen:licence/use-cases (staff edits), the bundled file while it loads.
 */
export function useUseCases(): UseCaseTable {
  const { schema } = useSchema(USE_CASES_ID);
  // eslint-disable-next-line react-hooks/rules-of-hooks -- useCaseTable is not a hook: it builds the use-case table
  return useMemo(() => useCaseTable(schema ?? table), [schema]);
}
