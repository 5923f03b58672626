// The transport to the pet store service: openapi-fetch, typed by the contract's generated `paths`
// (a typo in a path, a parameter or a body does not compile), with middleware for what every call
// shares: the key, the time limit, signing in again after a 401, the deprecation warning, the
// extensions an environment declares, and one ApiError for every failure.
//
// Bodies are read as text (`parseAs: 'text'`, then `readBody`): JSON.parse rounds int64 ids beyond
// 2^53, the contract's codec keeps them exact; it also writes them.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { jsonCodec } from '../../contract/json.ts';
import type { paths } from '../../contract/schema.gen.ts';
import { offers, type Environment } from '../config/config.ts';
import { ApiError } from './api-error.ts';
import { linkUrl } from './links.ts';
import { refusedByPagePolicy } from './page-policy.ts';

/**
 * The paths of the interface, each at its service: the app calls these alone. A path the reference
 * service offers beyond them is in `paths` too; calling one does not compile until it is added here,
 * behind `offers(environment, '…')` where it is called (docs/architecture.md, "Where a change goes").
 */
type PetPaths = Pick<paths, '/pets' | '/pets/{petId}'>;
type MessagePaths = Pick<paths, '/messages'>;

export interface ClientOptions {
  getApiKey: () => string | undefined;
  timeoutMs: number;
  /**
   * Called when the service answers 401: resolves once a new key is in place, and the request is
   * then sent again with it; rejects to give up, and the 401 goes to the caller.
   */
  onUnauthorized?: () => Promise<void>;
}

/** A successful answer, its body as text: what every call asks for with `parseAs: 'text'`. */
export interface TextAnswer {
  data?: string | undefined;
  response: Response;
}

/** The pet store service of one environment. */
export interface PetstoreApi {
  environment: Environment;
  /** The pets API, at `environment.apiBaseUrl`. */
  pets: Client<PetPaths>;
  /** The messages service, at `environment.messagesBaseUrl`. */
  messages: Client<MessagePaths>;
  /** `GET /pets` at a `next` link kept by `nextLink`, exactly as the service wrote it. */
  follow(link: string, init?: { signal?: AbortSignal | undefined }): Promise<TextAnswer>;
}

const json = jsonCodec();

/** The body of a successful answer, read losslessly and checked by `read` against the contract. */
export function readBody<T>({ data, response }: TextAnswer, read: (data: unknown) => T): T {
  try {
    return read(json.parse(data ?? ''));
  } catch {
    throw new ApiError(
      'invalid-response',
      response.status,
      'invalid_response',
      'The answer does not fit the contract.',
    );
  }
}

/** What the middleware of one request shares, by openapi-fetch's request id. */
interface Attempt {
  /** The caller's own cancellation, which passes through untouched. */
  caller: AbortSignal;
  timeout: TimeLimit;
  /** Its body, as openapi-fetch wrote it: to send again after a 401, a sent body being gone. */
  body: string | undefined;
}

/** A signal that aborts after `ms`, unless `clear`ed once the answer is in. */
interface TimeLimit {
  signal: AbortSignal;
  clear(): void;
}

function timeLimit(ms: number): TimeLimit {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new DOMException('No answer in time.', 'TimeoutError')), ms);
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

/** Why no answer came: the caller's cancellation as it was, or an ApiError. */
function noAnswer(error: unknown, { caller, timeout }: Attempt): unknown {
  if (caller.aborted) return caller.reason ?? error;
  if (timeout.signal.aborted) return new ApiError('timeout', 0, 'timeout', 'No answer in time.');
  return new ApiError('network', 0, 'network', 'No answer: the service could not be reached.');
}

function isErrorBody(value: unknown): value is { code: string; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && message.trim() !== '';
}

/** A non-2xx answer as an ApiError, with the service's code and message when it sent an Error body. */
function httpError(status: number, text: string): ApiError {
  let body: unknown;
  try {
    body = json.parse(text);
  } catch {
    // An HTML error page from a proxy, or nothing at all.
  }
  return isErrorBody(body)
    ? new ApiError('http', status, body.code, body.message)
    : new ApiError('http', status, `http_${status}`, `HTTP ${status}`);
}

