import { randomUUID } from 'node:crypto';
import type { Socket } from 'node:net';
import cors from '@fastify/cors';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { REQUEST_BODY_MAX_BYTES } from '../contract/limits.ts';
import { ERRORS, errorHandler, HttpError, notFoundHandler, sendError, toErrorBody, type ErrorBody } from './errors.ts';
import { parseJson, stringifyJson } from './json.ts';
import { bearerToken, type KeyRing } from './keys.ts';
import { PROFILES, type ProfileName } from './profile.ts';
import { validatorCompiler } from './validator.ts';

/** Limits of time and of wrong keys; docs/service.md says what they mean. */
export interface Limits {
  /** A request must have arrived whole within this time, headers and body; 408 otherwise. */
  requestTimeoutMs: number;
  /** An idle keep-alive connection is closed after this time. */
  keepAliveTimeoutMs: number;
  /** This many requests without an accepted key from one client within the window… */
  failedAuthMax: number;
  /** …and the rest of the window is answered 429. */
  failedAuthWindowMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  requestTimeoutMs: 15_000,
  keepAliveTimeoutMs: 5_000,
  failedAuthMax: 30,
  failedAuthWindowMs: 60_000,
};

export interface HttpOptions {
  keys: KeyRing;
  corsOrigins: readonly string[];
  logger?: FastifyServerOptions['logger'];
  limits?: Partial<Limits>;
  profile?: ProfileName;
  /** Where refused requests are counted; by default in this process's memory. */
  failedAuthStore?: FastifyRateLimitStoreCtor | undefined;
  /** `GET /health` answers 200 when this resolves, 503 service_busy when it throws. */
  health?: { ping(): Promise<void> };
}

/** A body's text; a byte that is no UTF-8 throws. A byte order mark stays, and is no JSON. */
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Half a surrogate pair alone, which `\uD800` writes in valid JSON: no UTF-8 text holds one. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

/** Whether a string of `value`, a key or a value, holds a lone surrogate: stored, it would become U+FFFD. */
function holdsLoneSurrogate(value: unknown): boolean {
  // A stack, not recursion: JSON.parse takes a depth that would overflow the call stack.
  const stack = [value];
  while (stack.length > 0) {
    const next = stack.pop();
    if (typeof next === 'string' && LONE_SURROGATE.test(next)) return true;
    if (typeof next === 'object' && next !== null) for (const entry of Object.entries(next)) stack.push(...entry);
  }
  return false;
}

/** What every answer says, errors included: no caching anywhere (pet data stays out of disk caches). */
const COMMON_HEADERS = { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };

/**
 * Answers a request Node's HTTP parser refused (or that timed out) with the Error body, and closes
 * the connection. Nothing of the request is logged: its raw bytes would hold the API key.
 */
function answerClientError(error: Error & { code?: string }, socket: Socket) {
  if (!socket.writable) return socket.destroy();
  const body: ErrorBody =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ERRORS.requestTimeout
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ERRORS.headersTooLarge
        : ERRORS.malformedRequest;
  const json = JSON.stringify(body);
  const reason = { 400: 'Bad Request', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' }[body.status];
  socket.end(
    [
      `HTTP/1.1 ${body.status} ${reason}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(json)}`,
      ...Object.entries(COMMON_HEADERS).map(([name, value]) => `${name}: ${value}`),
      'Connection: close',
      '',
      json,
    ].join('\r\n'),
  );
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Served without an API key. */
    public?: boolean;
  }
}

/**
 * A Fastify instance with what every route of the reference service shares: int64-exact JSON,
 * bearer auth, CORS for the app's origins, and the Error body for every failure.
 */
