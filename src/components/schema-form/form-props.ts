import type { FormProps } from '@rjsf/core';
import { rjsfValidator } from './rjsf-validator';
import { schemaWidgets } from './widgets';

/**
 * Props every RJSF <Form> of the project spreads: the shared validator, the named widgets, and no
 * placeholder items for minItems arrays (an empty file field must read "请上传…", not fail on {}).
 */
export const lumenFormProps = {
  validator: rjsfValidator,
  widgets: schemaWidgets,
  experimental_defaultFormStateBehavior: { arrayMinItems: { populate: 'never' } },
} satisfies Partial<FormProps>;
