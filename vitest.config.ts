import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // One file per core. Vitest's default leaves one core free, which on a 2-core CI machine runs the
    // files one at a time, while the service's tests mostly wait on the processes they start.
    maxWorkers: '100%',
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'server/**/*.test.ts',
            'contract/**/*.test.ts',
            'bench/**/*.test.ts',
            'build/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
        },
      },
      {
        extends: './vite.config.ts',
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // Above the 5 s Testing Library waits for what a test finds (setup.ts): a wait that ends in
          // vain fails with the page's state, not as a test out of time.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
