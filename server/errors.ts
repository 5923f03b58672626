import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../src/api/schema.gen.ts';
import { describeValidationError } from './validation.ts';

export type ErrorBody = components['schemas']['Error'];

/** An error that is meant for the client: its code, message and status are sent as they are. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const FRAMEWORK_ERRORS: Record<string, ErrorBody> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'payload_too_large',
    message: 'The body is larger than 64 KiB.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 400,
    code: 'unsupported_content_type',
    message: 'Send the body as Content-Type: application/json.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'invalid_body',
    message: 'The body is empty; a JSON object is required.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'invalid_body',
    message: 'The body does not match its Content-Length.',
  },
  FST_ERR_BAD_URL: { status: 400, code: 'invalid_url', message: 'The request URL cannot be decoded.' },
};

export function toErrorBody(error: FastifyError | HttpError): ErrorBody {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message };
  }
  if (error.validation) {
    return describeValidationError(error.validation, error.validationContext);
  }
  const known = FRAMEWORK_ERRORS[error.code];
  if (known) return known;
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return { status, code: 'invalid_request', message: 'The request cannot be processed.' };
  }
  return { status: 500, code: 'internal_error', message: 'Something went wrong on our side.' };
}

export function sendError(reply: FastifyReply, body: ErrorBody): FastifyReply {
  if (body.status === 401) reply.header('WWW-Authenticate', 'Bearer');
  return reply.code(body.status).type('application/json').send(body);
}

export function errorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const body = toErrorBody(error);
  // Only failures on our side are worth a log line; the client already has a precise answer.
  if (body.status >= 500) request.log.error({ err: error }, 'request failed');
  return sendError(reply, body);
}

export function notFoundHandler(_request: FastifyRequest, reply: FastifyReply) {
  return sendError(reply, { status: 404, code: 'not_found', message: 'No such path.' });
}
