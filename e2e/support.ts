import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type APIRequestContext, type Page, type Route } from '@playwright/test';
import { jsonCodec } from '../contract/json.ts';
import type { components } from '../contract/schema.gen.ts';
import { API_BASE_URL, API_KEY } from './env.ts';

export { expect };
export * from './env.ts';

export const ENVIRONMENT = 'Local test service';

type Pet = components['schemas']['Pet'];
type NewPet = components['schemas']['NewPet'];

const json = jsonCodec();

/** Adds a pet straight through the API, for tests that need data to look at. */
export async function createPetViaApi(
  request: APIRequestContext,
  pet: Omit<NewPet, 'categoryId'> & { categoryId?: NewPet['categoryId'] },
): Promise<Pet> {
  const response = await request.post(`${API_BASE_URL}/pets`, {
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    data: json.stringify({ categoryId: 1, ...pet }),
  });
  expect(response.status()).toBe(201);
  return json.parse(await response.text()) as Pet;
}

/** A name no other test uses, so parallel tests never see each other's pets as theirs. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs in through the sign-in screen, as staff do. */
export async function signIn(page: Page, { key = API_KEY, path = 'pets' }: { key?: string; path?: string } = {}) {
  await page.goto(path);
  await page.getByLabel('Environment').selectOption(ENVIRONMENT);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(violations).toEqual([]);
}

/** Every request the page sends to the pets API, as URLs. */
export function recordApiRequests(page: Page): URL[] {
  const requests: URL[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(API_BASE_URL) && request.method() !== 'OPTIONS') requests.push(new URL(request.url()));
  });
  return requests;
}

export const test = base.extend<{ consoleMessages: string[] }>({
  consoleMessages: async ({ page }, use) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    await use(messages);
  },
});

/** A route handler that answers POSTs with `fault` and lets every other method through. */
export const onPost = (fault: Parameters<Route['fulfill']>[0]) => (route: Route) =>
  route.request().method() === 'POST' ? route.fulfill(fault) : route.fallback();
