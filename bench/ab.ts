// `npm run bench:ab -- <build A> <build B> [interaction] [times]`: two builds of the app served side
// by side as the bench serves one (nginx, one reference service), one interaction of the bench
// (interactions.ts: filter, pageSize, sort, search, …; default search) timed on each in turn,
// `times` times (default 15), A first in one round and B first in the next. Prints both medians and
// every figure. This is how a change is judged on a shared machine: runs of the whole bench move by
// a third, builds alternated in one session much less.
//
// Each page gets a browser context of its own: with one context for both builds, an A/A test (one
// build on both ports) put build A, on the first port, 10–16 ms ahead (filter, median of 21: 71
// against 87). With a context each, three A/A runs came within 7 ms (filter and search, 21 rounds:
// B ahead by 7 and 7 ms; sort, 31 rounds: by 2), so read a difference under 10 ms as noise. Each
// page loads with an empty cache, where the bench reuses one warm page: compare the two medians
// printed here with each other, not with the bench's.
//
// Build each with `npx vite build --outDir <dir>`; an older commit from a worktree
// (`git worktree add /tmp/before <commit>`, its node_modules linked to this one's).
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromePath, startBenchEnvironment } from './environment.ts';
import { INTERACTIONS, median, openBenchPage, timeInteraction, type InteractionName } from './interactions.ts';

const [a, b, name = 'search', timesArgument = '15'] = process.argv.slice(2);
const times = Number(timesArgument);
if (
  !a ||
  !b ||
  !existsSync(`${a}/index.html`) ||
  !existsSync(`${b}/index.html`) ||
  !Object.hasOwn(INTERACTIONS, name) ||
  !Number.isInteger(times) ||
  times < 1
) {
  console.error(
    `Usage: npm run bench:ab -- <build A> <build B> [${Object.keys(INTERACTIONS).join('|')}] [times]\n` +
      'Each build a folder that vite build wrote (index.html and assets/).',
  );
  process.exit(2);
}

const env = await startBenchEnvironment({ dists: [a, b] });
const figures: [number[], number[]] = [[], []];
try {
  const browser = await chromium.launch({ executablePath: chromePath() });
  for (let round = 0; round < times; round++) {
    for (const build of round % 2 ? [1, 0] : [0, 1]) {
      const context = await browser.newContext();
      const page = await openBenchPage(context, env);
      figures[build]!.push(await timeInteraction(page, env.appUrls[build]!, name as InteractionName, round));
      await context.close();
    }
  }
  await browser.close();
} finally {
  await env.close();
}
console.log(`${INTERACTIONS[name as InteractionName].label}, CPU slowed 4×, ${times} times each:`);
for (const [index, build] of [a, b].entries()) {
  const values = figures[index]!;
  console.log(`  ${build}: median ${Math.round(median(values))} ms  (${values.map(Math.round).join(' ')})`);
}
