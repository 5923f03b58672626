// Interaction latency in Chromium with the CPU slowed 4× (DevTools protocol), on a settled page (its
// requests done, the idle prefetches included: see settle): from the user's input to the frame that
// shows its result, measured in the page with performance.now() and the frame after the DOM settles.
// A list may be drawn in two steps (a screenful, then the rest; see pets-table.tsx): filter, page
// size, sort and search time the first step, which is what the person sees; wholeFilter times both.
// Typing is timed by the browser instead (Event Timing, real keys): see timeTyping.
//
// The timers read the table on screen, found as a person finds it: by role, not by markup that one
// build of the table has and another not (builds up to 7a84a9b keep a leaving list's table in the
// page, hidden, until the new one is drawn whole; later ones may not). `npm run bench:ab` compares
// builds of both kinds with these timers.
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { chromePath, type BenchEnvironment } from './environment.ts';

export interface InteractionResult {
  interaction: string;
  runs: number;
  medianMs: number;
  worstMs: number;
}

// Single runs on a shared machine range from a third to twice the median: 15 keep the median steady.
const RUNS = 15;

/**
 * What shows the result: every status cell saying `status` (and `count` rows, when given), `count`
 * rows, or every name containing `name`.
 */
type Expected =
  { status: string; count?: number } | { count: number } | { firstNameNot: string } | { namesContain: string };

/**
 * Starts an interaction in the page (`act`) and resolves with the time until the table shows what
 * `want` says, is no longer busy, and that frame has been painted.
 */
function timeTable(page: Page, act: 'select' | 'click' | 'type', target: string, value: string, want: Expected) {
  return page.evaluate(
    ([act, target, value, want]) =>
      new Promise<number>((resolve) => {
        // No named helpers in here: tsx would wrap them in a __name() the page does not have.
        const observer = new MutationObserver(() => {
          // The table on screen: not one out of the accessibility tree, as a list leaving the page
          // may be, nor hidden (content-visibility, display), which only a second table needs asking:
          // asking reads the style, work of its own. Its rows are those of every body, placeholders
          // (aria-hidden skeleton rows) left out.
          const tables = Array.from(document.querySelectorAll('table')).filter(
            (candidate) => !candidate.closest('[aria-hidden="true"]'),
          );
          const table = tables.length > 1 ? tables.find((candidate) => candidate.checkVisibility()) : tables[0];
          if (!table) return;
          const rows = Array.from(table.querySelectorAll('tbody tr')).filter(
            (row) => row.getAttribute('aria-hidden') !== 'true',
          ) as HTMLTableRowElement[];
          const names = rows.map((row) => row.cells[1]?.textContent ?? '');
          const ready =
            'status' in want
              ? rows.length === (want.count ?? rows.length) &&
                rows.length > 0 &&
                rows.every((row) => row.cells[3]?.textContent === want.status)
              : 'count' in want
                ? rows.length === want.count
                : 'firstNameNot' in want
                  ? names.length > 0 && names[0] !== want.firstNameNot
                  : names.length > 0 && names.every((name) => name.includes(want.namesContain));
          if (table.getAttribute('aria-busy') === 'true' || !ready) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(document.querySelector('main') ?? document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        // The control on screen, should a hidden table have one too.
        const element = Array.from(document.querySelectorAll(target)).find((candidate) =>
          candidate.checkVisibility(),
        ) as HTMLInputElement | HTMLSelectElement | HTMLButtonElement;
        const start = performance.now();
        if (act === 'click') {
          (element as HTMLButtonElement).click();
        } else if (act === 'select') {
          element.value = value;
          element.dispatchEvent(new Event('change', { bubbles: true }));
        } else {
          // As a keystroke does: the value React tracks is set natively, then `input` fires.
          Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
          element.dispatchEvent(new Event('input', { bubbles: true }));
        }
      }),
    [act, target, value, want] as const,
  );
}

/**
 * A keystroke whose matches are the rows already drawn (a trailing space): no row changes, so what it
 * measures is the page's render and a frame. React renders a keystroke in its input event, so the
 * page is final when the event returns.
 */
function timeKeystrokeAlone(page: Page, value: string) {
  return page.evaluate(
    (value) =>
      new Promise<number>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
        // Every row in the page, on screen or not: a keystroke that changes none changes none of these.
        const rows = [...document.querySelectorAll('tbody tr')];
        const start = performance.now();
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        requestAnimationFrame(() =>
          setTimeout(() => {
            const time = performance.now() - start;
            const now = document.querySelectorAll('tbody tr');
            if (now.length !== rows.length || rows.some((row, i) => now[i] !== row)) {
              reject(new Error('a row changed'));
              return;
            }
            resolve(time);
          }, 0),
        );
      }),
    value,
  );
}

/**
 * Types `text` into the empty search box as a person does, a real key every `delayMs`, and resolves
 * with the slowest key's duration by Event Timing: what Chrome reports as INP, from the key to the
 * frame presented (in steps of 8 ms; keys under 16 ms are not reported). Every pet is read first.
 */
async function timeTyping(page: Page, text: string, delayMs: number) {
  const box = page.getByRole('searchbox', { name: 'Search by name' });
  await box.fill(text.slice(0, 2));
  await page.getByRole('button', { name: 'Stop searching' }).waitFor({ state: 'detached' });
  await box.fill('');
  await page.waitForURL((url) => !url.searchParams.has('q'));
  await settle(page);
  await page.evaluate(() => {
    const slowest = new Map<number, number>();
    Object.assign(window, { slowestKeys: slowest });
    // Event Timing's fields that this TypeScript's DOM types lack (interactionId, durationThreshold).
    type KeyTiming = { interactionId?: number; duration: number };
    const options = { type: 'event', durationThreshold: 16 };
    new PerformanceObserver((list) => {
      for (const { interactionId, duration } of list.getEntries() as KeyTiming[]) {
        if (interactionId) slowest.set(interactionId, Math.max(slowest.get(interactionId) ?? 0, duration));
      }
    }).observe(options);
  });
  await box.pressSequentially(text, { delay: delayMs });
  // Event Timing reports a key once its frame is presented: well within a second.
  await page.waitForTimeout(1000);
  return page.evaluate(() =>
    Math.max(0, ...(window as unknown as { slowestKeys: Map<number, number> }).slowestKeys.values()),
  );
}

async function timeSubmit(page: Page, name: string): Promise<number> {
  const button = await page.getByRole('button', { name: 'Add pet' }).elementHandle();
  return page.evaluate(
    ([element, petName]) =>
      new Promise<number>((resolve) => {
        const start = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('h1')?.textContent !== petName) return;
          if (!document.querySelector('dl[aria-busy="false"]')) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
        (element as HTMLButtonElement).click();
      }),
    [button, name] as const,
  );
}

