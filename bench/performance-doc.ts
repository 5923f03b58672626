// docs/performance.md, written by `npm run bench` from its results (bench/results.json): every
// figure of the run in one table, the commit and the machine's speed beside it. Replaced on each run:
// the figures of one run on a shared machine say little about another's.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { BUDGETS, type Size } from '../scripts/bundle-size.ts';
import type { InteractionResult } from './interactions.ts';
import type { LighthouseResult } from './lighthouse.ts';
import type { ServerBench } from './server.ts';

/** What the page shows of bench/results.json. */
export interface BenchResults {
  /** The commit built, and whether the files a build reads differed from it. */
  commit: { sha: string; uncommitted: boolean };
  machine: { cpus: number; benchmarkIndex: number };
  bundle: { signIn: { js: Size }; signedInList: { js: Size }; totalJs: Size };
  lighthouse: Pick<
    LighthouseResult,
    'page' | 'preset' | 'lcpMs' | 'tbtMs' | 'cls' | 'accessibility' | 'bestPractices'
  >[];
  lighthouseRuns: number;
  interactions: InteractionResult[];
  server: Pick<ServerBench, 'pets' | 'comparisons'>;
}

const DOC = new URL('../docs/performance.md', import.meta.url);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => (Number.isFinite(value) ? `${Math.round(value)} ms` : '–');
const verdict = (met: boolean | undefined) => (met ? 'met' : '**MISSED**');
/** A table cell: no pipe may end it early. */
const cell = (text: string) => text.replaceAll('|', '\\|');

function markdown({ commit, machine, bundle, lighthouse, lighthouseRuns, interactions, server }: BenchResults) {
  const budget = (figure: string, size: Size, limit: number, gated: boolean) => [
    `Bytes: ${figure}, gzip`,
    kb(size.gzip),
    `≤ ${kb(limit)}${gated ? '' : ' (a guard, not gated)'}: ${verdict(size.gzip <= limit)}`,
  ];
  const rows: string[][] = [
    budget('JS before the sign-in screen works', bundle.signIn.js, BUDGETS.signInJs, true),
    budget('JS of a signed-in visit to the pets list', bundle.signedInList.js, BUDGETS.signedInListJs, true),
    budget('all JS', bundle.totalJs, BUDGETS.allJsGuard, false),
    ...lighthouse.map((result) => [
      `Lighthouse ${result.preset}, ${result.page}`,
      `LCP ${ms(result.lcpMs)}, TBT ${ms(result.tbtMs)}, CLS ${result.cls.toFixed(3)}; ` +
        `accessibility ${result.accessibility}, best practices ${result.bestPractices}`,
      `scores of 1: ${verdict(result.accessibility === 1 && result.bestPractices === 1)}`,
    ]),
    ...interactions.map((result) => [
      `Interaction: ${result.interaction}`,
      `${ms(result.medianMs)} (worst of ${result.runs}: ${ms(result.worstMs)})`,
      '',
    ]),
    ...server.comparisons.map((comparison) => [
      `Service, requests/s: ${comparison.scenario}`,
      `${comparison.ratio}×`,
      comparison.target ? `${comparison.target}: ${verdict(comparison.met)}` : '',
    ]),
  ];
  const sha = commit.sha + (commit.uncommitted ? ' with uncommitted changes' : '');
  return [
    '# Performance',
    '',
    '<!-- Written by `npm run bench` (bench/performance-doc.ts) from bench/results.json; replaced on each run. -->',
    '',
    `One run of \`npm run bench\` at ${sha}, on ${machine.cpus} shared cores whose speed was`,
    `${machine.benchmarkIndex} (Lighthouse's benchmark index, higher is faster).`,
    '',
    "The machine's speed moves by 2× within a day, and every time below with it: judge a change by",
    'the ratios `npm run bench:ab` (and `bench:signin`) print, two builds alternated within one run,',
    "not by these figures against another run's. Only bytes, scores and the service have limits here.",
    '',
    '| Figure | Value | Limit |',
    '| --- | --- | --- |',
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
    '',
    `Lighthouse: of ${lighthouseRuns} runs per page and preset, the run of median LCP.`,
    `Interactions: the median of ${interactions[0]?.runs ?? 0} on one warm page, CPU slowed 4×.`,
    `Service: ${server.pets} pets in each, loaded by autocannon with 10 connections.`,
    '',
  ].join('\n');
}

/** The page, formatted as `npm run lint` wants it (Prettier, this repository's settings). */
export async function performanceDoc(results: BenchResults): Promise<string> {
  const options = await resolveConfig(fileURLToPath(DOC));
  return format(markdown(results), { ...options, parser: 'markdown' });
}

export async function writePerformanceDoc(results: BenchResults) {
  writeFileSync(DOC, await performanceDoc(results));
  console.log('Wrote docs/performance.md');
}

// `tsx bench/performance-doc.ts`: the page again from the last run's bench/results.json.
if (import.meta.url === `file://${process.argv[1]}`) {
  await writePerformanceDoc(
    JSON.parse(readFileSync(new URL('./results.json', import.meta.url), 'utf8')) as BenchResults,
  );
}
