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
/** Where the hosting test serves a build from a web root that holds other files too. */
export const SHARED_ROOT_ORIGIN = 'http://127.0.0.1:4185';
export const API_KEY = 'e2e-key';
/** The builds the e2e suite makes beside dist/ (see `npm run test:e2e`). */
export const BUILDS = { root: 'e2e/.builds/root', next: 'e2e/.builds/next' };

/** A pet store service the suite runs the app against, and the app's environment for it. */
export interface Service {
  /** The environment's name in the app's config.json. */
  environment: string;
  apiBaseUrl: string;
  messagesBaseUrl: string;
  /** Where the app is served with a config.json naming this service. */
  appUrl: string;
  /** The reference service's extensions (paging links, idempotency keys) are on, and declared. */
  extensions: boolean;
}

export const REFERENCE_SERVICE: Service = {
  environment: 'Local test service',
  apiBaseUrl: API_BASE_URL,
  messagesBaseUrl: MESSAGES_BASE_URL,
  appUrl: APP_URL,
  extensions: true,
};

/**
 * The reference service with `PETSTORE_PROFILE=spec`: what the spec says and nothing more, as a
 * service built by someone else may be. The same build is served on its own origin, with a
 * config.json that declares nothing (e2e/fixtures/config.spec.json).
 */
export const SPEC_SERVICE: Service = {
  environment: 'Spec-only service',
  apiBaseUrl: 'http://127.0.0.1:4120/v1',
  messagesBaseUrl: 'http://127.0.0.1:4121',
  appUrl: 'http://127.0.0.1:4183/admin/',
  extensions: false,
};

/**
 * The reference service as several machines run it: two instances on one PostgreSQL database
 * behind nginx (server/test/instances.ts), with its own origin and config.json
 * (e2e/fixtures/config.instances.json). The core flows run against it once, at a desk.
 */
export const INSTANCES_SERVICE: Service = {
  environment: 'Two instances on PostgreSQL',
  apiBaseUrl: 'http://127.0.0.1:4130/v1',
  messagesBaseUrl: 'http://127.0.0.1:4131',
  appUrl: 'http://127.0.0.1:4184/admin/',
  extensions: true,
};

/** In config.spec.json: the spec-only service, wrongly said to offer idempotency keys. */
export const SPEC_SERVICE_CLAIMING_IDEMPOTENCY = 'Spec-only service, said to take idempotency keys';

/** Debian's Chromium where Playwright's own browser cannot be downloaded (see README). */
export const LAUNCH_OPTIONS = process.env['CHROME_PATH'] ? { executablePath: process.env['CHROME_PATH'] } : {};