/**
 * Opens where an interaction starts, and waits until it has settled: `rows` rows shown, every pet
 * read when it is a search, and the page idle with no request under way for a while.
 */
async function open(page: Page, url: string, { rows, search }: Interaction['start']) {
  await page.goto(url);
  if (rows > 0) {
    await shownRows(page)
      .nth(rows - 1)
      .waitFor();
  }
  if (search) await page.getByRole('button', { name: 'Stop searching' }).waitFor({ state: 'detached' });
  await settle(page);
}

/** The requests under way in each bench page, and when that last changed (`performance.now()`). */
const underWay = new WeakMap<Page, { open: Set<Request>; since: number }>();

function trackRequests(page: Page) {
  const requests = { open: new Set<Request>(), since: performance.now() };
  const change = (done: boolean) => (request: Request) => {
    if (done) requests.open.delete(request);
    else requests.open.add(request);
    requests.since = performance.now();
  };
  page.on('request', change(false));
  page.on('requestfinished', change(true));
  page.on('requestfailed', change(true));
  underWay.set(page, requests);
}

const QUIET_MS = 500;
const SETTLE_LIMIT_MS = 15_000;

const idle = (page: Page) => page.evaluate(() => new Promise<void>((resolve) => requestIdleCallback(() => resolve())));

/**
 * Waits until the browser has been idle and no request has been under way for half a second: the
 * app's idle work (the other statuses' lists, the screens' code) is done. Playwright's `networkidle`
 * is not that: it is met once per page load, often as soon as the rows are drawn, while the app
 * starts that work when the browser is next idle, after the rows. On a slow machine an interaction
 * was timed beside it: a filter that found its status not yet read, and waited for the service.
 * The half second is counted from an idle moment, as the app's idle work may start then.
 */
async function settle(page: Page) {
  const requests = underWay.get(page)!;
  const started = performance.now();
  for (;;) {
    await idle(page);
    const since = requests.since;
    await page.waitForTimeout(QUIET_MS);
    await idle(page);
    if (requests.open.size === 0 && requests.since === since) return;
    if (performance.now() - started > SETTLE_LIMIT_MS) {
      const open = [...requests.open].map((request) => request.url()).join(', ');
      throw new Error(`The page did not settle within ${SETTLE_LIMIT_MS / 1000} s; under way: ${open || 'none'}`);
    }
  }
}

/** The rows of the table on screen (a hidden table is out of the accessibility tree, so not found by role). */
const shownRows = (page: Page) => page.getByRole('table').locator('tbody tr');

const selectLabelled = async (page: Page, label: string) =>
  `select[id="${await page.getByLabel(label, { exact: true }).getAttribute('id')}"]`;

interface Interaction {
  label: string;
  /**
   * Where it starts, relative to the app's root; how many rows that page shows once settled (0: no
   * list); whether it is a search, which reads every pet first.
   */
  start: { path: string; rows: number; search?: boolean };
  /** Times it on the settled page (`run` counts from 0). */
  time(page: Page, run: number): Promise<number>;
}

