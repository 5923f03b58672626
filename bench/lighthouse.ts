import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
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
}

export const LIGHTHOUSE_PAGES = [
  { name: 'sign-in', path: 'sign-in', signedIn: false },
  { name: 'pets table', path: 'pets?limit=100', signedIn: true },
  { name: 'add-pet form', path: 'pets/new', signedIn: true },
] as const;

/**
 * Runs Lighthouse on each page and preset, one Chromium for all of them; with `runs` above 1, each
 * page's run of median LCP stands for it (the machine is shared: single runs are noisy).
 */
export async function runLighthouse(env: BenchEnvironment, presets: Preset[], runs = 1): Promise<LighthouseResult[]> {
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
  const results: LighthouseResult[] = [];
  try {
    for (const preset of presets) {
      for (const target of LIGHTHOUSE_PAGES) {
        const attempts: LighthouseResult[] = [];
        for (let run = 0; run < runs; run++) {
          const page = await browser.newPage();
          if (target.signedIn) {
            await page.evaluateOnNewDocument(
              (key, value) => sessionStorage.setItem(key, value),
              env.session.key,
              env.session.value,
            );
          }
          const flags: Flags = {
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
            disableStorageReset: true,
          };
          const runner = await lighthouse(
            `${env.appUrl}${target.path}`,
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
          attempts.push({
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
          });
        }
        attempts.sort((a, b) => a.lcpMs - b.lcpMs);
        results.push(attempts[Math.floor(attempts.length / 2)]!);
      }
    }
  } finally {
    await browser.disconnect();
    chrome.kill();
  }
  return results;
}
