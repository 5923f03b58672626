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
          // Three chunks: the entry (sign-in), the signed-in app (React Query, pets table and detail),
          // and the forms (react-hook-form, add pet, messages). Finer splitting costs more bytes in
          // chunk overhead than it saves.
          groups: [
            {
              name: 'forms',
              test: /node_modules\/(react-hook-form|@hookform|@standard-schema)\/|src\/(features\/(messages\/|pets\/components\/add-pet|pets\/pet-form|pets\/api\/create-pet)|ui\/use-form-draft)/,
            },
            {
              name: 'signed-in',
              test: /node_modules\/@tanstack\/|src\/(app\/(signed-in-app|layout|query-client|api-context)|features\/pets\/|ui\/(error-notice|page-heading|not-found-page|use-delayed-flag|session-value))/,
            },
          ],
        },
      },
    },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
});
