import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { JsonCodec } from '../../contract/json.ts';
import type { paths } from '../../contract/schema.gen.ts';
import type { Environment } from '../config/config.ts';
import { ApiError } from './api-error.ts';

/** What openapi-fetch resolves to for a call with `parseAs: 'text'` (errors are thrown before). */
interface TextAnswer {
  data?: string | undefined;
  response: Response;
}

export interface ClientOptions {
  getApiKey: () => string | undefined;
  timeoutMs: number;
  json: JsonCodec;
}

/**
 * The pet store service of one environment, typed by the contract's `paths`: a typo in a path, a
 * parameter or a body does not compile.
 */
export interface PetstoreApi {
  environment: Environment;
  /** The pets API, at `environment.apiBaseUrl`. */
  pets: Client<paths>;
  /** The messages service, at `environment.messagesBaseUrl`. */
  messages: Client<paths>;
  /** The body of a successful answer, asked for with `parseAs: 'text'`, checked by `read`. */
  read<T>(answer: TextAnswer, read: (data: unknown) => T): T;
}

/**
 * Every request goes through here: a time limit, the body read within it, and every failure to get
 * an answer turned into an ApiError. The caller's own cancellation passes through untouched.
 */
function transport(timeoutMs: number) {
  return async (request: Request): Promise<Response> => {
    const timeout = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetch(request, { signal: AbortSignal.any([request.signal, timeout]) });
      const text = await response.text();
      const buffered = new Response(text === '' ? null : text, response);
      // Link targets are relative to the URL that was asked.
      Object.defineProperty(buffered, 'url', { value: response.url });
      return buffered;
    } catch (error) {
      if (request.signal.aborted) throw request.signal.reason ?? error;
      if (timeout.aborted) throw new ApiError('timeout', 0, 'timeout', 'No answer in time.');
      throw new ApiError('network', 0, 'network', 'No answer: the service could not be reached.');
    }
  };
}

function authorization(getApiKey: () => string | undefined): Middleware {
  return {
    onRequest({ request }) {
      // The key only ever travels in this header: never in a URL, never in a log.
      const apiKey = getApiKey();
      if (apiKey) request.headers.set('Authorization', `Bearer ${apiKey}`);
    },
  };
}

const warnedDeprecations = new Set<string>();

/** One console warning per deprecated operation, for the engineers; ids in the path would repeat it. */
const deprecationWarning: Middleware = {
  onResponse({ request, response, schemaPath }) {
    const deprecation = response.headers.get('Deprecation');
    const sunset = response.headers.get('Sunset');
    const operation = `${request.method} ${schemaPath}`;
    if ((!deprecation && !sunset) || warnedDeprecations.has(operation)) return;
    warnedDeprecations.add(operation);
    console.warn(
      `[petstore-admin] ${operation} is deprecated (Deprecation: ${deprecation ?? 'unset'}, Sunset: ${sunset ?? 'unset'}). ` +
        'The app falls back to GET /pets when it is gone.',
    );
  },
};

function isErrorBody(value: unknown): value is { code: string; message: string } {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return typeof code === 'string' && typeof message === 'string' && message.trim() !== '';
}

/** A non-2xx answer becomes an ApiError, with the service's code and message when it sent an Error body. */
function httpErrors(json: JsonCodec): Middleware {
  return {
    async onResponse({ response }) {
      if (response.ok) return;
      let body: unknown;
      try {
        body = json.parse(await response.text());
      } catch {
        // An HTML error page from a proxy, or nothing at all.
      }
      throw isErrorBody(body)
        ? new ApiError('http', response.status, body.code, body.message)
        : new ApiError('http', response.status, `http_${response.status}`, `HTTP ${response.status}`);
    },
  };
}

function readWith(json: JsonCodec) {
  return <T>({ data, response }: TextAnswer, read: (data: unknown) => T): T => {
    try {
      // openapi-fetch parses with JSON.parse, which would round int64 ids beyond 2^53: the calls ask
      // for text (`parseAs: 'text'`) and it is parsed here with the lossless codec.
      return read(json.parse(data ?? ''));
    } catch {
      throw new ApiError(
        'invalid-response',
        response.status,
        'invalid_response',
        'The answer does not fit the contract.',
      );
    }
  };
}

export function createPetstoreApi(
  environment: Environment,
  { getApiKey, timeoutMs, json }: ClientOptions,
): PetstoreApi {
  const client = (baseUrl: string) => {
    const typed = createClient<paths>({
      baseUrl,
      fetch: transport(timeoutMs),
      bodySerializer: json.stringify,
      headers: { Accept: 'application/json' },
      credentials: 'omit',
    });
    typed.use(authorization(getApiKey), deprecationWarning, httpErrors(json));
    return typed;
  };
  return {
    environment,
    pets: client(environment.apiBaseUrl),
    messages: client(environment.messagesBaseUrl),
    read: readWith(json),
  };
}

/**
 * The `cursor` of the `Link: <…>; rel="next"` target (RFC 8288), when the service offers one. A
 * target on another origin is ignored: the service does not send people elsewhere.
 */
export function nextCursor(response: Response): string | undefined {
  const link = response.headers.get('Link');
  if (!link) return undefined;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2]!)) {
      try {
        const target = new URL(match[1]!, response.url);
        return target.origin === new URL(response.url).origin
          ? (target.searchParams.get('cursor') ?? undefined)
          : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
