// Interaction latency in Chromium with the CPU slowed 4× (DevTools protocol): from the user's input
// to the paint that shows its result, measured in the page with performance.now() and the frame
// after the DOM settles. Each run starts from a fresh page load, so every change goes to the service.
import { chromium, type Page } from '@playwright/test';
import { chromePath, type BenchEnvironment } from './environment.ts';

export interface InteractionResult {
  interaction: string;
  runs: number;
  medianMs: number;
  worstMs: number;
}

const RUNS = 7;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** What the new rows look like: every status cell saying `status`, or `count` rows. */
type Expected = { status: string } | { count: number };

/** Changes a select in the page and resolves with the time until the expected rows are painted. */
async function timeSelectChange(page: Page, label: string, value: string, expected: Expected): Promise<number> {
  const select = await page.getByLabel(label, { exact: true }).elementHandle();
  return page.evaluate(
    ([element, newValue, want]) =>
      new Promise<number>((resolve) => {
        const table = document.querySelector('table')!;
        const start = performance.now();
        // No named helpers in here: tsx would wrap them in a __name() the page does not have.
        const observer = new MutationObserver(() => {
          const rows = Array.from(table.tBodies[0]!.rows);
          const ready =
            'count' in want
              ? rows.length === want.count
              : rows.length > 0 && rows.every((row) => row.cells[3]?.textContent === want.status);
          if (table.getAttribute('aria-busy') !== 'false' || !ready) return;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        });
        observer.observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
        const selectElement = element as HTMLSelectElement;
        selectElement.value = newValue;
        selectElement.dispatchEvent(new Event('change', { bubbles: true }));
      }),
    [select, value, expected] as const,
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

export async function measureInteractions(env: BenchEnvironment): Promise<InteractionResult[]> {
  const browser = await chromium.launch({ executablePath: chromePath() });
  const context = await browser.newContext();
  await context.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
    env.session.key,
    env.session.value,
  ] as const);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

  const timings: Record<string, number[]> = {
    'status filter, 100-row table → new rows painted': [],
    'page size 100 → 50 → new rows painted': [],
    'add-pet submit → new pet on screen': [],
  };
  const [filter, pageSize, submit] = Object.values(timings) as [number[], number[], number[]];
  try {
    for (let run = 0; run < RUNS; run++) {
      await page.goto(`${env.appUrl}pets?limit=100&status=available`);
      await page.locator('tbody tr').nth(99).waitFor();
      filter.push(await timeSelectChange(page, 'Status', 'sold', { status: 'Sold' }));

      await page.goto(`${env.appUrl}pets?limit=100`);
      await page.locator('tbody tr').nth(99).waitFor();
      pageSize.push(await timeSelectChange(page, 'Rows per page', '50', { count: 50 }));

      await page.goto(`${env.appUrl}pets/new`);
      const name = `Timed pet ${run} ${Date.now()}`;
      await page.getByLabel('Name').fill(name);
      await page.getByLabel('Category ID').fill('3');
      submit.push(await timeSubmit(page, name));
    }
  } finally {
    await browser.close();
  }
  return Object.entries(timings).map(([interaction, values]) => ({
    interaction,
    runs: values.length,
    medianMs: Math.round(median(values)),
    worstMs: Math.round(Math.max(...values)),
  }));
}
