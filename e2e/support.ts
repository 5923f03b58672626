import AxeBuilder from '@axe-core/playwright';
import {
  expect,
  test as base,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
  type Route,
} from '@playwright/test';
import { jsonCodec } from '../contract/json.ts';
import type { components } from '../contract/schema.gen.ts';
import { ownerOf, SESSION_STORAGE_KEY } from '../src/lib/session.ts';
import { API_KEY, REFERENCE_SERVICE, type Service } from './env.ts';

export { expect };
export * from './env.ts';

export const ENVIRONMENT = REFERENCE_SERVICE.environment;

type Pet = components['schemas']['Pet'];
type NewPet = components['schemas']['NewPet'];

const json = jsonCodec();

/** Adds a pet straight through the API, for tests that need data to look at. */
export async function createPetViaApi(
  request: APIRequestContext,
  pet: Omit<NewPet, 'categoryId'> & { categoryId?: NewPet['categoryId'] },
  service: Service = REFERENCE_SERVICE,
): Promise<Pet> {
  const response = await request.post(`${service.apiBaseUrl}/pets`, {
    headers: { authorization: `Bearer ${API_KEY}`, 'content-type': 'application/json' },
    data: json.stringify({ categoryId: 1, ...pet }),
  });
  expect(response.status()).toBe(201);
  return json.parse(await response.text()) as Pet;
}

/** `count` pets at once, each named `prefix` and a unique tail, of `status` where one is given. */
export function createPetsViaApi(
  request: APIRequestContext,
  count: number,
  { prefix, status }: { prefix: string; status?: NewPet['status'] },
): Promise<Pet[]> {
  return Promise.all(
    Array.from({ length: count }, () =>
      createPetViaApi(request, { name: uniqueName(prefix), ...(status && { status }) }),
    ),
  );
}

/** The pets the service lists for `query`, read straight through the API. */
export async function listPetsViaApi(request: APIRequestContext, service: Service, query: string): Promise<Pet[]> {
  const response = await request.get(`${service.apiBaseUrl}/pets?${query}`, {
    headers: { authorization: `Bearer ${API_KEY}` },
  });
  expect(response.status()).toBe(200);
  return json.parse(await response.text()) as Pet[];
}

/** A fulfilled JSON answer whose int64 values stay exact (Playwright's `json` cannot write a bigint). */
export const jsonAnswer = (value: unknown, init: { status?: number; headers?: Record<string, string> } = {}) => ({
  ...init,
  contentType: 'application/json',
  body: json.stringify(value),
});

/** A name no other test uses, so parallel tests never see each other's pets as theirs. */
export const uniqueName = (prefix: string) =>
  `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Signs in through the sign-in screen, as staff do; to `service`'s environment, the reference one unless said. */
export async function signIn(
  page: Page,
  {
    key = API_KEY,
    path = 'pets',
    service = REFERENCE_SERVICE,
  }: { key?: string; path?: string; service?: Service } = {},
) {
  await page.goto(path);
  await page.getByLabel('Environment').selectOption(service.environment);
  await page.getByLabel('API key', { exact: true }).fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/**
 * Opens `path` already signed in, as the sign-in screen leaves a tab: for tests whose subject comes
 * after signing in. The session is the one `signIn` would keep (the same owner, so the same drafts
 * and queue), without the screen and its key check; the heading does not take the focus, as after
 * a reload, and history holds the config file before `path`. Tests of signing in itself use `signIn`.
 */
export async function openSignedIn(
  page: Page,
  { path = 'pets', service = REFERENCE_SERVICE }: { path?: string; service?: Service } = {},
) {
  // Any page of the app's origin holds its sessionStorage; its config is the lightest one.
  await page.goto('config.json');
  const session = { apiKey: API_KEY, environmentName: service.environment };
  await page.evaluate(([name, value]) => sessionStorage.setItem(name, value), [
    SESSION_STORAGE_KEY,
    JSON.stringify({ ...session, owner: ownerOf(session) }),
  ] as const);
  await page.goto(path);
}

export async function expectNoAxeViolations(page: Page) {
  // Legacy mode scans the page only. By default the builder opens a blank page after each scan to
  // gather frames' results, which doubles a scan's time; the app has no frames. (axe-core-npm's
  // error-handling notes deprecate the option, to go in v5: then the default is what is left.)
  const results = await new AxeBuilder({ page }).setLegacyMode().analyze();
  const violations = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(violations).toEqual([]);
}

/** Every request the page sends to the pets API, as URLs. */
export function recordApiRequests(page: Page, service: Service = REFERENCE_SERVICE): URL[] {
  const requests: URL[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(service.apiBaseUrl) && request.method() !== 'OPTIONS') {
      requests.push(new URL(request.url()));
    }
  });
  return requests;
}

/**
 * Tests tagged `@core` run against every service of the suite, at desk and phone sizes (the
 * projects of playwright.config.ts): they take `service` and leave the window's size to the project.
 */
export const test = base.extend<{ consoleMessages: string[] }, { service: Service }>({
  service: [REFERENCE_SERVICE, { option: true, scope: 'worker' }],
  // The app's requests on their way, counted in each page (`requestsOnTheWay`).
  context: async ({ context }, use) => {
    await context.addInitScript(() => {
      const counted = window as unknown as { requestsOnTheWay: number };
      counted.requestsOnTheWay = 0;
      const send = window.fetch.bind(window);
      window.fetch = async (...args: Parameters<typeof fetch>) => {
        counted.requestsOnTheWay += 1;
        try {
          return await send(...args);
        } finally {
          counted.requestsOnTheWay -= 1;
        }
      };
    });
    await use(context);
  },
  consoleMessages: async ({ page }, use) => {
    const messages: string[] = [];
    page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
    await use(messages);
  },
});

/** From now on the service refuses the key the tests sign in with (as if it had been revoked). */
export async function revokeKey(page: Page, service: Service = REFERENCE_SERVICE) {
  for (const url of [`${service.apiBaseUrl}/**`, `${service.messagesBaseUrl}/**`]) {
    await page.route(url, (route) =>
      route.request().headers()['authorization'] === `Bearer ${API_KEY}`
        ? route.fulfill({
            status: 401,
            json: { code: 'unauthorized', message: 'The API key is not accepted.', status: 401 },
          })
        : route.fallback(),
    );
  }
}

/** A route handler that answers POSTs with `fault` and lets every other method through. */
export const onPost = (fault: Parameters<Route['fulfill']>[0]) => (route: Route) =>
  route.request().method() === 'POST' ? route.fulfill(fault) : route.fallback();

