/** Every client route, in one place. */
export const paths = {
  signIn: '/sign-in',
  pets: '/pets',
  addPet: '/pets/new',
  pet: (id: string | bigint) => `/pets/${id}`,
  petPattern: '/pets/:petId',
  messages: '/messages',
} as const;

/**
 * A `next` target is only ever a path of this app, never another site. Browsers drop tabs and line
 * breaks from URLs (`/\t/evil.example` is `//evil.example`) and read `\` as `/`, so a target holding
 * any of them, or any other control character, is refused.
 */
export function safeNextPath(next: string | null): string | undefined {
  // eslint-disable-next-line no-control-regex
  return next && next.startsWith('/') && !next.startsWith('//') && !/[\\\u0000-\u001f\u007f]/.test(next)
    ? next
    : undefined;
}

const BASE = import.meta.env.BASE_URL;

/** The browser's address of an app path: `/pets` is `/admin/pets` in a build for `/admin/`. */
export const browserPath = (path: string) => `${BASE.replace(/\/$/, '')}${path}`;

/** The app path of the browser's address, the inverse of `browserPath`. */
export const appPath = (pathname: string) => (pathname.startsWith(BASE) ? `/${pathname.slice(BASE.length)}` : pathname);
