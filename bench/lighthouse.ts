import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { chromePath, type BenchEnvironment } from './environment.ts';

export type Preset = 'mobile' | 'desktop';

export interface LighthouseResult {
  page: string;
  preset: Preset;
  performance: number;
  accessibility: number;
  bestPractices: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that kept accessibility or best practices below 1, to say what to fix. */
  failing: string[];
  /**
   * How fast the machine ran Lighthouse's own small JavaScript benchmark before the page, unthrottled
   * (`lhr.environment.benchmarkIndex`; higher is faster; Lighthouse calls a host under 1,000 slow).
   * The machine is shared: this tells a slower run from a slower app.
   */
  benchmarkIndex: number;
  /** What dominates: the LCP element, and its time before the first byte and after it until painted. */
  lcp: { element: string; ttfbMs: number; renderDelayMs: number };
  /** The main thread's work over the load by kind ('mainthread-work-breakdown'), largest first. */
  mainThread: Share[];
  /** The files whose JavaScript kept the main thread longest ('bootup-time': running, compiling and parsing it). */
  scripts: Share[];
}

/** A part of the load's main-thread time: a kind of work, or a script by its file name. */
export interface Share {
  name: string;
  ms: number;
}

type Audits = Result['audits'];

/** The rows of an audit's table, or of the tables in its list (the LCP element's audit has two). */
function auditRows(audits: Audits, id: string): Record<string, unknown>[] {
  const details = audits[id]?.details;
  if (details?.type === 'table') return details.items as Record<string, unknown>[];
  if (details?.type === 'list') {
    return details.items.flatMap((item) => (item.type === 'table' ? (item.items as Record<string, unknown>[]) : []));
  }
  return [];
}

function whereTheTimeGoes({
  audits,
  mainDocumentUrl,
}: Result): Pick<LighthouseResult, 'lcp' | 'mainThread' | 'scripts'> {
  const lcpRows = auditRows(audits, 'largest-contentful-paint-element');
  const lcpAudit = audits['largest-contentful-paint-element'];
  const node = lcpRows.find((row) => row['node'])?.['node'] as { nodeLabel?: string; selector?: string } | undefined;
  const phase = (name: string) => Number(lcpRows.find((row) => row['phase'] === name)?.['timing'] ?? NaN);
  return {
    lcp: {
      // Once in a bench run the audit gave no element; say what Lighthouse said instead.
      element:
        node?.nodeLabel ??
        node?.selector ??
        `none: ${lcpAudit?.errorMessage ?? lcpAudit?.explanation ?? `no node (${lcpAudit?.scoreDisplayMode})`}`,
      ttfbMs: phase('TTFB'),
      renderDelayMs: phase('Render Delay'),
    },
    mainThread: auditRows(audits, 'mainthread-work-breakdown')
      .map((row) => ({ name: String(row['groupLabel']), ms: Number(row['duration']) }))
      .sort((a, b) => b.ms - a.ms),
    scripts: auditRows(audits, 'bootup-time')
      .map((row) => ({
        name: row['url'] === mainDocumentUrl ? 'document' : (String(row['url']).split('/').at(-1) ?? ''),
        ms: Number(row['scripting']) + Number(row['scriptParseCompile']),
      }))
      .sort((a, b) => b.ms - a.ms),
  };
}

/**
 * Each page as a visit that can happen. A first visit comes with an empty cache: the sign-in screen.
 * A signed-in page is a return visit: the session lives in one tab's sessionStorage, and that tab
 * signed in, so it fetched the app's code (cached for a year) then; a reload or a link opened in a
 * copy of that tab finds it cached. The pets table is measured as a first visit too, the case of no
 * real visit (a cache emptied under a live session), so that the cost of the code stays in sight.
 */
export const LIGHTHOUSE_PAGES = [
  { name: 'sign-in', path: 'sign-in', signedIn: false, visit: 'first' },
  { name: 'pets table', path: 'pets?limit=100', signedIn: true, visit: 'return' },
  { name: 'pets table, empty cache', path: 'pets?limit=100', signedIn: true, visit: 'first' },
  { name: 'add-pet form', path: 'pets/new', signedIn: true, visit: 'return' },
] as const;
type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];

