import type { KnipConfig } from 'knip';

// Dead files, exports and dependencies. Entry points beyond what knip's plugins find (Vite, Vitest,
// Playwright, ESLint): the service, the scripts and the benchmarks that package.json runs, and the
// prerender module vite.config.ts loads through Vite.
const config: KnipConfig = {
  entry: ['scripts/*.ts', 'bench/*.ts', 'src/prerender.tsx'],
  project: [
    'src/**/*.{ts,tsx}',
    'server/**/*.ts',
    'contract/**/*.ts',
    'scripts/**/*.ts',
    'bench/**/*.ts',
    'e2e/**/*.ts',
  ],
};

export default config;
