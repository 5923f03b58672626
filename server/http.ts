import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { ERRORS, errorHandler, HttpError, notFoundHandler, sendError, toErrorBody } from './errors.ts';
import { parseJson, stringifyJson } from './json.ts';
import { bearerToken, type KeyRing } from './keys.ts';
import { validatorCompiler } from './validator.ts';

export const BODY_LIMIT = 64 * 1024;

export interface HttpOptions {
  keys: KeyRing;
  corsOrigins: readonly string[];
  logger?: FastifyServerOptions['logger'];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served without an API key. */
    public?: boolean;
  }
}

/**
 * A Fastify instance with what every route of the reference service shares: lossless JSON,
 * bearer auth, CORS for the app's origins, and the Error body for every failure.
 */
export async function createHttpApp({ keys, corsOrigins, logger = false }: HttpOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    frameworkErrors: (error, _request, reply) => sendError(reply, toErrorBody(error)),
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setReplySerializer(stringifyJson);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(new HttpError(ERRORS.emptyBody));
    try {
      done(null, parseJson(String(body)));
    } catch {
      // Also the stack overflow from absurdly deep nesting: bad input is never a 5xx.
      done(new HttpError(ERRORS.invalidJson));
    }
  });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new HttpError(ERRORS.unsupportedContentType));
  });

  await app.register(cors, {
    origin: [...corsOrigins],
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
    exposedHeaders: ['Link', 'Deprecation', 'Sunset', 'WWW-Authenticate'],
    maxAge: 600,
  });

  // The safety net for errors answered outside our handlers (the CORS plugin's "Invalid Preflight
  // Request", for one): every error leaves as the Error body.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || String(reply.getHeader('content-type')).startsWith('application/json'))
      return payload;
    reply.type('application/json');
    const status = reply.statusCode;
    const message = typeof payload === 'string' && payload ? payload : ERRORS.invalidRequest.message;
    return stringifyJson(status >= 500 ? ERRORS.internal : { ...ERRORS.invalidRequest, status, message });
  });

  app.addHook('onRequest', async (request) => {
    if (request.method === 'OPTIONS' || request.routeOptions.config.public) return;
    const header = request.headers.authorization;
    const token = bearerToken(header);
    if (!token) {
      throw new HttpError({
        status: 401,
        code: 'unauthorized',
        message: 'Send the API key as Authorization: Bearer <API_KEY>.',
      });
    }
    if (!keys.accepts(token)) {
      throw new HttpError({ status: 401, code: 'unauthorized', message: 'The API key is not accepted.' });
    }
  });

  return app;
}

const METHODS = ['DELETE', 'GET', 'PATCH', 'POST', 'PUT'] as const;

/** Answers 405 with `Allow` for the methods a path does not support, instead of a bare 404. */
export function rejectOtherMethods(app: FastifyInstance, url: string, allowed: readonly string[]) {
  const allow = allowed.includes('GET') ? [...allowed, 'HEAD'] : [...allowed];
  app.route({
    method: METHODS.filter((method) => !allowed.includes(method)),
    url,
    handler: (_request, reply) => {
      reply.header('Allow', allow.join(', '));
      return sendError(reply, {
        status: 405,
        code: 'method_not_allowed',
        message: `Use ${allowed.join(' or ')} on this path.`,
      });
    },
  });
}
