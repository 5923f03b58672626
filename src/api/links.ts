// Paging as the service offers it, if it does: the spec calls the list paginated but names no way
// to move between pages. A `Link: <…>; rel="next"` header (RFC 8288) is followed exactly as written,
// whatever its query says (a cursor, a page number, an offset); the app never builds one itself.
// A next page is kept as its address relative to the API's base (`pets?page=2`): short enough for
// the app's own address, and the same for every environment's base.

/** The base as a folder: `https://api.example/v1` → `https://api.example/v1/`. */
const folder = (apiBaseUrl: string) => new URL(apiBaseUrl.endsWith('/') ? apiBaseUrl : `${apiBaseUrl}/`);

/** `url` relative to the base (its fragment, never sent, left out), when it is under the base. */
function underBase(url: URL, base: URL): string | undefined {
  if (url.origin !== base.origin || !url.pathname.startsWith(base.pathname)) return undefined;
  return `${url.pathname}${url.search}`.slice(base.pathname.length);
}

/** The address of a link kept relative to the base, or undefined when it would leave the base. */
export function linkUrl(apiBaseUrl: string, link: string): URL | undefined {
  const base = folder(apiBaseUrl);
  try {
    const url = new URL(link, base);
    // Written the way `nextLink` writes it: no `..`, no other origin, nothing the URL parser rewrites.
    return underBase(url, base) === link && link !== '' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** Any base will do to check that a kept link is one `nextLink` could have made. */
const ANY_BASE = 'https://api.invalid/base';

/** Whether text from the app's address is a link as `nextLink` keeps one, under any base. */
export const isKeptLink = (text: string) => linkUrl(ANY_BASE, text) !== undefined;

/** The `rel` values of one link-value's parameters (`rel="prev next"` has two). */
function relations(parameters: string): string[] {
  const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(parameters);
  return (rel?.[1] ?? rel?.[2] ?? '').toLowerCase().split(/\s+/);
}

/**
 * The `next` target of a response's `Link` header, relative to the API's base; undefined when there
 * is none, or it leads off the API's origin or out of its base (the key is never sent elsewhere). A
 * `Link` the service does not expose through CORS is not visible here, and so not followed.
 */
export function nextLink(response: Response, apiBaseUrl: string): string | undefined {
  const header = response.headers.get('Link');
  if (!header) return undefined;
  for (const [, target, parameters] of header.matchAll(/<([^>]*)>([^<]*)/g)) {
    if (!relations(parameters!).includes('next')) continue;
    try {
      return underBase(new URL(target!, response.url), folder(apiBaseUrl)) || undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