/** Every interaction the bench times, by name (`npm run bench:ab` takes these names too). */
export const INTERACTIONS = {
  filter: {
    label: 'status filter, 100-row table → new rows painted',
    start: { path: 'pets?limit=100&status=available', rows: 100 },
    time: async (page) => timeTable(page, 'select', await selectLabelled(page, 'Status'), 'sold', { status: 'Sold' }),
  },
  wholeFilter: {
    label: 'the same, until all 100 rows are in the page',
    start: { path: 'pets?limit=100&status=available', rows: 100 },
    time: async (page) =>
      timeTable(page, 'select', await selectLabelled(page, 'Status'), 'sold', { status: 'Sold', count: 100 }),
  },
  pageSize: {
    label: 'page size 100 → 50 → new rows painted',
    start: { path: 'pets?limit=100', rows: 100 },
    time: async (page) => timeTable(page, 'select', await selectLabelled(page, 'Rows per page'), '50', { count: 50 }),
  },
  sort: {
    label: 'sort by name, 100 rows → sorted rows painted',
    start: { path: 'pets?limit=100', rows: 100 },
    time: async (page) => {
      const firstName = (await shownRows(page).first().locator('td').nth(1).textContent()) ?? '';
      // By position, not by the `col-name` class: `bench:ab` times builds made before it too.
      return timeTable(page, 'click', 'th:nth-child(2) button', '', { firstNameNot: firstName });
    },
  },
  // Every pet loaded by a search for "Bench pet 1", then one more keystroke narrows it.
  search: {
    label: 'search keystroke over 5,000 loaded pets → matches painted',
    start: { path: 'pets?limit=100&q=Bench+pet+1', rows: 100, search: true },
    time: (page) => timeTable(page, 'type', 'input[type="search"]', 'Bench pet 12', { namesContain: 'Bench pet 12' }),
  },
  searchAlone: {
    label: 'the same keystroke, no row changed (the page alone)',
    start: { path: 'pets?limit=100&q=Bench+pet+1', rows: 100, search: true },
    time: (page) => timeKeystrokeAlone(page, 'Bench pet 1 '),
  },
  // A search typed at a person's pace: its first key turns the list into a search's matches, and the
  // keys that change the list may come while the rest of the list before them is still being drawn.
  // One keystroke on a settled page meets neither.
  typing: {
    label: 'typing “Bench pet 12”, a key every 150 ms → slowest key (Event Timing)',
    start: { path: 'pets?limit=100', rows: 100 },
    time: (page) => timeTyping(page, 'Bench pet 12', 150),
  },
  submit: {
    label: 'add-pet submit → new pet on screen (a request and a page)',
    start: { path: 'pets/new', rows: 0 },
    time: async (page, run) => {
      const name = `Timed pet ${run} ${Date.now()}`;
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Category ID').fill('3');
      return timeSubmit(page, name);
    },
  },
} satisfies Record<string, Interaction>;

export type InteractionName = keyof typeof INTERACTIONS;

/** A page signed in to the bench's service, its CPU slowed 4×. */
export async function openBenchPage(context: BrowserContext, env: BenchEnvironment) {
  await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
    env.session.key,
    env.session.value,
  ] as const);
  const page = await context.newPage();
  trackRequests(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return page;
}

/** Opens where `interaction` starts on the app at `appUrl` (a list settled, see `open`) and times it. */
export async function timeInteraction(page: Page, appUrl: string, name: InteractionName, run: number) {
  const interaction: Interaction = INTERACTIONS[name];
  await open(page, appUrl + interaction.start.path, interaction.start);
  return interaction.time(page, run);
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

export async function measureInteractions(env: BenchEnvironment): Promise<InteractionResult[]> {
  const browser = await chromium.launch({ executablePath: chromePath() });
  const times = Object.fromEntries(Object.keys(INTERACTIONS).map((name) => [name, [] as number[]]));
  try {
    const page = await openBenchPage(await browser.newContext(), env);
    for (let run = 0; run < RUNS; run++) {
      for (const name of Object.keys(INTERACTIONS) as InteractionName[]) {
        times[name]!.push(await timeInteraction(page, env.appUrl, name, run));
      }
    }
  } finally {
    await browser.close();
  }
  return Object.entries(INTERACTIONS).map(([name, interaction]: [string, Interaction]) => ({
    interaction: interaction.label,
    runs: times[name]!.length,
    medianMs: Math.round(median(times[name]!)),
    worstMs: Math.round(Math.max(...times[name]!)),
  }));
}

export function printInteractions(results: InteractionResult[]) {
  console.table(
    results.map(({ interaction, medianMs, worstMs }) => ({ interaction, 'median ms': medianMs, 'worst ms': worstMs })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { startBenchEnvironment } = await import('./environment.ts');
  const env = await startBenchEnvironment();
  try {
    printInteractions(await measureInteractions(env));
  } finally {
    await env.close();
  }
}