export async function createHttpApp({
  keys,
  corsOrigins,
  logger = false,
  limits: given = {},
  profile = 'reference',
  failedAuthStore,
  health,
}: HttpOptions): Promise<FastifyInstance> {
  const limits = { ...DEFAULT_LIMITS, ...given };
  const { idempotencyKeys, exposedHeaders } = PROFILES[profile];
  const app = Fastify({
    logger: logger && {
      ...(typeof logger === 'object' ? logger : {}),
      // No log line, at any level, carries the key: the header is redacted wherever it appears.
      redact: {
        paths: ['req.headers.authorization', '*.headers.authorization', 'headers.authorization'],
        censor: '[redacted]',
      },
    },
    // Fastify counts requests per instance (`req-1`…): the pets API, the messages service and every
    // other instance behind a load balancer would log the same ids. A UUID names one request anywhere.
    genReqId: () => randomUUID(),
    bodyLimit: REQUEST_BODY_MAX_BYTES,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for timed-out requests every 30 s unless told otherwise: too late for the limit.
    http: { connectionsCheckingInterval: Math.min(1000, limits.requestTimeoutMs / 2) },
    frameworkErrors: (error, _request, reply) => sendError(reply, toErrorBody(error)),
    clientErrorHandler: answerClientError,
    // Refused below instead, with the Error body and CORS headers: Fastify's own 503 has neither.
    return503OnClosing: false,
  });
  // Headers too must arrive within the request's time (Node's default allows a minute).
  app.server.headersTimeout = limits.requestTimeoutMs;

  // Once closing, Node times no request out: one that never arrives whole would keep the process
  // alive. Requests in flight get the time a request may take, then every connection left is closed.
  let closing: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    closing = setTimeout(() => app.server.closeAllConnections(), limits.requestTimeoutMs).unref();
  });
  app.addHook('onClose', async () => clearTimeout(closing));
  // An answer given while closing ends its connection, rather than leave it idle until the keep-alive timeout.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('Connection', 'close');
    return payload;
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(COMMON_HEADERS);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setReplySerializer(stringifyJson);
  app.setErrorHandler(errorHandler);
  app.setNotFoundHandler(notFoundHandler);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => {
    if (body.length === 0) return done(new HttpError(ERRORS.emptyBody));
    let value: unknown;
    try {
      value = parseJson(utf8.decode(body as Buffer));
    } catch {
      // Bytes that are no UTF-8, which JSON is (RFC 8259), rather than a name stored as �; also the
      // stack overflow from absurdly deep nesting: bad input is never a 5xx.
      return done(new HttpError(ERRORS.invalidJson));
    }
    if (holdsLoneSurrogate(value)) return done(new HttpError(ERRORS.invalidJson));
    done(null, value);
  });
  app.addContentTypeParser('*', (_request, _payload, done) => {
    done(new HttpError(ERRORS.unsupportedContentType));
  });

  // Wrong keys are throttled per client. Only refused requests reach the limiter (see the auth hook
  // below), so requests with an accepted key, and preflights, never count and cost nothing.
  await app.register(rateLimit, {
    global: false,
    max: limits.failedAuthMax,
    timeWindow: limits.failedAuthWindowMs,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeaders: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
      'retry-after': true,
    },
    errorResponseBuilder: () => new HttpError(ERRORS.tooManyFailures),
    // A shared store (PostgreSQL) that cannot be reached does not stop the 401: the key is refused anyway.
    ...(failedAuthStore && { store: failedAuthStore, skipOnError: true }),
  });
  const countRefusal = app.rateLimit();

  await app.register(cors, {
    origin: [...corsOrigins],
    methods: ['GET', 'HEAD', 'POST'],
    allowedHeaders: ['Authorization', 'Content-Type', ...(idempotencyKeys ? ['Idempotency-Key'] : [])],
    // Not even an empty Access-Control-Expose-Headers when nothing is exposed.
    ...(exposedHeaders.length > 0 && { exposedHeaders: [...exposedHeaders] }),
    maxAge: 600,
  });

  // A request that arrives whole once the service is stopping (its headers were still coming) is not
  // served: the answer sends it to another instance, or back a moment later. A CORS preflight is
  // still answered, by the plugin's own hook before this one: it touches nothing.
  app.addHook('onRequest', async () => {
    if (closing) throw new HttpError(ERRORS.stopping);
  });

  // The safety net for errors answered outside our handlers (the CORS plugin's "Invalid Preflight
  // Request", for one): every error leaves as the Error body.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode < 400 || String(reply.getHeader('content-type')).startsWith('application/json'))
      return payload;
    reply.type('application/json');
    const status = reply.statusCode;
    const message = typeof payload === 'string' && payload ? payload : ERRORS.invalidRequest.message;
    return stringifyJson(
      status >= 500 ? { ...ERRORS.internal, status } : { ...ERRORS.invalidRequest, status, message },
    );
  });

  // Before a body is read: nothing of an unauthenticated request is parsed.
  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.method === 'OPTIONS' || request.routeOptions.config.public) return payload;
    const token = bearerToken(request.headers.authorization);
    if (token !== undefined && keys.accepts(token)) return payload;
    // Refused before its body was read: the connection closes after the answer, rather than wait
    // for a body nobody will read.
    reply.header('Connection', 'close');
    await countRefusal.call(app, request, reply); // 429 once this client has been refused too often
    throw new HttpError(token ? ERRORS.keyNotAccepted : ERRORS.noKey);
  });

  if (health) {
    // For load balancers: 200 while this instance can reach its database, 503 service_busy when not.
    // Asked every few seconds: only its failures are logged (a 503 is a warn line).
    app.get('/health', { config: { public: true }, logLevel: 'warn' }, async () => {
      await health.ping();
      return { status: 'ok' };
    });
  }

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
      return sendError(reply, { ...ERRORS.methodNotAllowed, message: `Use ${allowed.join(' or ')} on this path.` });
    },
  });
}
