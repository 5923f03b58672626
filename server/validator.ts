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
// What a body leaves out stays out: the route, by its profile, decides what an omitted status means.
const textAjv = createAjv({ coerceTypes: true }, isTextInt64);
const jsonAjv = createAjv({ coerceTypes: false, useDefaults: false }, isJsonInt64);

const PLAIN_INTEGER = /^-?\d+$/;

/**
 * Coercion would take `1e1`, `1.0`, ` 1`, `+5` or `0x10` for an integer; in a query or a path only
 * plain decimal digits are one. Those fail here, named like any other invalid value.
 */
function plainIntegersOnly(schema: object, validate: ReturnType<Ajv['compile']>) {
  const properties =
    (schema as { properties?: Record<string, { type?: string; 'x-int64'?: boolean }> }).properties ?? {};
  const integers = Object.entries(properties)
    .filter(([, property]) => property.type === 'integer')
    .map(([name]) => name);
  if (integers.length === 0) return validate;
  const checked = (data: Record<string, unknown>) => {
    const wrong = integers.find((name) => typeof data[name] === 'string' && !PLAIN_INTEGER.test(data[name]));
    if (wrong === undefined) {
      const valid = validate(data);
      checked.errors = validate.errors;
      return valid;
    }
    checked.errors = [
      {
        keyword: 'type',
        instancePath: `/${wrong}`,
        schemaPath: `#/properties/${wrong}/type`,
        params: { type: 'integer' },
      },
    ];
    return false;
  };
  checked.errors = null as typeof validate.errors;
  return checked;
}

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return jsonAjv.compile(schema) as ReturnType<FastifySchemaCompiler<object>>;
  const validate = textAjv.compile(schema);
  return plainIntegersOnly(schema, validate) as ReturnType<FastifySchemaCompiler<object>>;
};