/** One Chromium for Lighthouse runs, each of one page of a build (`appUrl`) with a preset. */
export interface LighthouseBrowser {
  run(
    appUrl: string,
    session: BenchEnvironment['session'],
    target: LighthousePage,
    preset: Preset,
  ): Promise<LighthouseResult>;
  close(): Promise<void>;
}

/**
 * How Lighthouse slows the page: `simulate` (its default, Lantern) loads the page at full speed and
 * computes what a slow phone would have seen; `devtools` slows Chromium's network and CPU for real.
 * Lantern may count a request that started before the paint as one the paint waited for, so code
 * asked for early (as the boot script does) can read as a later LCP there and not in a slowed browser.
 * `LIGHTHOUSE_THROTTLING=devtools` picks the real one.
 */
export function throttlingMethod(): 'simulate' | 'devtools' {
  const method = process.env['LIGHTHOUSE_THROTTLING'] ?? 'simulate';
  if (method !== 'simulate' && method !== 'devtools') {
    throw new Error(`LIGHTHOUSE_THROTTLING is "${method}": use simulate or devtools`);
  }
  return method;
}

export async function openLighthouse(): Promise<LighthouseBrowser> {
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    // Root in a container has no sandbox; the rest keeps Chromium off a network it cannot reach.
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
    ],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  return {
    async run(appUrl, session, target, preset) {
      const page = await browser.newPage();
      if (target.signedIn) {
        await page.evaluateOnNewDocument(
          (key, value) => sessionStorage.setItem(key, value),
          session.key,
          session.value,
        );
      }
      // A return visit: the page once before, its code then in the cache, which Lighthouse keeps.
      // A first visit: Lighthouse empties the browser's cache and the origin's storage (its default).
      if (target.visit === 'return') await page.goto(`${appUrl}${target.path}`, { waitUntil: 'networkidle0' });
      const flags: Flags = {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        disableStorageReset: target.visit === 'return',
        throttlingMethod: throttlingMethod(),
      };
      const runner = await lighthouse(
        `${appUrl}${target.path}`,
        flags,
        preset === 'desktop' ? desktopConfig : undefined,
        page,
      );
      await page.close();
      if (!runner) throw new Error(`Lighthouse returned nothing for ${target.name}`);
      const { categories, audits, environment } = runner.lhr;
      const failing = ['accessibility', 'best-practices'].flatMap((category) =>
        (categories[category]?.auditRefs ?? [])
          .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
          .map((ref) => `${category}: ${ref.id}`),
      );
      return {
        page: target.name,
        preset,
        performance: categories['performance']?.score ?? 0,
        accessibility: categories['accessibility']?.score ?? 0,
        bestPractices: categories['best-practices']?.score ?? 0,
        lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
        tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
        cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
        failing,
        benchmarkIndex: environment.benchmarkIndex,
        ...whereTheTimeGoes(runner.lhr),
      };
    },
    async close() {
      await browser.disconnect();
      chrome.kill();
    },
  };
}

/**
 * Runs Lighthouse on each page and preset, one Chromium for all of them; with `runs` above 1, each
 * page's run of median LCP stands for it (the machine is shared: single runs are noisy).
 */
export async function runLighthouse(
  env: BenchEnvironment,
  presets: Preset[],
  runs = 1,
  pages: readonly LighthousePage[] = LIGHTHOUSE_PAGES,
): Promise<LighthouseResult[]> {
  const browser = await openLighthouse();
  const results: LighthouseResult[] = [];
  try {
    for (const preset of presets) {
      for (const target of pages) {
        const attempts: LighthouseResult[] = [];
        for (let run = 0; run < runs; run++) attempts.push(await browser.run(env.appUrl, env.session, target, preset));
        attempts.sort((a, b) => a.lcpMs - b.lcpMs);
        results.push(attempts[Math.floor(attempts.length / 2)]!);
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}
