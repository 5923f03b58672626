// The first screens in index.html, so that the first paint needs no JavaScript: the sign-in screen,
// and the signed-in frame a signed-in visit starts from, rendered at build time from the app's own
// components (src/prerender.tsx, built for Node with Vite's SSR build), and the boot script that
// picks between them before the first paint (src/boot.ts).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, minifySync, transformWithOxc, type Plugin, type ResolvedConfig, type Rollup } from 'vite';

/** What src/prerender.tsx renders. */
export interface FirstScreens {
  signedOut: string;
  signedIn: string;
  /** Where the app keeps the session: the boot script looks for it. */
  sessionStorageKey: string;
}

/** Where index.html wants the first screens, inside its root element. */
export const PLACEHOLDER = '<!--first-screens-->';

/** index.html with both first screens where it asks for them, each in a block the boot script picks. */
export function withFirstScreens(html: string, { signedOut, signedIn }: FirstScreens): string {
  if (!html.includes(PLACEHOLDER)) throw new Error(`index.html has no ${PLACEHOLDER} for the first screens`);
  return html.replace(
    PLACEHOLDER,
    `<div data-boot="signed-out">${signedOut}</div><div data-boot="signed-in">${signedIn}</div>`,
  );
}

/**
 * The chunk of module `source` and every chunk it imports, static imports of static imports
 * included, but the entry, which index.html asks for anyway.
 */
export function chunksOf(bundle: Rollup.OutputBundle, source: string): string[] {
  const chunks = Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(source));
  if (!start) throw new Error(`No chunk of the build is ${source}`);
  const files = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = chunks.find((each) => each.fileName === fileName);
    if (files.has(fileName) || chunk?.isEntry) return;
    files.add(fileName);
    chunk?.imports.forEach(visit);
  };
  visit(start.fileName);
  return [...files];
}

/** The boot script: TypeScript that imports nothing, compiled and minified on its own. */
export async function compileBootScript(file: string): Promise<string> {
  const { code } = await transformWithOxc(readFileSync(file, 'utf8'), file, { lang: 'ts' });
  return minifySync(file, code).code;
}

/** Renders the first screens with the build's own base and mode: an SSR build, then a call. */
async function renderFirstScreens(config: ResolvedConfig, entry: string): Promise<FirstScreens> {
  const outDir = resolve(config.root, `${config.build.outDir}.meta`, 'first-screens');
  await build({
    configFile: false,
    root: config.root,
    base: config.base,
    mode: config.mode,
    logLevel: 'warn',
    plugins: [react()],
    // Self-contained: the build may be written anywhere, and React found from there.
    ssr: { noExternal: true },
    build: { ssr: entry, outDir, emptyOutDir: true, rolldownOptions: { output: { entryFileNames: 'prerender.js' } } },
  });
  const module = (await import(pathToFileURL(join(outDir, 'prerender.js')).href)) as { prerender(): FirstScreens };
  return module.prerender();
}

/**
 * The build's index.html gets the first screens (in place of `<!--first-screens-->`) and, in its
 * head, the boot script, told where the session is kept and which signed-in code to ask for: the
 * signed-in app and the pet list, the screen a signed-in visit most often opens, so that its code
 * comes down beside the app's instead of after it.
 */
export function firstScreens({
  prerender = 'src/prerender.tsx',
  boot = 'src/boot.ts',
  signedInCode = ['/src/app/signed-in-app.tsx', '/src/features/pets/components/pets-page.tsx'],
} = {}): Plugin {
  let config: ResolvedConfig;
  let screens: FirstScreens;
  return {
    name: 'petstore:first-screens',
    apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async buildStart() {
      screens = await renderFirstScreens(config, prerender);
      this.emitFile({ type: 'asset', name: 'boot.js', source: await compileBootScript(resolve(config.root, boot)) });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const files = Object.values(bundle ?? {});
        const bootFile = files.find((file) => file.type === 'asset' && file.names.includes('boot.js'))?.fileName;
        if (!bootFile || !bundle) throw new Error('The boot script is not in the bundle');
        return {
          html: withFirstScreens(html, screens),
          tags: [
            {
              tag: 'script',
              injectTo: 'head',
              attrs: {
                src: `${config.base}${bootFile}`,
                'data-session-key': screens.sessionStorageKey,
                'data-preload': [...new Set(signedInCode.flatMap((source) => chunksOf(bundle, source)))]
                  .map((file) => `${config.base}${file}`)
                  .join(' '),
              },
            },
          ],
        };
      },
    },
  };
}
