import { readFileSync } from 'node:fs';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstScreens } from './build/first-screens.ts';
import { metaOutOfDist } from './build/meta-out-of-dist.ts';

// Shown on the error page, for support; the redeploy test builds a `next` version.
process.env['VITE_APP_VERSION'] ??= (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

// The base the build is served at: `/` unless `--base=/admin/` (or BASE_PATH=/admin/) says otherwise.
// It is absolute, so every asset URL is right on every client route behind a plain index.html fallback.
export default defineConfig({
  plugins: [
    react(),
    firstScreens(),
    // .br and .gz beside every file a browser fetches, at maximum settings: nginx's gzip_static and
    // brotli_static send them as they are. Not config.json: it is replaced per deployment, and a
    // stale config.json.gz beside the new file would be served in its place.
    compression({
      algorithms: [
        defineAlgorithm('gzip', { level: 9 }),
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      ],
      include: /\.(js|css|svg|html|json)$/,
      exclude: [/\.map$/, /\.vite\//, /(^|\/)config\.json$/],
      skipIfLargerOrEqual: false,
      logLevel: 'silent',
    }),
    metaOutOfDist(),
  ],
  base: process.env['BASE_PATH'] ?? '/',
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    // Every browser this app supports has modulepreload: no polyfill.
    modulePreload: { polyfill: false },
  },
  server: { port: 5173, strictPort: true, host: '127.0.0.1' },
});