/** The same answer with its body read: the same status, headers and URL (Link targets are relative to it). */
function withBody(response: Response, text: string): Response {
  const read = new Response(text, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  Object.defineProperty(read, 'url', { value: response.url });
  return read;
}

/**
 * The time limit, the body read within it, and every failure as an ApiError: no answer, or a
 * non-2xx one. Registered first, so its `onResponse` runs last, on the answer every other
 * middleware has settled on.
 */
function answersMiddleware(timeoutMs: number, attempts: Map<string, Attempt>): Middleware {
  return {
    async onRequest({ request, id }) {
      const timeout = timeLimit(timeoutMs);
      // Given again as text: a request made from another would send its body as a stream.
      const body = request.body === null ? undefined : await request.text();
      attempts.set(id, { caller: request.signal, timeout, body });
      return new Request(request, { body, signal: AbortSignal.any([request.signal, timeout.signal]) });
    },
    async onResponse({ response, id }) {
      const attempt = attempts.get(id)!;
      attempts.delete(id);
      let text: string;
      try {
        text = await response.text();
      } catch (error) {
        throw noAnswer(error, attempt);
      } finally {
        attempt.timeout.clear();
      }
      if (!response.ok) throw httpError(response.status, text);
      return withBody(response, text);
    },
    async onError({ error, id, request }) {
      const attempt = attempts.get(id)!;
      attempts.delete(id);
      attempt.timeout.clear();
      const failure = noAnswer(error, attempt);
      if (failure instanceof ApiError && failure.kind === 'network' && (await refusedByPagePolicy(request.url))) {
        return new ApiError('blocked', 0, 'blocked', "The page's Content-Security-Policy does not allow this address.");
      }
      return failure instanceof Error ? failure : new Error(String(failure));
    },
  };
}

const warnedDeprecations = new Set<string>();

/** One console warning per deprecated operation, for the engineers; ids in the path would repeat it. */
const deprecationMiddleware: Middleware = {
  onResponse({ request, schemaPath, response }) {
    const operation = `${request.method} ${schemaPath}`;
    const deprecation = response.headers.get('Deprecation');
    const sunset = response.headers.get('Sunset');
    if ((!deprecation && !sunset) || warnedDeprecations.has(operation)) return;
    warnedDeprecations.add(operation);
    console.warn(
      `[petstore-admin] ${operation} is deprecated (Deprecation: ${deprecation ?? 'unset'}, Sunset: ${sunset ?? 'unset'}). ` +
        'The app falls back to GET /pets when it is gone.',
    );
  },
};

/** A fresh `Idempotency-Key`: 128 random bits, as hex. */
export function newIdempotencyKey(): string {
  // getRandomValues works on plain http too, where crypto.randomUUID does not.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * The extensions the environment declares, and only those (see config.ts): a service built to the
 * spec alone may not allow a header it does not know, and the browser would then send nothing.
 * `idempotency-key`: the key a caller gives a create goes only where the environment declares it.
 */
function extensionsMiddleware(environment: Environment): Middleware {
  return {
    onRequest({ request }) {
      if (!offers(environment, 'idempotency-key')) request.headers.delete('Idempotency-Key');
    },
  };
}

/**
 * The key, only ever in this header (never in a URL, never in a log); after a 401, a new key and the
 * same request again, within a time limit of its own. Registered last, so it sees the request as
 * sent and the answer before anything else does.
 */
function apiKeyMiddleware(
  { getApiKey, timeoutMs, onUnauthorized }: ClientOptions,
  attempts: Map<string, Attempt>,
): Middleware {
  const withKey = (request: Request) => {
    const apiKey = getApiKey();
    if (apiKey) request.headers.set('Authorization', `Bearer ${apiKey}`);
    return request;
  };
  return {
    onRequest({ request }) {
      withKey(request);
    },
    async onResponse({ request, response, id, options }) {
      const attempt = attempts.get(id);
      if (response.status !== 401 || !onUnauthorized || !attempt) return;
      const renewed = await onUnauthorized().then(
        () => true,
        () => false,
      );
      if (!renewed) return;
      attempt.timeout.clear();
      attempt.timeout = timeLimit(timeoutMs);
      const again = withKey(
        new Request(request, {
          body: attempt.body,
          signal: AbortSignal.any([attempt.caller, attempt.timeout.signal]),
        }),
      );
      try {
        return await options.fetch(again);
      } catch (error) {
        throw noAnswer(error, attempt);
      }
    },
  };
}

function client<Paths extends PetPaths | MessagePaths>(
  baseUrl: string,
  environment: Environment,
  options: ClientOptions,
): Client<Paths> {
  const attempts = new Map<string, Attempt>();
  const typed = createClient<Paths>({
    baseUrl,
    headers: { Accept: 'application/json' },
    bodySerializer: (body) => json.stringify(body),
    credentials: 'omit',
    // Looked up when a request is sent, not when the client is made: whatever fetch is then (a
    // test's mock service, say) sends it.
    fetch: (request) => fetch(request),
  });
  typed.use(
    answersMiddleware(options.timeoutMs, attempts),
    deprecationMiddleware,
    extensionsMiddleware(environment),
    apiKeyMiddleware(options, attempts),
  );
  return typed;
}

export function createPetstoreApi(environment: Environment, options: ClientOptions): PetstoreApi {
  const pets = client<PetPaths>(environment.apiBaseUrl, environment, options);
  return {
    environment,
    pets,
    messages: client<MessagePaths>(environment.messagesBaseUrl, environment, options),
    follow(link, { signal } = {}) {
      const url = linkUrl(environment.apiBaseUrl, link);
      if (!url) {
        return Promise.reject(
          new ApiError('invalid-response', 0, 'invalid_link', 'The link leads outside the service.'),
        );
      }
      // listPets, sent where the link leads: the middleware treats it as any other list.
      return pets.GET('/pets', {
        signal,
        parseAs: 'text',
        fetch: (request: Request) => fetch(new Request(url, request)),
      });
    },
  };
}
