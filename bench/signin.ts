// `npm run bench:signin -- <build A> <build B> [rounds]`: when a person can be signed in, on a real
// (throttled) network rather than Lighthouse's simulation of one. Two builds served as
// `npm run bench:ab` serves them, alternated in rounds; each sign-in in a fresh browser context (an
// empty cache), its network throttled by Chromium itself (DevTools' Network.emulateNetworkConditions)
// and its CPU slowed as a phone's. From the navigation's start it times:
//   - the first contentful paint: the sign-in screen (prerendered, it needs no JavaScript);
//   - the key typed: into the key field as soon as it is painted, and Enter pressed at once (before
//     the app runs, the page holds that submit and the app sends it);
//   - the app's code ready: `data-app="ready"` on the document element, set as the app mounts;
//   - signed in: the pets list's heading painted;
//   - listed: the list's first pet painted (a build may paint the heading before the rows).
// Builds up to 7a84a9b ask for the app's code only after the first paint, so that the paint has the
// network to itself; this tells whether that wait lets a person sign in sooner or later.
//
// The profiles are applied as DevTools and Lighthouse apply them, per request: a round trip of
// latency stands for the several a new connection costs (× 3.75), throughput at 90 % (Lighthouse's
// DEVTOOLS_*_ADJUSTMENT_FACTOR). Slow 4G is Lighthouse's own mobile profile, CPU slowdown included.
import { chromium, type Browser } from '@playwright/test';
import { throttling } from 'lighthouse/core/config/constants.js';
import { elapsed, inTurn, parseBuilds, printComparison, type Figure } from './compare.ts';
import { BENCH_API_KEY, chromePath, startBenchEnvironment } from './environment.ts';

/** A round took 50 s (both builds on both profiles): 9 rounds keep a run under 10 minutes. */
const DEFAULT_ROUNDS = 9;
const { mobileSlow4G, DEVTOOLS_RTT_ADJUSTMENT_FACTOR, DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR } = throttling;

interface Profile {
  name: string;
  requestLatencyMs: number;
  downloadKbps: number;
  uploadKbps: number;
}

const PROFILES: Profile[] = [
  {
    name: `Slow 4G (${mobileSlow4G.rttMs} ms, ${(mobileSlow4G.throughputKbps / 1024).toFixed(1)} Mbit/s)`,
    requestLatencyMs: mobileSlow4G.requestLatencyMs,
    downloadKbps: mobileSlow4G.downloadThroughputKbps,
    uploadKbps: mobileSlow4G.uploadThroughputKbps,
  },
  {
    name: 'slower (400 ms, 400 kbit/s)',
    requestLatencyMs: 400 * DEVTOOLS_RTT_ADJUSTMENT_FACTOR,
    downloadKbps: 400 * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
    uploadKbps: 400 * DEVTOOLS_THROUGHPUT_ADJUSTMENT_FACTOR,
  },
];
const CPU_SLOWDOWN = mobileSlow4G.cpuSlowdownMultiplier;

/** Times in ms from the navigation's start, as the page's clock gives them. */
interface SignIn {
  firstPaint: number;
  typed: number;
  appReady: number;
  signedIn: number;
  listed: number;
}

/** What the page records of itself (an init script: it runs before the page's own scripts). */
type Marks = Partial<Omit<SignIn, 'firstPaint'>>;

