import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, minifySync, type Plugin, type ResolvedConfig } from 'vite';
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

/**
 * The classic script that runs before the first paint: it may not be inline (CSP), so it is a file.
 * `preloads` are the signed-in code; `config` is config.json's URL.
 */
function bootScript(sessionStorageKey: string, entry: string, preloads: string[], config: string): string {
  return `// Petstore Admin, before the first paint: show the prerendered screen this visit becomes (signed in
// or not), hold a form submitted before the app runs (the app sends it again), and run the app once
// the first screen has been painted. Signed in, the app's code and config.json are asked for at once,
// as the list needs them; signed out, only after that paint, which needs neither: the sign-in screen
// is drawn from the page and its stylesheet alone, with the network to itself.
(function () {
  var signedIn = false;
  try { signedIn = Boolean(sessionStorage.getItem(${JSON.stringify(sessionStorageKey)})); } catch (error) {}
  var root = document.documentElement;
  root.setAttribute('data-session', signedIn ? 'in' : 'out');
  function add(tag, attributes) {
    var element = document.createElement(tag);
    for (var name in attributes) element.setAttribute(name, attributes[name]);
    document.head.appendChild(element);
  }
  function fetchConfig() {
    add('link', { rel: 'preload', href: ${JSON.stringify(config)}, as: 'fetch', crossorigin: 'anonymous' });
  }
  if (signedIn) {
    fetchConfig();
    ${JSON.stringify([entry, ...preloads])}.forEach(function (href) { add('link', { rel: 'modulepreload', href: href }); });
  }
  document.addEventListener('submit', function (event) {
    if (root.hasAttribute('data-app')) return;
    event.preventDefault();
    var id = event.target.getAttribute('id');
    if (id) root.setAttribute('data-held-submit', id);
  }, true);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    if (!signedIn) fetchConfig();
    add('script', { type: 'module', src: ${JSON.stringify(entry)} });
  }
  // Once the browser reports the first contentful paint shown (the frame is on screen, not just
  // drawn), or after the next frame where it cannot. A tab in the background, which shows nothing,
  // starts within half a second; a visible one within 3 s whatever happens.
  setTimeout(start, document.hidden ? 500 : 3000);
  if (window.PerformanceObserver && (PerformanceObserver.supportedEntryTypes || []).indexOf('paint') >= 0) {
    new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length) start();
    }).observe({ type: 'paint', buffered: true });
  } else {
    requestAnimationFrame(function () { setTimeout(start); });
  }
})();
`;
}

/**
 * index.html with the first screens in it (src/prerender.tsx, rendered with Vite's own SSR loader)
 * and the boot script, which asks for the rest (see bootScript): the first paint needs no JavaScript.
 */
function prerenderFirstScreens(): Plugin {
  let resolved: ResolvedConfig;
  return {
    name: 'petstore:prerender',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      resolved = config;
    },
    async generateBundle(_, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') return;
      const renderer = await createServer({
        configFile: false,
        root: resolved.root,
        base: resolved.base,
        mode: resolved.mode,
        logLevel: 'silent',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false },
        plugins: [react()],
      });
      let screens: { signedOut: string; signedIn: string; sessionStorageKey: string };
      try {
        const module = (await renderer.ssrLoadModule('/src/prerender.tsx')) as { prerender: () => typeof screens };
        screens = module.prerender();
      } finally {
        await renderer.close();
      }
      // The boot script runs the app's entry, and asks for it (see bootScript).
      let entry = '';
      const source = String(html.source).replace(
        /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/,
        (_tag, src: string) => {
          entry = src;
          return '';
        },
      );
      if (!entry) throw new Error('index.html has no module script for the boot script to start');
      // Signed in, the signed-in code and every screen of the route table start downloading at once.
      const signedInApp = Object.values(bundle).find(
        (chunk) => chunk.type === 'chunk' && chunk.facadeModuleId?.endsWith('/src/app/signed-in-app.tsx'),
      );
      const preloads =
        signedInApp?.type === 'chunk'
          ? [signedInApp.fileName, ...signedInApp.imports, ...signedInApp.dynamicImports].map(
              (id) =>
                (
                  bundle[id] ??
                  Object.values(bundle).find((chunk) => 'facadeModuleId' in chunk && chunk.facadeModuleId?.endsWith(id))
                )?.fileName ?? id,
            )
          : [];
      const boot = this.emitFile({
        type: 'asset',
        name: 'boot.js',
        source: minifySync(
          'boot.js',
          bootScript(
            screens.sessionStorageKey,
            entry,
            [...new Set(preloads)]
              .filter((file) => file.endsWith('.js') && !source.includes(file) && resolved.base + file !== entry)
              .map((file) => resolved.base + file),
            `${resolved.base}config.json`,
          ),
        ).code,
      });
      html.source = source
        .replace('</head>', `  <script src="${resolved.base}${this.getFileName(boot)}"></script>\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<div id="root"><div data-boot="signed-out">${screens.signedOut}</div>` +
            `<div data-boot="signed-in">${screens.signedIn}</div></div>`,
        );
    },
  };
}

/**
 * Chunks nearly every function of which runs as the app starts: the entry (React DOM, the first
 * screens) and, for a signed-in visit, what the signed-in screens share (React Query, the router)
 * and the list, the screen most visits open. V8 compiles every function of a file that begins with
 * this comment on a background thread while the file streams in, not on the main thread when each
 * is first called (explicit compile hints, Chromium 136; other browsers ignore the comment). Not
 * the other chunks: a signed-in visit preloads them all, and compiling code the visit may never run
 * competed with the start. Not `signed-in-app` either: Vite writes its import map above the comment,
 * and the hint counts only at the top of a file. Chunks without the hint start with an empty line.
 */
const compileHint = (chunk: { name: string; isEntry: boolean; facadeModuleId: string | null }) =>
  chunk.isEntry || chunk.name === 'shared' || chunk.facadeModuleId?.endsWith('/features/pets/components/pets-page.tsx')
    ? '//# allFunctionsCalledOnLoad'
    : '';

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
    prerenderFirstScreens(),
    metaOutOfDist(),
  ],
  base: process.env['BASE_PATH'] ?? '/',
  build: {
    target: 'es2022',
    sourcemap: 'hidden',
    manifest: true,
    // Every browser this app supports has modulepreload: no polyfill.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        postBanner: compileHint,
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
