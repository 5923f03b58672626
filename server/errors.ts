import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { REQUEST_BODY_MAX_BYTES } from '../contract/limits.ts';
import { HttpError, type ErrorBody } from './http-error.ts';
import { StoreBusyError, StoreCannotWriteError, StoreRefusedValueError, StoreUnavailableError } from './store.ts';
import { describeValidationError } from './validation.ts';

export { HttpError, type ErrorBody };

/** The service's error answers that are the same wherever they arise. */
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
  invalidJson: { status: 400, code: 'invalid_json', message: 'The body is not valid JSON.' },
  badContentLength: { status: 400, code: 'invalid_body', message: 'The body does not match its Content-Length.' },
  badUrl: { status: 400, code: 'invalid_url', message: 'The request URL cannot be decoded.' },
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
  noSuchPet: { status: 404, code: 'not_found', message: 'No pet has this id.' },
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

/** Seconds to wait before trying a busy service again. */
const BUSY_RETRY_AFTER = '1';

const FRAMEWORK_ERRORS: Record<string, ErrorBody> = {
  FST_ERR_CTP_BODY_TOO_LARGE: ERRORS.payloadTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ERRORS.unsupportedContentType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: ERRORS.badContentLength,
  FST_ERR_BAD_URL: ERRORS.badUrl,
};

export function toErrorBody(error: FastifyError | HttpError): ErrorBody {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (error instanceof StoreUnavailableError) return ERRORS.databaseUnavailable;
  if (error instanceof StoreCannotWriteError) return ERRORS.databaseCannotWrite;
  if (error instanceof StoreBusyError) return ERRORS.serviceBusy;
  if (error instanceof StoreRefusedValueError) return { status: 400, code: 'invalid_body', message: error.message };
  if (error.validation) {
    return describeValidationError(error.validation, error.validationContext);
  }
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) return known;
  const status = error.statusCode ?? 500;
  return status >= 400 && status < 500 ? { ...ERRORS.invalidRequest, status } : ERRORS.internal;
}

export function sendError(reply: FastifyReply, body: ErrorBody): FastifyReply {
  if (body.status === 401) reply.header('WWW-Authenticate', 'Bearer');
  if (body.status === 503) reply.header('Retry-After', BUSY_RETRY_AFTER);
  return reply.code(body.status).type('application/json').send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  if (error instanceof HttpError) reply.headers(error.headers);
  // Only failures on our side are worth a log line; the client already has a precise answer. A 503 is
  // a known state (an outage, a full disk, a stop) that lasts: one line each, without a stack.
  if (body.status === 503) {
    const cause = error.cause instanceof Error ? error.cause.message : undefined; // the driver's words
    request.log.warn({ code: body.code, cause }, body.message);
  } else if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendError(reply, body);
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, { status: 404, code: 'not_found', message: 'No such path.' });
}