async function signIn(browser: Browser, appUrl: string, profile: Profile): Promise<SignIn> {
  // A phone's screen, as Lighthouse's mobile preset emulates it.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    // No named helpers in here: tsx would wrap them in a __name() the page does not have.
    await context.addInitScript(() => {
      const marks: Marks = {};
      Object.assign(window, { signInMarks: marks });
      document.addEventListener('input', () => (marks.typed ??= performance.now()), true);
      new MutationObserver((_, observer) => {
        if (marks.appReady === undefined && document.documentElement.getAttribute('data-app') === 'ready') {
          marks.appReady = performance.now();
        }
        // Painted: the frame after it is in the page, as the interaction timers count.
        if (
          marks.signedIn === undefined &&
          Array.from(document.querySelectorAll('h1')).some((heading) => heading.textContent === 'Pets')
        ) {
          marks.signedIn = NaN;
          requestAnimationFrame(() => setTimeout(() => (marks.signedIn = performance.now()), 0));
        }
        if (marks.listed === undefined && document.querySelector('tbody tr:not([aria-hidden="true"]) a')) {
          marks.listed = NaN;
          observer.disconnect();
          requestAnimationFrame(() => setTimeout(() => (marks.listed = performance.now()), 0));
        }
      }).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: profile.requestLatencyMs,
      // DevTools counts bytes per second.
      downloadThroughput: Math.floor((profile.downloadKbps * 1024) / 8),
      uploadThroughput: Math.floor((profile.uploadKbps * 1024) / 8),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });

    await page.goto(`${appUrl}sign-in`, { waitUntil: 'commit' });
    // Painted, which the page is asked every frame: a locator's own wait polls as seldom as every
    // 500 ms, as much again as the differences measured.
    await page.waitForFunction(
      () =>
        performance.getEntriesByName('first-contentful-paint').length > 0 &&
        Boolean(document.querySelector<HTMLInputElement>('input[type="password"]')?.checkVisibility()),
      undefined,
      { polling: 'raf', timeout: 60_000 },
    );
    const key = page.getByLabel('API key', { exact: true });
    await key.fill(BENCH_API_KEY);
    await key.press('Enter');
    await page.getByRole('heading', { name: 'Pets', level: 1, exact: true }).waitFor({ timeout: 120_000 });
    const marks = await page.waitForFunction(() => {
      const { signInMarks } = window as unknown as { signInMarks: Marks };
      return Number.isFinite(signInMarks.signedIn) && Number.isFinite(signInMarks.listed) && signInMarks;
    });
    const { typed, appReady, signedIn, listed } = (await marks.jsonValue()) as Required<Marks>;
    const firstPaint = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    );
    return { firstPaint, typed, appReady, signedIn, listed };
  } finally {
    await context.close();
  }
}

const FIGURES: [keyof SignIn, string][] = [
  ['firstPaint', 'sign-in screen painted (FCP)'],
  ['typed', 'key typed'],
  ['appReady', "app's code ready (data-app)"],
  ['signedIn', 'signed in: pets list heading painted'],
  ['listed', "the list's first pet painted"],
];

const builds = parseBuilds(process.argv.slice(2), 'bench:signin', DEFAULT_ROUNDS);
const runs = PROFILES.map(() => [[], []] as [SignIn[], SignIn[]]);
const started = performance.now();
// The list's heading comes before its rows: a few pets are enough.
const env = await startBenchEnvironment({ dists: [builds.a, builds.b], extraPets: 100 });
try {
  const browser = await chromium.launch({ executablePath: chromePath() });
  try {
    for (let round = 0; round < builds.rounds; round++) {
      for (const [index, profile] of PROFILES.entries()) {
        for (const build of inTurn(round))
          runs[index]![build].push(await signIn(browser, env.appUrls[build]!, profile));
      }
      console.error(`Round ${round + 1} of ${builds.rounds} done, ${elapsed(started)}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  await env.close();
}

printComparison(
  builds,
  PROFILES.flatMap((profile, index) =>
    FIGURES.map(([field, label]): Figure => ({
      label: `${profile.name}: ${label}`,
      unit: 'ms',
      runs: [runs[index]![0].map((run) => run[field]), runs[index]![1].map((run) => run[field])],
    })),
  ),
);
console.log(
  `From the navigation's start, an empty cache each time; CPU slowed ${CPU_SLOWDOWN}×. Applied per request: ` +
    PROFILES.map(
      (profile) =>
        `${profile.name}: ${Math.round(profile.requestLatencyMs)} ms, ` +
        `${Math.round(profile.downloadKbps)}/${Math.round(profile.uploadKbps)} kbit/s down/up`,
    ).join('; ') +
    '.',
);
console.log(`${elapsed(started)} in all.`);
