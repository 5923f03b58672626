import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ERRORS, HttpError, type ErrorBody } from './http-error.ts';
import { StoreBusyError, StoreCannotWriteError, StoreRefusedValueError, StoreUnavailableError } from './store.ts';
import { describeValidationError } from './validation.ts';

export { ERRORS, HttpError, type ErrorBody };

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
  if (error instanceof StoreRefusedValueError) return { ...ERRORS.invalidBody, message: error.message };
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
  return sendError(reply, ERRORS.noSuchPath);
}
