/**
 * The validator every RJSF <Form> of the client uses: ajv built with the same options and keywords
 * as the server's createAjv (validator.ts), with Chinese messages from messages.ts.
 */
import Ajv, { type Options } from 'ajv';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { AJV_OPTIONS, configureAjv } from '../../schemas/validator';
import { localizeErrors } from '../../schemas/messages';

/** The Ajv class RJSF instantiates: same options and keywords as createAjv (it adds formats itself). */
class LumenAjv extends Ajv {
  constructor(options: Options) {
    // RJSF compiles probe schemas of its own (required: ['__not_really_there__'] to pick oneOf
    // branches); only that rule is relaxed, every schema of ours is still checked strictly.
    super({ ...options, ...AJV_OPTIONS, strictRequired: false });
    configureAjv(this);
  }
}

/** The validator every RJSF <Form> in the client uses. */
export const rjsfValidator = customizeValidator({ AjvClass: LumenAjv as typeof Ajv }, localizeErrors);
