import { defineConfig, devices } from '@playwright/test';
import { API_BASE_URL, API_KEY, APP_ORIGIN, APP_URL } from './e2e/env.ts';

const ci = Boolean(process.env['CI']);

export default defineConfig({
  testDir: 'e2e',
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
        CORS_ORIGINS: APP_ORIGIN,
        LOG_LEVEL: 'warn',
      },
    },
    {
      command: 'tsx scripts/serve-dist.ts',
      url: APP_URL,
      reuseExistingServer: !ci,
      env: { PORT: '4180', BASE_PATH: '/admin/', CONFIG_FILE: 'e2e/fixtures/config.json' },
    },
  ],
});
