// The OpenAPI document is the contract: the server serves it and validates requests with the very
// schemas it contains, so what is documented is what is enforced.
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const source = readFileSync(new URL('../contract/petstore.yaml', import.meta.url), 'utf8');
export const openApiDocument = parseYaml(source) as JsonObject;

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function resolvePointer(ref: string): Json {
  let node: Json | undefined = openApiDocument;
  for (const part of ref.replace(/^#\//, '').split('/')) {
    node = isObject(node) ? node[part] : undefined;
  }
  if (node === undefined) throw new Error(`Unresolvable $ref ${ref}`);
  return node;
}

/**
 * Inlines local $refs and marks int64 integers for the `x-int64` keyword: JSON Schema's `integer`
 * cannot hold values beyond 2^53, which the server reads as bigint.
 */
function prepare(node: Json): Json {
  if (Array.isArray(node)) return node.map(prepare);
  if (!isObject(node)) return node;
  if (typeof node['$ref'] === 'string') return prepare(resolvePointer(node['$ref']));
  if (node['type'] === 'integer' && node['format'] === 'int64') {
    return { 'x-int64': true };
  }
  return Object.fromEntries(Object.entries(node).map(([key, value]) => [key, prepare(value)]));
}

interface OperationSchemas {
  querystring?: JsonObject;
  params?: JsonObject;
  body?: Json;
}

function findOperation(operationId: string): JsonObject {
  const paths = openApiDocument['paths'];
  for (const pathItem of Object.values(isObject(paths) ? paths : {})) {
    for (const operation of Object.values(isObject(pathItem) ? pathItem : {})) {
      if (isObject(operation) && operation['operationId'] === operationId) return operation;
    }
  }
  throw new Error(`No operation ${operationId} in the OpenAPI document`);
}

/** Fastify route schemas (query, path, body) for one operation of the document. */
export function operationSchemas(operationId: string): OperationSchemas {
  const operation = findOperation(operationId);
  const schemas: OperationSchemas = {};
  const parameters = Array.isArray(operation['parameters']) ? operation['parameters'] : [];
  for (const parameter of parameters.map(prepare)) {
    // Headers (Idempotency-Key) are read by the route itself.
    if (!isObject(parameter) || typeof parameter['name'] !== 'string' || parameter['in'] === 'header') continue;
    const part = parameter['in'] === 'path' ? 'params' : 'querystring';
    const target = (schemas[part] ??= { type: 'object', properties: {}, required: [] });
    (target['properties'] as JsonObject)[parameter['name']] = parameter['schema'] ?? {};
    if (parameter['required'] === true) (target['required'] as Json[]).push(parameter['name']);
  }
  const body = prepare(operation['requestBody'] ?? null);
  if (isObject(body) && isObject(body['content'])) {
    const media = body['content']['application/json'];
    if (isObject(media)) schemas.body = media['schema'] ?? {};
  }
  return schemas;
}
