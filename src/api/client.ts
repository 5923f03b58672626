import { ApiError } from './api-error.ts';
import type { JsonCodec } from '../../contract/json.ts';
import { losslessJson } from './json.ts';

export interface RequestOptions<T> {
  method?: 'GET' | 'POST';
  body?: unknown;
  signal?: AbortSignal | undefined;
  /** Checks the answer against the contract and returns it typed; throws when it does not fit. */
  read: (data: unknown) => T;
}

export interface ApiResponse<T> {
  data: T;
  headers: Headers;
  /** The URL that was asked, to resolve relative links against. */
  url: string;
}

export interface ApiClient {
  request<T>(url: string, options: RequestOptions<T>): Promise<ApiResponse<T>>;
}

export interface ClientOptions {
  getApiKey: () => string | undefined;
  timeoutMs: number;
}

const warnedDeprecations = new Set<string>();

function warnIfDeprecated(method: string, url: string, headers: Headers) {
  const deprecation = headers.get('Deprecation');
  const sunset = headers.get('Sunset');
  if (!deprecation && !sunset) return;
  // One warning per operation is enough for the engineers; ids in the path would repeat it.
  const operation = `${method} ${new URL(url).pathname.replace(/\/-?\d+(?=\/|$)/g, '/{id}')}`;
  if (warnedDeprecations.has(operation)) return;
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

const NOT_JSON = Symbol('not JSON');

function readJson(json: JsonCodec, text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return json.parse(text);
  } catch {
    return NOT_JSON;
  }
}

function httpError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) return new ApiError('http', status, body.code, body.message);
  const message =
    status >= 500
      ? `The pet store service failed (HTTP ${status}). Try again in a moment.`
      : `The pet store service refused the request (HTTP ${status}).`;
  return new ApiError('http', status, `http_${status}`, message);
}

/**
 * The transport: adds the API key (only ever as a bearer header), reads JSON losslessly, and turns
 * every failure into one ApiError. It never shows anything itself.
 */
export function createApiClient({ getApiKey, timeoutMs }: ClientOptions): ApiClient {
  return {
    async request(url, { method = 'GET', body, signal, read }) {
      signal?.throwIfAborted();
      const timeout = new AbortController();
      const timer = setTimeout(() => timeout.abort(), timeoutMs);
      const onCallerAbort = () => timeout.abort(signal?.reason);
      signal?.addEventListener('abort', onCallerAbort, { once: true });
      const headers: Record<string, string> = { Accept: 'application/json' };
      const apiKey = getApiKey();
      if (apiKey) headers['Authorization'] = `Bearer ${apiKey}`;
      if (body !== undefined) headers['Content-Type'] = 'application/json';

      try {
        const json = await losslessJson();
        let response: Response;
        let text: string;
        try {
          response = await fetch(url, {
            method,
            headers,
            body: body === undefined ? undefined : json.stringify(body),
            signal: timeout.signal,
            credentials: 'omit',
          });
          text = await response.text();
        } catch (error) {
          // The caller gave up (navigation, unmount): let React Query see the cancellation.
          if (signal?.aborted) throw signal.reason ?? error;
          if (timeout.signal.aborted) {
            throw new ApiError('timeout', 0, 'timeout', 'The pet store service did not answer in time.');
          }
          throw new ApiError('network', 0, 'network', "The pet store service can't be reached.");
        }

        warnIfDeprecated(method, url, response.headers);
        const parsed = readJson(json, text);
        if (!response.ok) throw httpError(response.status, parsed);
        let data;
        try {
          if (parsed === NOT_JSON) throw new SyntaxError('Malformed JSON');
          data = read(parsed);
        } catch {
          throw new ApiError(
            'invalid-response',
            response.status,
            'invalid_response',
            'The pet store service sent an answer this app cannot read.',
          );
        }
        return { data, headers: response.headers, url };
      } finally {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onCallerAbort);
      }
    },
  };
}

/**
 * The target of `Link: <…>; rel="next"` (RFC 8288), resolved against the request URL. A target on
 * another origin is ignored: following it would hand the API key to a stranger.
 */
export function nextLink(headers: Headers, requestUrl: string): string | undefined {
  const link = headers.get('Link');
  if (!link) return undefined;
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/i.test(match[2]!)) {
      try {
        const target = new URL(match[1]!, requestUrl);
        return target.origin === new URL(requestUrl).origin ? target.toString() : undefined;
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}
