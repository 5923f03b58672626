import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Source maps (for an error tracker) and the manifest (for the byte budgets) are not for the web:
 * they move from dist/ to dist.meta/, so deploying dist/ deploys neither.
 */
function metaOutOfDist(): Plugin {
  let outDir = '';
  return {
    name: 'petstore:meta-out-of-dist',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const meta = `${outDir}.meta`;
      rmSync(meta, { recursive: true, force: true });
      const move = (file: string) => {
        const target = join(meta, relative(outDir, file));
        mkdirSync(dirname(target), { recursive: true });
        cpSync(file, target, { recursive: true });
        rmSync(file, { recursive: true });
      };
      if (existsSync(join(outDir, '.vite'))) move(join(outDir, '.vite'));
      for (const entry of readdirSync(outDir, { recursive: true, encoding: 'utf8' })) {
        if (entry.endsWith('.map')) move(join(outDir, entry));
      }
    },
  };
}

// Shown on the error page, for support; the redeploy test builds a `next` version.
process.env['VITE_APP_VERSION'] ??= (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;

// The base the build is served at: `/` unless `--base=/admin/` (or BASE_PATH=/admin/) says otherwise.
// It is absolute, so every asset URL is right on every client route behind a plain index.html fallback.
export default defineConfig({
  plugins: [
    react(),
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
