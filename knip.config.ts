import type { KnipConfig } from 'knip';

// Dead files, exports and dependencies. Entry points beyond what knip's plugins find (Vite, Vitest,
// Playwright, ESLint): the service, the scripts and the benchmarks that package.json runs, and the
// prerender module and the boot script, which build/first-screens.ts compiles.
const config: KnipConfig = {
  entry: ['scripts/*.ts', 'bench/*.ts', 'src/prerender.tsx', 'src/boot.ts'],
  project: [
    'src/**/*.{ts,tsx}',
    'server/**/*.ts',
    'contract/**/*.ts',
    'scripts/**/*.ts',
    'build/**/*.ts',
    'bench/**/*.ts',
    'e2e/**/*.ts',
  ],
};

export default config;