/**
 * The browser loses its connection: requests fail and `offline` fires. Chromium in a network
 * namespace with loopback alone reports `navigator.onLine` false from the start and fires neither
 * event on `setOffline`; there the events a connected browser fires are fired here.
 */
export async function goOffline(page: Page, context: BrowserContext) {
  const firesEvents = await page.evaluate(() => navigator.onLine);
  await context.setOffline(true);
  if (!firesEvents) await page.evaluate(() => window.dispatchEvent(new Event('offline')));
}

export async function goOnline(page: Page, context: BrowserContext) {
  await context.setOffline(false);
  if (!(await page.evaluate(() => navigator.onLine)))
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
}

/** The page's time: its clock's, once the test has installed one. */
export const pageTime = (page: Page) => page.evaluate(() => Date.now());

/**
 * How many of the app's requests are sent and not yet answered, counted in the page, in step with
 * its clock (the browser's network events reach the test later).
 */
export const requestsOnTheWay = (page: Page) =>
  page.evaluate(() => (window as unknown as { requestsOnTheWay?: number }).requestsOnTheWay ?? 0);

/**
 * Runs the page's clock on, `step` at a time, until `done()` is true or `within` of the page's time
 * has passed; whether `done()` came true. The app's tries again and their backoff happen in the
 * page's time, not the test's. The clock moves only while none of the app's requests is on its
 * way: one answered slowly in real time (a loaded machine) would otherwise meet the page's time
 * limit, and fail as no answer.
 */
export async function runClockUntil(
  page: Page,
  done: () => Promise<boolean> | boolean,
  { step = 1_000, within = 60_000 } = {},
): Promise<boolean> {
  let ran = 0;
  let came = false;
  await expect
    .poll(
      async () => {
        came = await done();
        if (came || ran >= within) return true;
        if ((await requestsOnTheWay(page)) === 0) {
          await page.clock.fastForward(step);
          ran += step;
        }
        return false;
      },
      { intervals: [50], timeout: 30_000 },
    )
    .toBe(true);
  return came;
}

/** Runs the page's clock on (`runClockUntil`) until `locator` shows, which it must within `within`. */
export async function untilVisible(
  page: Page,
  locator: Locator,
  { step = 1_000, within = 60_000 }: { step?: number; within?: number } = {},
) {
  const shown = await runClockUntil(page, () => locator.isVisible(), { step, within });
  expect(shown, `${locator.toString()} to show within ${within / 1000} s of the page's time`).toBe(true);
}

/**
 * Holds the export's code, loaded on the first click of Export CSV, until the returned function
 * lets it through: the export shows as in progress meanwhile, and no request of the app's own is
 * held, so no time limit runs out.
 */
export async function holdExportCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/run-export-[^/]*\.js$/, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

/**
 * What a screen reader reads of `field`'s description as the focus next lands on it (a form that
 * moves the focus to a field it marks wrong must have drawn the error by then).
 */
export async function describedOnFocus(field: Locator): Promise<() => Promise<string | null>> {
  await field.evaluate((element) =>
    element.addEventListener('focus', () => {
      element.dataset['describedOnFocus'] = (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
    }),
  );
  return () => field.getAttribute('data-described-on-focus');
}

/** Whether `word`, in the element's text, is drawn left to right: its first letter left of its last. */
export function drawnLeftToRight(element: Locator, word: string) {
  return element.evaluate((root, word) => {
    const texts = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let text = texts.nextNode(); text; text = texts.nextNode()) {
      const at = text.textContent!.indexOf(word);
      if (at < 0) continue;
      const left = (offset: number) => {
        const letter = document.createRange();
        letter.setStart(text, offset);
        letter.setEnd(text, offset + 1);
        return letter.getBoundingClientRect().left;
      };
      return left(at) < left(at + word.length - 1);
    }
    throw new Error(`“${word}” is not in “${root.textContent}”`);
  }, word);
}
