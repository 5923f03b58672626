// The app and the reference service run on different origins, as in production (CDN + API). The app
// is served by nginx with deploy/nginx.conf: the main suite at a sub-path, a second build at the root.
export const API_BASE_URL = 'http://127.0.0.1:4110/v1';
export const MESSAGES_BASE_URL = 'http://127.0.0.1:4111';
export const APP_ORIGIN = 'http://127.0.0.1:4180';
export const APP_URL = `${APP_ORIGIN}/admin/`;
/** The same app built for `/` (e2e/.builds/root), for the deep-link tests at the root. */
export const ROOT_APP_URL = 'http://127.0.0.1:4181/';
/** Where the redeploy test serves a build it then replaces. */
export const REDEPLOY_ORIGIN = 'http://127.0.0.1:4182';
export const API_KEY = 'e2e-key';
/** The builds the e2e suite makes beside dist/ (see `npm run test:e2e`). */
export const BUILDS = { root: 'e2e/.builds/root', next: 'e2e/.builds/next' };
