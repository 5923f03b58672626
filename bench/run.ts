// `npm run bench`: builds the app, serves it as the CDN does, starts the reference service with
// demo data, measures bytes, Lighthouse, interaction latency and the service under load, prints a
// table and writes bench/results.json. Figures only: nothing here passes or fails.
import { execSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { measureBundle, type Size } from '../scripts/bundle-size.ts';
import { startBenchEnvironment } from './environment.ts';
import { measureInteractions } from './interactions.ts';
import { runLighthouse } from './lighthouse.ts';
import { benchServer } from './server.ts';

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const sizeRow = (size: Size) => ({ 'raw KB': kb(size.raw), 'gzip KB': kb(size.gzip), 'brotli KB': kb(size.brotli) });

console.log('Building…');
execSync('npx vite build', { stdio: 'ignore' });

const bundle = measureBundle();
console.log('\nBytes of the sign-in screen (index.html and its static imports):');
console.table({ 'sign-in JS': sizeRow(bundle.signIn.js), 'sign-in CSS': sizeRow(bundle.signIn.css) });
console.log('Every file of the build:');
console.table(Object.fromEntries(Object.entries(bundle.files).map(([file, size]) => [file, sizeRow(size)])));
console.log(`All JS: ${kb(bundle.totalJs.gzip)} KB gzip, all CSS: ${kb(bundle.totalCss.gzip)} KB gzip`);

const env = await startBenchEnvironment();
let lighthouse, interactions;
try {
  console.log('\nLighthouse (mobile and desktop presets)…');
  lighthouse = await runLighthouse(env, ['mobile', 'desktop']);
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

  console.log('Interaction latency, CPU slowed 4×…');
  interactions = await measureInteractions(env);
  console.table(interactions);
} finally {
  await env.close();
}

console.log('Reference service under load…');
const server = await benchServer();
console.table(server);

const results = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
  bundle,
  lighthouse,
  interactions,
  server,
};
writeFileSync(new URL('./results.json', import.meta.url), `${JSON.stringify(results, null, 2)}\n`);
console.log('Wrote bench/results.json');
