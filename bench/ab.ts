// `npm run bench:ab -- <build A> <build B> [rounds]`: two builds of the app served side by side as
// the bench serves one (nginx with deploy/nginx.conf, one reference service), compared in rounds that
// alternate them (A first in one round, B first in the next). Each round measures, on each build:
// Lighthouse, mobile preset, on the sign-in screen as a first visit and the pets list as a return
// visit (LCP, accessibility, best practices: lighthouse.ts), and the interactions below
// (interactions.ts). Prints one table, each figure's median on A and on B, B/A, and its limit, with
// a mark where B passes it, and the machine's speed. Figures only: the exit code is 0 whatever they
// say. B is the change; A what it is judged against.
//
// Building the two, each into a folder of its own:
//   npm run bench:build -- 7a84a9b /tmp/before   (a commit: a worktree of it, this node_modules linked)
//   npx vite build --outDir /tmp/after           (this checkout as it is, uncommitted changes included)
//   CHROME_PATH=/usr/bin/chromium npm run bench:ab -- /tmp/before /tmp/after
// With LIGHTHOUSE_THROTTLING=devtools, Lighthouse slows Chromium for real instead of simulating
// (bench/lighthouse.ts says why the two can disagree on LCP).
// By hand, bench:build is `git worktree add /tmp/before-src 7a84a9b`, `ln -s $PWD/node_modules
// /tmp/before-src/`, and `npx vite build` there: its dist/ is the build. Never give vite build
// --emptyOutDir with an --outDir outside the project: it empties whatever folder it names.
//
// Each interaction gets a browser context of its own, so an empty cache: with one context for both
// builds, an A/A test (one build on both ports) put build A, on the first port, 10–16 ms ahead
// (filter, median of 21: 71 against 87). With a context each, three A/A runs came within 7 ms
// (filter and search, 21 rounds: B ahead by 7 and 7 ms; sort, 31 rounds: by 2), so read a
// difference under 10 ms as noise. `npm run bench` reuses one warm page: compare the medians printed
// here with each other, not with the bench's.
import { chromium } from '@playwright/test';
import { elapsed, inTurn, parseBuilds, printComparison, type Figure } from './compare.ts';
import { chromePath, startBenchEnvironment } from './environment.ts';
import { INTERACTIONS, median, openBenchPage, timeInteraction, type InteractionName } from './interactions.ts';
import { LIGHTHOUSE_PAGES, openLighthouse, throttlingMethod, type LighthouseResult } from './lighthouse.ts';

/**
 * A round (two Lighthouse runs and five interactions on each build) took 100 to 140 s on this 2-core
 * machine at a benchmark index near 2,000: 11 rounds keep a full run under 25 minutes.
 */
const DEFAULT_ROUNDS = 11;
/** LCP may grow by this much before it counts; single Lighthouse runs move more than interactions. */
const LCP_LIMIT = 1.15;
const INTERACTION_LIMIT = 1.25;
/** The interactions compared: those a person waits for on the list, and typing a search. */
const COMPARED: InteractionName[] = ['filter', 'pageSize', 'sort', 'search', 'typing'];
/** The sign-in screen as a first visit (empty cache), the signed-in list's deep link as a return visit. */
const PAGES = LIGHTHOUSE_PAGES.filter(({ name }) => name === 'sign-in' || name === 'pets table');

const builds = parseBuilds(process.argv.slice(2), 'bench:ab', DEFAULT_ROUNDS);
const lighthouse = new Map(PAGES.map(({ name }) => [name, [[], []] as [LighthouseResult[], LighthouseResult[]]]));
const interactions = new Map(COMPARED.map((name) => [name, [[], []] as [number[], number[]]]));

const started = performance.now();
const env = await startBenchEnvironment({ dists: [builds.a, builds.b] });
try {
  const lighthouseBrowser = await openLighthouse();
  const browser = await chromium.launch({ executablePath: chromePath() });
  try {
    for (let round = 0; round < builds.rounds; round++) {
      for (const page of PAGES) {
        for (const build of inTurn(round)) {
          const result = await lighthouseBrowser.run(env.appUrls[build]!, env.session, page, 'mobile');
          lighthouse.get(page.name)![build].push(result);
        }
      }
      for (const name of COMPARED) {
        for (const build of inTurn(round)) {
          const context = await browser.newContext();
          const page = await openBenchPage(context, env);
          interactions.get(name)![build].push(await timeInteraction(page, env.appUrls[build]!, name, round));
          await context.close();
        }
      }
      console.error(`Round ${round + 1} of ${builds.rounds} done, ${elapsed(started)}`);
    }
  } finally {
    await browser.close();
    await lighthouseBrowser.close();
  }
} finally {
  await env.close();
}

const both = <T>(runs: [T[], T[]], figure: (result: T) => number): [number[], number[]] => [
  runs[0].map(figure),
  runs[1].map(figure),
];
const figures: Figure[] = [
  ...PAGES.flatMap(({ name, visit }): Figure[] => {
    const runs = lighthouse.get(name)!;
    const label = `${name}, ${visit} visit: Lighthouse mobile (${throttlingMethod()})`;
    return [
      { label: `${label} LCP`, unit: 'ms', runs: both(runs, (r) => r.lcpMs), limit: { ratio: LCP_LIMIT } },
      { label: `${label} accessibility`, unit: 'score', runs: both(runs, (r) => r.accessibility), limit: { score: 1 } },
      {
        label: `${label} best practices`,
        unit: 'score',
        runs: both(runs, (r) => r.bestPractices),
        limit: { score: 1 },
      },
    ];
  }),
  ...COMPARED.map((name): Figure => ({
    label: INTERACTIONS[name].label,
    unit: 'ms',
    runs: interactions.get(name)!,
    limit: { ratio: INTERACTION_LIMIT },
  })),
];
printComparison(builds, figures);
console.log('Interactions with the CPU slowed 4×, each on a page of its own (an empty cache).');

const indexes = [...lighthouse.values()].flatMap((runs) => runs.flat().map((result) => result.benchmarkIndex));
console.log(
  `The machine's speed, Lighthouse's benchmark index (higher is faster): median ${Math.round(median(indexes))}, ` +
    `${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))} over the run's Lighthouse runs.`,
);
const failing = [...lighthouse.values()].flatMap((runs) => runs[1].flatMap((result) => result.failing));
if (failing.length) console.log(`What kept B's scores below 1: ${[...new Set(failing)].join(', ')}`);
console.log(`${elapsed(started)} in all.`);
