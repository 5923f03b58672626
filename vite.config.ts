import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Relative asset URLs: the same build is served from any path a CDN puts it at.
  base: './',
  build: {
    target: 'es2022',
    sourcemap: true,
    manifest: true,
    // Every browser this app supports has modulepreload; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // Both forms need react-hook-form: one chunk for the two of them, not three small ones.
          groups: [
            {
              name: 'forms',
              test: /node_modules\/(react-hook-form|@hookform|@standard-schema)\/|src\/features\/(messages\/|pets\/components\/add-pet|pets\/pet-form|pets\/api\/create-pet)/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
});
