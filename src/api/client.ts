// The transport to the pet store service, typed by the contract's generated `paths`: a typo in a
// path, a parameter or a body does not compile (openapi-fetch's own request types do the checking).
//
// The runtime is these few lines rather than openapi-fetch itself: its 2.5 KB gzip, on top of every
// screen's features, would break the 130 KB budget for all JS, and the app needs only GET and POST
// with JSON, read losslessly (openapi-fetch parses with JSON.parse, which rounds int64 ids).
import type { ParamsOption, RequestBodyOption } from 'openapi-fetch';
import type { PathsWithMethod } from 'openapi-typescript-helpers';
import { jsonCodec } from '../../contract/json.ts';
import type { paths } from '../../contract/schema.gen.ts';
import type { Environment } from '../config/config.ts';
import { ApiError } from './api-error.ts';
import { linkUrl } from './links.ts';

/** A successful answer: its body as text (see `PetstoreApi.read`) and the response itself. */
interface TextAnswer {
  data: string;
  response: Response;
}

type Method = 'get' | 'post';
type Init<Operation> = ParamsOption<Operation> &
  RequestBodyOption<Operation> & { headers?: Record<string, string>; signal?: AbortSignal | undefined };
type Call<M extends Method> = <Path extends PathsWithMethod<paths, M>>(
  path: Path,
  init: Init<paths[Path][M]>,
) => Promise<TextAnswer>;

/** One base address of the service, with the operations the contract gives it. */
interface TypedClient {
  GET: Call<'get'>;
  POST: Call<'post'>;
  /** GETs a `Link` target kept by `nextLink`, exactly as the service wrote it (see links.ts). */
  follow(link: string, init?: { signal?: AbortSignal | undefined }): Promise<TextAnswer>;
}

export interface ClientOptions {
  getApiKey: () => string | undefined;
  timeoutMs: number;
  /**
   * Called when the service answers 401: resolves once a new key is in place, and the request is
   * then sent again with it; rejects to give up, and the 401 goes to the caller.
   */
  onUnauthorized?: () => Promise<void>;
}

/** The pet store service of one environment. */
export interface PetstoreApi {
  environment: Environment;
  /** The pets API, at `environment.apiBaseUrl`. */
  pets: TypedClient;
  /** The messages service, at `environment.messagesBaseUrl`. */
  messages: TypedClient;
  /** The body of a successful answer, read losslessly and checked by `read` against the contract. */
  read<T>(answer: TextAnswer, read: (data: unknown) => T): T;
}

const json = jsonCodec();

/**
 * Sends a request within the time limit, body read included, and turns a failure to get an answer
 * into an ApiError. The caller's own cancellation passes through untouched.
 */
async function send(request: Request, timeoutMs: number): Promise<{ response: Response; text: string }> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(request, { signal: AbortSignal.any([request.signal, timeout]) });
    return { response, text: await response.text() };
  } catch (error) {
    if (request.signal.aborted) throw request.signal.reason ?? error;
    if (timeout.aborted) throw new ApiError('timeout', 0, 'timeout', 'No answer in time.');
    throw new ApiError('network', 0, 'network', 'No answer: the service could not be reached.');
  }
}

const warnedDeprecations = new Set<string>();

/** One console warning per deprecated operation, for the engineers; ids in the path would repeat it. */
function warnIfDeprecated(operation: string, headers: Headers) {
  const deprecation = headers.get('Deprecation');
  const sunset = headers.get('Sunset');
  if ((!deprecation && !sunset) || warnedDeprecations.has(operation)) return;
  warnedDeprecations.add(operation);
  console.warn(
    `[petstore-admin] ${operation} is deprecated (Deprecation: ${deprecation ?? 'unset'}, Sunset: ${sunset ?? 'unset'}). ` +
      'The app falls back to GET /pets when it is gone.',
  );
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

interface Sent {
  method: 'GET' | 'POST';
  /** The operation, for the deprecation warning: `GET /pets/{petId}`. */
  operation: string;
  url: string;
  body?: unknown;
  headers?: Record<string, string> | undefined;
  signal?: AbortSignal | undefined;
}

/** Sends one request with the key, and again with a new key after a 401 if one is given. */
async function sendWithKey(
  { method, operation, url, body, headers, signal }: Sent,
  { getApiKey, timeoutMs, onUnauthorized }: ClientOptions,
): Promise<TextAnswer> {
  const request = () => {
    const apiKey = getApiKey();
    return new Request(url, {
      method,
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        // The key only ever travels in this header: never in a URL, never in a log.
        ...(apiKey ? { Authorization: `Bearer ${apiKey}` } : {}),
        ...headers,
      },
      body: body === undefined ? null : json.stringify(body),
      credentials: 'omit',
      signal: signal ?? null,
    });
  };

  let { response, text } = await send(request(), timeoutMs);
  if (response.status === 401 && onUnauthorized) {
    // A new key, then the same request again; giving up leaves the 401 to the caller.
    const renewed = await onUnauthorized().then(
      () => true,
      () => false,
    );
    if (renewed) ({ response, text } = await send(request(), timeoutMs));
  }
  warnIfDeprecated(operation, response.headers);
  if (!response.ok) throw httpError(response.status, text);
  return { data: text, response };
}

function typedClient(baseUrl: string, options: ClientOptions): TypedClient {
  const call = (method: 'GET' | 'POST') => async (path: string, init: Init<never>) => {
    const {
      params = {},
      body,
      headers,
      signal,
    } = init as {
      params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
      body?: unknown;
      headers?: Record<string, string>;
      signal?: AbortSignal;
    };
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(params.query ?? {})) {
      if (value !== undefined && value !== null) query.set(name, String(value));
    }
    const filled = path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params.path?.[name])));
    const search = query.toString();
    const url = `${baseUrl}${filled}${search ? `?${search}` : ''}`;
    return sendWithKey({ method, operation: `${method} ${path}`, url, body, headers, signal }, options);
  };
  return {
    GET: call('GET'),
    POST: call('POST'),
    follow: async (link, { signal } = {}) => {
      const url = linkUrl(baseUrl, link);
      if (!url) throw new ApiError('invalid-response', 0, 'invalid_link', 'The link leads outside the service.');
      return sendWithKey({ method: 'GET', operation: 'GET (a Link target)', url: url.href, signal }, options);
    },
  } as TypedClient;
}

export function createPetstoreApi(environment: Environment, options: ClientOptions): PetstoreApi {
  return {
    environment,
    pets: typedClient(environment.apiBaseUrl, options),
    messages: typedClient(environment.messagesBaseUrl, options),
    read({ data, response }, read) {
      try {
        return read(json.parse(data));
      } catch {
        throw new ApiError(
          'invalid-response',
          response.status,
          'invalid_response',
          'The answer does not fit the contract.',
        );
      }
    },
  };
}
