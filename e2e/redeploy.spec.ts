// Deployments gone wrong. A tab opened before a deployment: its index.html names code files the new
// build no longer has. A config.json replaced without the CSP printed for it. Served by nginx from a
// web root of its own, replaced mid-test as a deployment replaces dist/.
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { redeploy, startNginx, type RunningNginx } from '../scripts/nginx.ts';
import {
  BUILDS,
  ENVIRONMENT,
  expect,
  goOffline,
  goOnline,
  REDEPLOY_ORIGIN,
  REFERENCE_SERVICE,
  SPEC_SERVICE,
  test,
  uniqueName,
} from './support.ts';

const APP = `${REDEPLOY_ORIGIN}/admin/`;
let site: RunningNginx;

test.describe.configure({ mode: 'serial' });

test.beforeEach(async () => {
  expect(existsSync(join(BUILDS.next, 'index.html')), 'run `npm run test:e2e`, which builds it').toBe(true);
  site = await startNginx({
    dist: 'dist',
    base: '/admin/',
    port: Number(new URL(REDEPLOY_ORIGIN).port),
    config: await configJson(),
  });
});

test.afterEach(async () => site.stop());

async function configJson() {
  const { readFile } = await import('node:fs/promises');
  return readFile('e2e/fixtures/config.json', 'utf8');
}

async function signIn(page: Page) {
  await page.goto(`${APP}sign-in`);
  await page.getByLabel('Environment').selectOption(ENVIRONMENT);
  await page.getByLabel('API key', { exact: true }).fill('e2e-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signed in on the list, the forms' code not fetched yet (as before the browser is ever idle). */
async function openList(page: Page) {
  await page.addInitScript(() => {
    window.requestIdleCallback = () => 0;
  });
  await signIn(page);
  await expect(page.getByRole('heading', { name: 'Pets', exact: true })).toBeVisible();
  await page.getByLabel('Status').selectOption('Sold');
  await expect(page).toHaveURL(/status=sold/);
}

function countLoads(page: Page) {
  let loads = 0;
  page.on('load', () => loads++);
  return () => loads;
}

test('after a redeploy, a screen whose code is gone reloads once into the new build, still signed in', async ({
  page,
}) => {
  await openList(page);
  const loads = countLoads(page);
  redeploy(site, BUILDS.next);

  await page.getByRole('link', { name: 'Add pet', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
  await expect(page).toHaveURL(`${APP}pets/new`);
  expect(loads()).toBe(1);
  // The new build's code, and the session kept across the reload.
  const scripts = await page
    .locator('script[type=module]')
    .evaluateAll((nodes) => nodes.map((node) => (node as HTMLScriptElement).src));
  expect(scripts.every((src) => existsSync(join(site.siteDir, new URL(src).pathname.replace('/admin/', ''))))).toBe(
    true,
  );
  await expect(page.getByRole('banner')).toContainText(ENVIRONMENT);
  await page.getByLabel('Name').fill('Kept after the update');
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Kept after the update');
});

test('after a redeploy, Export CSV reloads once into the new build, keeping the list, then exports', async ({
  page,
}) => {
  await openList(page);
  const loads = countLoads(page);
  redeploy(site, BUILDS.next);

  // The export's code is loaded on the first click: the old build's file is gone.
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await expect.poll(loads).toBe(1);
  await expect(page).toHaveURL(/status=sold/);
  await expect(page.getByLabel('Status')).toHaveValue('sold');
  await expect(page.getByRole('banner')).toContainText(ENVIRONMENT);

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  expect((await downloading).suggestedFilename()).toMatch(/^pets-.*-sold-.*\.csv$/);
  await expect(page.getByText(/^Exported \d+ pets? to pets-.*-sold-/)).toBeVisible();
  expect(loads()).toBe(1);
});

test('when the code is still missing after that reload, a clear page and no reload loop', async ({ page }) => {
  await openList(page);
  const loads = countLoads(page);
  redeploy(site, BUILDS.next);
  // A broken deployment: the new build's forms are missing too.
  for (const file of readdirSync(join(site.siteDir, 'assets'))) {
    if (file.startsWith('forms-')) rmSync(join(site.siteDir, 'assets', file));
  }

  await page.getByRole('link', { name: 'Add pet', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reload the page' })).toBeVisible();
  // The page says so only once it has decided not to reload again.
  expect(loads()).toBe(1);
  await expect(page.getByText('version next')).toBeVisible();
});

test('a service the CSP does not name: signing in says the setup is at fault, not to wait', async ({ page }) => {
  // The new config.json names another service; nginx still sends the CSP printed for the old one.
  const { apiBaseUrl, messagesBaseUrl } = SPEC_SERVICE;
  writeFileSync(
    join(site.siteDir, 'config.json'),
    JSON.stringify({ environments: [{ name: 'Moved service', apiBaseUrl, messagesBaseUrl }] }),
  );
  await page.goto(`${APP}sign-in`);
  await page.getByLabel('API key', { exact: true }).fill('e2e-key');
  await page.getByRole('button', { name: 'Sign in' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(
    "This page's setup does not let it reach Moved service: the Content-Security-Policy it is served with must name",
  );
  await expect(alert).toContainText('Waiting will not help');
  await expect(alert).not.toContainText(/try again|can't be reached/i);
  await expect(page.getByLabel('API key', { exact: true })).toHaveValue('e2e-key');
});

/** Signed in, a pet added while offline: it is kept in this tab. */
async function keepAPet(page: Page, context: BrowserContext, name: string) {
  await signIn(page);
  await page.getByRole('link', { name: 'Add pet', exact: true }).first().click();
  await expect(page.getByRole('heading', { name: 'Add a pet' })).toBeVisible();
  await goOffline(page, context);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Category ID').fill('4');
  await page.getByRole('button', { name: 'Add pet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'kept in this tab' })).toBeVisible();
}

test('a kept pet the CSP keeps from the service: the list says so, and once mended a reload sends it', async ({
  page,
  context,
}) => {
  const name = uniqueName('Refused by CSP');
  await keepAPet(page, context, name);
  // The new config.json moves the environment's service to an address the CSP does not name.
  const original = await configJson();
  const moved = JSON.parse(original) as { environments: { name: string; apiBaseUrl: string; extensions?: string[] }[] };
  const environment = moved.environments.find((each) => each.name === ENVIRONMENT)!;
  environment.apiBaseUrl = SPEC_SERVICE.apiBaseUrl;
  delete environment.extensions;
  writeFileSync(join(site.siteDir, 'config.json'), JSON.stringify(moved));
  // Back online, this page still has the old config.json: the route keeps it from sending the pet
  // before it is left.
  const reachable = `${new URL(REFERENCE_SERVICE.apiBaseUrl).origin}/**`;
  await page.route(reachable, (route) => route.abort('connectionrefused'));
  await goOnline(page, context);
  await page.goto(`${APP}pets`);
  const kept = page.getByRole('region', { name: /^Kept in this tab/ });
  await expect(kept.getByRole('listitem').filter({ hasText: name })).toContainText(
    `Not sent: this page's setup does not let it reach ${ENVIRONMENT}. It stays in this tab: tell whoever deployed the ` +
      'app, and once that is mended, reload this page to send it.',
  );
  await expect(kept).toContainText("1 stopped by this page's setup. Signing out or closing this tab loses it.");

  // As it says: the deployment mended, a reload sends it.
  writeFileSync(join(site.siteDir, 'config.json'), original);
  await page.unroute(reachable);
  await page.reload();
  await expect(page.getByRole('table').getByRole('row').filter({ hasText: name })).toHaveCount(1);
  await expect(kept).toHaveCount(0);
});
