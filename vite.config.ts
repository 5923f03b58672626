import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The base the build is served at: `/` unless `--base=/admin/` (or BASE_PATH=/admin/) says otherwise.
// It is absolute, so every asset URL is right on every client route behind a plain index.html fallback.
export default defineConfig({
  plugins: [react()],
  base: process.env['BASE_PATH'] ?? '/',
  build: {
    target: 'es2022',
    // For an error tracker: written, never referenced from the JS, and not deployed (see deploy/).
    sourcemap: 'hidden',
    manifest: true,
    // Every browser this app supports has modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // Chunks follow the import graph, not file names: what the first screen needs in one file,
        // what several signed-in screens share in another, and each lazy route of the route table
        // (src/app/router.tsx) in its own.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'] },
            { name: 'shared', minShareCount: 2 },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
});
