/** Every client route, in one place. */
export const paths = {
  signIn: '/sign-in',
  pets: '/pets',
  addPet: '/pets/new',
  pet: (id: string | bigint) => `/pets/${id}`,
  petPattern: '/pets/:petId',
  messages: '/messages',
} as const;

/** A `next` target is only ever a path of this app, never another site. */
export function safeNextPath(next: string | null): string | undefined {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : undefined;
}

/** First segments of the client routes above, and index.html, which some CDNs put in the URL. */
const ROUTE_ROOTS = new Set(['sign-in', 'pets', 'messages', 'index.html']);

/**
 * Where the app may be mounted, from the address bar, most likely first: the CDN may serve it at
 * any path, and a deep link gives no other clue. `/admin/pets/7` → `['/admin/']`. For a path that
 * is no route of the app, every folder above it, deepest first: the caller keeps the first one
 * that holds a config.json.
 */
export function candidateBasePaths(pathname: string): string[] {
  const segments = pathname.split('/');
  for (let index = segments.length - 1; index >= 1; index--) {
    // Routes are at most two segments deep.
    if (ROUTE_ROOTS.has(segments[index]!) && segments.length - index <= 2) {
      return [`${segments.slice(0, index).join('/')}/`];
    }
  }
  return segments.slice(0, -1).map((_, index, folders) => `${folders.slice(0, folders.length - index).join('/')}/`);
}
