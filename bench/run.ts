// `npm run bench`: builds the app, serves it as the CDN does (nginx, precompressed, strict CSP),
// starts the reference service, and measures bytes, Lighthouse, interaction latency and the service
// beside json-server; prints the figures, and writes bench/results.json and, from it,
// docs/performance.md. Figures only: nothing here fails the run. The byte budgets and the service's
// ratios are printed beside their limits; a time has none, as it means something only beside another
// build's measured in the same run (`npm run bench:ab`), the machine being shared and its speed
// moving by 2× within a day. The soak is `npm run bench:soak`.
import { execFileSync, execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { BUDGETS, measureBundle, type Size } from '../scripts/bundle-size.ts';
import { startBenchEnvironment } from './environment.ts';
import { measureInteractions, printInteractions } from './interactions.ts';
import { runLighthouse, type LighthouseResult, type Share } from './lighthouse.ts';
import { writePerformanceDoc } from './performance-doc.ts';
import { benchServer, printServerBench } from './server.ts';

const LIGHTHOUSE_RUNS = 3;

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sizeRow = (size: Size) => ({ 'raw KB': kb(size.raw), 'gzip KB': kb(size.gzip), 'brotli KB': kb(size.brotli) });
const roundOrDash = (ms: number) => (Number.isFinite(ms) ? Math.round(ms) : '–');
const verdict = (met: boolean) => (met ? 'met' : 'MISSED');

const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim();
// What vite build reads: a change to it not yet committed (another one under way) makes the build
// something other than the commit.
const commit = {
  sha: git('rev-parse', '--short', 'HEAD'),
  uncommitted:
    git('status', '--porcelain', '--', 'src', 'public', 'index.html', 'vite.config.ts', 'package.json') !== '',
};
console.log('Building…');
execSync('npx vite build', { stdio: 'ignore' });

const bundle = measureBundle();
console.log('\nBytes, as the CDN sends them:');
console.table({ 'sign-in JS': sizeRow(bundle.signIn.js), 'sign-in CSS': sizeRow(bundle.signIn.css) });
console.table([
  {
    figure: 'JS before the sign-in screen works, gzip',
    value: `${kb(bundle.signIn.js.gzip)} KB`,
    target: `≤ ${kb(BUDGETS.signInJs)} KB`,
    '': verdict(bundle.signIn.js.gzip <= BUDGETS.signInJs),
  },
  {
    figure: 'JS of a signed-in visit to the pets list, gzip',
    value: `${kb(bundle.signedInList.js.gzip)} KB`,
    target: `≤ ${kb(BUDGETS.signedInListJs)} KB`,
    '': verdict(bundle.signedInList.js.gzip <= BUDGETS.signedInListJs),
  },
  {
    figure: 'all JS, gzip (a guard, not gated)',
    value: `${kb(bundle.totalJs.gzip)} KB`,
    target: `≤ ${kb(BUDGETS.allJsGuard)} KB`,
    '': bundle.totalJs.gzip <= BUDGETS.allJsGuard ? 'under' : 'over the guard',
  },
]);
console.log('Every file of the build:');
console.table(Object.fromEntries(Object.entries(bundle.files).map(([file, size]) => [file, sizeRow(size)])));

const env = await startBenchEnvironment();
let lighthouse: LighthouseResult[], interactions, benchmarkIndex;
try {
  console.log(`\nLighthouse, median of ${LIGHTHOUSE_RUNS} runs (mobile and desktop presets)…`);
  lighthouse = await runLighthouse(env, ['mobile', 'desktop'], LIGHTHOUSE_RUNS);
  console.table(
    lighthouse.map((result) => ({
      page: result.page,
      preset: result.preset,
      performance: result.performance,
      accessibility: result.accessibility,
      'best practices': result.bestPractices,
      'LCP ms': Math.round(result.lcpMs),
      'TBT ms': Math.round(result.tbtMs),
      CLS: result.cls.toFixed(3),
    })),
  );
  console.log('Where the time goes, mobile preset (the same runs; main thread and scripts at its 4× CPU):');
  const largest = (shares: Share[]) =>
    shares
      .slice(0, 3)
      .map((share) => `${share.name} ${Math.round(share.ms)}`)
      .join(', ');
  console.table(
    lighthouse
      .filter((result) => result.preset === 'mobile')
      .map((result) => ({
        page: result.page,
        'LCP element': result.lcp.element.slice(0, 32),
        'TTFB ms': roundOrDash(result.lcp.ttfbMs),
        'render delay ms': roundOrDash(result.lcp.renderDelayMs),
        'main thread ms': largest(result.mainThread),
        'scripts ms': largest(result.scripts),
      })),
  );
  const indexes = lighthouse.map((result) => result.benchmarkIndex).sort((a, b) => a - b);
  benchmarkIndex = Math.round(indexes[Math.floor(indexes.length / 2)]!);
  console.log(
    `The machine's speed, Lighthouse's benchmark index (higher is faster): ${benchmarkIndex}, median over the pages above (${Math.round(indexes[0]!)}–${Math.round(indexes.at(-1)!)}). Compare runs only at a like index.`,
  );

  console.log('Interaction latency on a settled page, CPU slowed 4×…');
  interactions = await measureInteractions(env);
  printInteractions(interactions);
} finally {
  await env.close();
}

console.log('Reference service under load…');
const server = await benchServer();
printServerBench(server);

const results = {
  date: new Date().toISOString(),
  commit,
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    memoryGb: Math.round(totalmem() / 2 ** 30),
    node: process.version,
    benchmarkIndex,
  },
  bundle,
  lighthouse,
  lighthouseRuns: LIGHTHOUSE_RUNS,
  interactions,
  server,
};
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log('Wrote bench/results.json');
await writePerformanceDoc(results);
