import { Ajv, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
const INTEGER_TEXT = /^-?\d{1,19}$/;

/** In JSON an int64 is a safe number or, beyond 2^53, a bigint from the lossless parser. */
function isJsonInt64(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value);
  return typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX;
}

/** In a path or query an int64 is decimal text. */
function isTextInt64(value: unknown): boolean {
  return typeof value === 'string' && INTEGER_TEXT.test(value) && isJsonInt64(BigInt(value));
}

function createAjv(options: Options, isInt64: (value: unknown) => boolean): Ajv {
  // OpenAPI documents carry keywords and formats that plain JSON Schema does not know.
  const ajv = new Ajv({ strict: false, validateFormats: false, useDefaults: true, ...options });
  ajv.addKeyword({ keyword: 'x-int64', errors: false, validate: (_: unknown, data: unknown) => isInt64(data) });
  return ajv;
}

// Query and path values are text and must be coerced; JSON bodies must not be ("5" is no integer).
const textAjv = createAjv({ coerceTypes: true }, isTextInt64);
const jsonAjv = createAjv({ coerceTypes: false }, isJsonInt64);

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  const ajv = httpPart === 'body' ? jsonAjv : textAjv;
  return ajv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
};
