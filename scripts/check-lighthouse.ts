// CI: Lighthouse accessibility and best-practices must score 1.0 on every screen it checks.
// Performance is measured by `npm run bench`, not asserted: the machine is shared and noisy.
import { startBenchEnvironment } from '../bench/environment.ts';
import { LIGHTHOUSE_PAGES, runLighthouse } from '../bench/lighthouse.ts';

const env = await startBenchEnvironment({ extraPets: 100 });
try {
  // Each screen once: the pets table's first visit is the same screen as its return visit.
  const screens = LIGHTHOUSE_PAGES.filter((page) => page.visit === 'return' || !page.signedIn);
  const results = await runLighthouse(env, ['desktop'], 1, screens);
  const failures = results.filter((result) => result.accessibility < 1 || result.bestPractices < 1);
  for (const result of results) {
    console.log(
      `Lighthouse ${result.page} (${result.preset}): accessibility ${result.accessibility}, best practices ${result.bestPractices}`,
    );
  }
  if (failures.length) {
    console.error(
      `\nBelow 1.0:\n${failures.map((result) => `  ${result.page}: ${result.failing.join(', ')}`).join('\n')}`,
    );
    process.exitCode = 1;
  }
} finally {
  await env.close();
}
