import { defineConfig, devices } from '@playwright/test';
import {
  API_KEY,
  APP_ORIGIN,
  BUILDS,
  INSTANCES_SERVICE,
  LAUNCH_OPTIONS,
  REDEPLOY_ORIGIN,
  REFERENCE_SERVICE,
  ROOT_APP_URL,
  SPEC_SERVICE,
  type Service,
} from './e2e/env.ts';

const ci = Boolean(process.env['CI']);

const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };

/** A reference service on `service`'s ports; the `spec` profile is the spec and nothing more. */
function serviceProcess(service: Service, profile: 'reference' | 'spec', appOrigins: string[]) {
  const api = new URL(service.apiBaseUrl);
  return {
    command: 'tsx server/main.ts',
    url: `${service.apiBaseUrl}/pets`,
    // Up once it answers, 401 without a key.
    reuseExistingServer: !ci,
    env: {
      PORT: api.port,
      MESSAGES_PORT: new URL(service.messagesBaseUrl).port,
      PETSTORE_PROFILE: profile,
      PETSTORE_DB: ':memory:',
      PETSTORE_API_KEYS: `${API_KEY},e2e-other-key`,
      PETSTORE_SEED: '1',
      CORS_ORIGINS: appOrigins.join(','),
      LOG_LEVEL: 'warn',
      // Every browser test comes from 127.0.0.1, some with wrong keys on purpose.
      FAILED_AUTH_MAX: '1000',
    },
  };
}

/** Two instances of the reference service on PostgreSQL, behind nginx, on `service`'s ports. */
function instancesProcess(service: Service, appOrigin: string) {
  return {
    command: `tsx server/test/instances.ts --port ${new URL(service.apiBaseUrl).port} --messages-port ${new URL(service.messagesBaseUrl).port}`,
    url: `${new URL(service.apiBaseUrl).origin}/health`,
    reuseExistingServer: !ci,
    // SIGTERM, so that it stops its instances, nginx and the cluster, and deletes the cluster's files.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    env: {
      PETSTORE_API_KEYS: `${API_KEY},e2e-other-key`,
      CORS_ORIGINS: appOrigin,
      PETSTORE_SEED: '1',
      LOG_LEVEL: 'warn',
      FAILED_AUTH_MAX: '1000',
    },
  };
}

/** The built app, served by nginx with the shipped deploy/nginx.conf, as a deployment would. */
function app(dist: string, base: string, url: string, config: string) {
  return {
    command: `tsx scripts/nginx.ts serve --dist ${dist} --base ${base} --port ${new URL(url).port} --config ${config}`,
    url: `${url}config.json`,
    // Never reused: an nginx left running would serve the build it copied then, not this one.
    reuseExistingServer: false,
    // SIGTERM, not Playwright's default SIGKILL, so that it deletes its copy of the build.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
  };
}

export default defineConfig<object, { service: Service }>({
  testDir: 'e2e',
  globalSetup: './e2e/fresh-builds.ts',
  // Screenshots to look at, not a test: `SCREENSHOTS=1 npm run test:e2e -- screens`.
  testIgnore: process.env['SCREENSHOTS'] ? [] : ['screens.spec.ts'],
  fullyParallel: true,
  workers: 2,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: ci ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    ...devices['Desktop Chrome'],
    // A click or a choice that cannot happen fails naming itself, not as the whole test's timeout.
    actionTimeout: 10_000,
    // Recording a trace costs a quarter of the run's time. CI records one of a failed test's retry:
    // where the retry fails too, the trace shows it failing. A run here keeps one of each failure.
    trace: ci ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: LAUNCH_OPTIONS,
  },
  // Every test against the reference service (at a desk, or the size a test sets); the core flows
  // (`@core`) also against a service built to the spec alone, at a desk and on a phone, where the
  // tests tagged `@spec` check what only such a service shows; and the core flows against two
  // instances of the service on one PostgreSQL database, behind nginx.
  projects: [
    { name: 'reference', grepInvert: /@spec\b/, use: { baseURL: REFERENCE_SERVICE.appUrl } },
    { name: 'spec, desk', grep: /@core\b|@spec\b/, use: { service: SPEC_SERVICE, baseURL: SPEC_SERVICE.appUrl } },
    {
      name: 'spec, phone',
      grep: /@core\b|@spec\b/,
      use: { ...PHONE, service: SPEC_SERVICE, baseURL: SPEC_SERVICE.appUrl },
    },
    {
      name: 'two instances on PostgreSQL, desk',
      grep: /@core\b/,
      use: { service: INSTANCES_SERVICE, baseURL: INSTANCES_SERVICE.appUrl },
    },
  ],
  webServer: [
    serviceProcess(REFERENCE_SERVICE, 'reference', [APP_ORIGIN, new URL(ROOT_APP_URL).origin, REDEPLOY_ORIGIN]),
    serviceProcess(SPEC_SERVICE, 'spec', [new URL(SPEC_SERVICE.appUrl).origin]),
    app('dist', '/admin/', REFERENCE_SERVICE.appUrl, 'e2e/fixtures/config.json'),
    app(BUILDS.root, '/', ROOT_APP_URL, 'e2e/fixtures/config.json'),
    app('dist', '/admin/', SPEC_SERVICE.appUrl, 'e2e/fixtures/config.spec.json'),
    instancesProcess(INSTANCES_SERVICE, new URL(INSTANCES_SERVICE.appUrl).origin),
    app('dist', '/admin/', INSTANCES_SERVICE.appUrl, 'e2e/fixtures/config.instances.json'),
  ],
});
