import type { components } from '../contract/schema.gen.ts';
import { REQUEST_BODY_MAX_BYTES } from '../contract/limits.ts';

export type ErrorBody = components['schemas']['Error'];

/** An error that is meant for the client: its code, message and status are sent as they are. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  /** Headers that go with the answer (`Retry-After`, say). */
  readonly headers: Record<string, string>;

  constructor(body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message);
    this.status = body.status;
    this.code = body.code;
    this.headers = headers;
  }
}

/**
 * The service's error answers that are the same wherever they arise: every code it sends is here or
 * in validation.ts's fields, and the contract's table lists each (server/test/contract.test.ts).
 */
export const ERRORS = {
  payloadTooLarge: {
    status: 413,
    code: 'payload_too_large',
    message: `The body is larger than ${REQUEST_BODY_MAX_BYTES / 1024} KiB.`,
  },
  unsupportedContentType: {
    status: 400,
    code: 'unsupported_content_type',
    message: 'Send the body as Content-Type: application/json.',
  },
  emptyBody: { status: 400, code: 'invalid_body', message: 'The body is empty; a JSON object is required.' },
  invalidJson: { status: 400, code: 'invalid_json', message: 'The body is not valid JSON in UTF-8.' },
  badContentLength: { status: 400, code: 'invalid_body', message: 'The body does not match its Content-Length.' },
  badUrl: { status: 400, code: 'invalid_url', message: 'The request URL cannot be decoded.' },
  invalidBody: { status: 400, code: 'invalid_body', message: 'The body must be a JSON object.' },
  invalidQuery: { status: 400, code: 'invalid_query', message: 'The query string is not valid.' },
  invalidRequest: { status: 400, code: 'invalid_request', message: 'The request cannot be processed.' },
  malformedRequest: {
    status: 400,
    code: 'malformed_request',
    message: 'The request is not well-formed HTTP (its method, headers or framing).',
  },
  headersTooLarge: { status: 431, code: 'headers_too_large', message: 'The request headers are too large.' },
  requestTimeout: {
    status: 408,
    code: 'request_timeout',
    message: 'The request did not arrive in time; send it again, whole.',
  },
  keyNotAccepted: { status: 401, code: 'unauthorized', message: 'The API key is not accepted.' },
  noKey: { status: 401, code: 'unauthorized', message: 'Send the API key as Authorization: Bearer <API_KEY>.' },
  noSuchPet: { status: 404, code: 'not_found', message: 'No pet has this id.' },
  noSuchPath: { status: 404, code: 'not_found', message: 'No such path.' },
  /** Its message names the methods the path takes (`rejectOtherMethods`). */
  methodNotAllowed: { status: 405, code: 'method_not_allowed', message: 'Use another method on this path.' },
  noPaging: {
    status: 400,
    code: 'invalid_query',
    message: 'This service has no paging: cursor is not one of its query parameters.',
  },
  invalidIdempotencyKey: {
    status: 400,
    code: 'invalid_idempotency_key',
    message: 'Idempotency-Key must be 1 to 255 visible ASCII characters.',
  },
  idempotencyKeyReused: {
    status: 422,
    code: 'idempotency_key_reused',
    message: 'This Idempotency-Key was used for another request; make a new key for new values.',
  },
  tooManyFailures: {
    status: 429,
    code: 'too_many_requests',
    message: 'Too many requests with a wrong API key; wait before trying again.',
  },
  serviceBusy: {
    status: 503,
    code: 'service_busy',
    message: 'The database is busy; send the request again in a moment.',
  },
  databaseUnavailable: {
    status: 503,
    code: 'service_busy',
    message: 'The database cannot be reached just now; send the request again in a moment.',
  },
  databaseCannotWrite: {
    status: 503,
    code: 'service_busy',
    message: 'The database cannot store anything just now (its disk may be full); send the request again later.',
  },
  stopping: {
    status: 503,
    code: 'service_busy',
    message: 'The service is stopping; send the request again in a moment.',
  },
  internal: { status: 500, code: 'internal_error', message: 'Something went wrong on our side.' },
} satisfies Record<string, ErrorBody>;
