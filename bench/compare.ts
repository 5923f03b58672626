// What `npm run bench:ab` and `npm run bench:signin` share: two builds named on the command line,
// rounds that alternate them, and one table of medians and ratios. The machine is shared and its
// speed moves by 2× within a day, so two builds are judged by the ratio of their medians within one
// run, each round giving both the same moment: A first in one round, B first in the next.
import { existsSync } from 'node:fs';
import { median } from './interactions.ts';

export interface Builds {
  a: string;
  b: string;
  rounds: number;
}

/** `<build A> <build B> [rounds]`, each build a folder vite build wrote; exits with the usage if not. */
export function parseBuilds(args: string[], command: string, defaultRounds: number): Builds {
  const [a, b, roundsArgument = String(defaultRounds)] = args;
  const rounds = Number(roundsArgument);
  if (!a || !b || !existsSync(`${a}/index.html`) || !existsSync(`${b}/index.html`) || !(rounds >= 1)) {
    console.error(
      `Usage: npm run ${command} -- <build A> <build B> [rounds, default ${defaultRounds}]\n` +
        'Each build a folder that vite build wrote (index.html and assets/).',
    );
    process.exit(2);
  }
  return { a, b, rounds: Math.floor(rounds) };
}

/** The builds' indexes in a round's order: A first in even rounds, B first in odd ones. */
export const inTurn = (round: number): readonly [0 | 1, 0 | 1] => (round % 2 ? [1, 0] : [0, 1]);

/**
 * What a figure must keep to: B's median at most `ratio` times A's, or (a score) B's lowest run at
 * `score` (a median would hide a run that fell below).
 */
type Limit = { ratio: number } | { score: number };

export interface Figure {
  label: string;
  unit: 'ms' | 'score';
  /** Every run of each build. */
  runs: [number[], number[]];
  limit?: Limit;
}

const format = (value: number, unit: Figure['unit']) =>
  !Number.isFinite(value) ? '–' : unit === 'ms' ? `${Math.round(value)} ms` : value.toFixed(2);

/** A row of the table: the medians (lowest runs for a score), B/A, the limit, and a mark where B passes it. */
function compareRow({ unit, runs, limit }: Figure) {
  const score = limit !== undefined && 'score' in limit;
  const [a, b] = runs.map((values) => (score ? Math.min(...values) : median(values))) as [number, number];
  const ratio = b / a;
  const passed = limit === undefined ? false : 'ratio' in limit ? ratio > limit.ratio : b < limit.score;
  return {
    A: format(a, unit),
    B: format(b, unit),
    'B/A': Number.isFinite(ratio) ? ratio.toFixed(2) : '–',
    limit: limit === undefined ? '' : 'ratio' in limit ? `B/A ≤ ${limit.ratio}` : `B = ${limit.score} (lowest run)`,
    '': passed ? (score ? '<<< BELOW' : '<<< OVER') : '',
  };
}

/** Prints the builds compared and one table: a row per figure. */
export function printComparison({ a, b, rounds }: Builds, figures: Figure[]) {
  console.log(`\nA: ${a}\nB: ${b}\n${rounds} rounds, alternated; medians of each build, B/A their ratio:`);
  console.table(Object.fromEntries(figures.map((figure) => [figure.label, compareRow(figure)])));
}

/** Seconds since `start` (a performance.now()), for progress lines. */
export const elapsed = (start: number) => `${Math.round((performance.now() - start) / 1000)} s`;
