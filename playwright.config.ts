import { defineConfig, devices } from '@playwright/test';
import { API_BASE_URL, API_KEY, APP_ORIGIN, APP_URL, BUILDS, REDEPLOY_ORIGIN, ROOT_APP_URL } from './e2e/env.ts';

const ci = Boolean(process.env['CI']);

export default defineConfig({
  testDir: 'e2e',
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
    baseURL: APP_URL,
    trace: 'retain-on-failure',
    // Debian's Chromium where Playwright's own browser cannot be downloaded (see README).
    launchOptions: process.env['CHROME_PATH'] ? { executablePath: process.env['CHROME_PATH'] } : {},
  },
  webServer: [
    {
      command: 'tsx server/main.ts',
      url: `${API_BASE_URL}/openapi.json`,
      reuseExistingServer: !ci,
      env: {
        PORT: '4110',
        MESSAGES_PORT: '4111',
        PETSTORE_DB: ':memory:',
        PETSTORE_API_KEYS: `${API_KEY},e2e-other-key`,
        CORS_ORIGINS: [APP_ORIGIN, new URL(ROOT_APP_URL).origin, REDEPLOY_ORIGIN].join(','),
        LOG_LEVEL: 'warn',
        // Every browser test comes from 127.0.0.1, some with wrong keys on purpose.
        FAILED_AUTH_MAX: '1000',
      },
    },
    // The built app, served by nginx with the shipped deploy/nginx.conf, as a deployment would.
    // Never reused: an nginx left running would serve the build it copied then, not this one.
    {
      command: 'tsx scripts/nginx.ts serve --dist dist --base /admin/ --port 4180 --config e2e/fixtures/config.json',
      url: `${APP_URL}config.json`,
      reuseExistingServer: false,
    },
    {
      command: `tsx scripts/nginx.ts serve --dist ${BUILDS.root} --base / --port 4181 --config e2e/fixtures/config.json`,
      url: `${ROOT_APP_URL}config.json`,
      reuseExistingServer: false,
    },
  ],
});
