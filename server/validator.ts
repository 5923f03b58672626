import { Ajv, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { isInt64, parseInt64 } from '../contract/int64.ts';

/** In JSON an int64 is a safe number or, beyond 2^53, a bigint from the lossless parser. */
function isJsonInt64(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'bigint' && isInt64(value);
}

/** In a path or query an int64 is decimal text. */
function isTextInt64(value: unknown): boolean {
  return typeof value === 'string' && parseInt64(value) !== undefined;
}

function createAjv(options: Options, isValidInt64: (value: unknown) => boolean): Ajv {
  // OpenAPI documents carry keywords and formats that plain JSON Schema does not know.
  const ajv = new Ajv({ strict: false, validateFormats: false, useDefaults: true, ...options });
  ajv.addKeyword({ keyword: 'x-int64', errors: false, validate: (_: unknown, data: unknown) => isValidInt64(data) });
  return ajv;
}

// Query and path values are text and must be coerced; JSON bodies must not be ("5" is no integer).
const textAjv = createAjv({ coerceTypes: true }, isTextInt64);
const jsonAjv = createAjv({ coerceTypes: false }, isJsonInt64);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? jsonAjv : textAjv;
  return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
};
