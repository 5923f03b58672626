import type { FastifySchemaValidationError } from 'fastify';
import type { SchemaErrorDataVar } from 'fastify/types/schema.js';
import { PAGE_SIZE_MAX, PET_NAME_MAX_LENGTH } from '../contract/limits.ts';
import { petStatusValues } from '../contract/schema.gen.ts';
import { ERRORS, type ErrorBody } from './http-error.ts';

/** Each field the interface validates, its error code and the rule told to the client. */
export const FIELDS: Record<string, { code: string; rule: string }> = {
  limit: { code: 'invalid_limit', rule: `must be an integer from 1 to ${PAGE_SIZE_MAX}` },
  status: { code: 'invalid_status', rule: `must be one of ${petStatusValues.join(', ')}` },
  cursor: { code: 'invalid_cursor', rule: 'must be taken unchanged from a Link rel="next" header' },
  petId: { code: 'invalid_pet_id', rule: 'must be an integer in the int64 range' },
  name: {
    code: 'invalid_name',
    rule: `must be a string of at most ${PET_NAME_MAX_LENGTH} characters, with at least one visible character`,
  },
  categoryId: { code: 'invalid_category_id', rule: 'must be an integer in the int64 range' },
  message: { code: 'invalid_message', rule: 'must be a string with at least one visible character' },
};

const CONTEXT_NAMES: Record<string, string> = {
  body: 'field',
  querystring: 'query parameter',
  params: 'path parameter',
};

/**
 * The 400 for a field that breaks its rule, e.g. 'The query parameter "limit" must be an integer from
 * 1 to 100.' A sentence, as the other errors' messages are: clients such as the app show it as it is.
 */
export function invalidField(field: string, context: SchemaErrorDataVar, why = FIELDS[field]!.rule): ErrorBody {
  return {
    status: 400,
    code: FIELDS[field]!.code,
    message: `The ${CONTEXT_NAMES[context] ?? 'field'} "${field}" ${why}.`,
  };
}

export function describeValidationError(
  errors: FastifySchemaValidationError[],
  context: SchemaErrorDataVar | undefined,
): ErrorBody {
  const [first] = errors;
  const missing = first?.keyword === 'required' ? String(first.params['missingProperty']) : undefined;
  const field = missing ?? first?.instancePath.split('/')[1];
  if (field && FIELDS[field]) return invalidField(field, context ?? 'body', missing && 'is required');
  return context === 'body' ? ERRORS.invalidBody : ERRORS.invalidQuery;
}
