// Source maps (for an error tracker) and the manifest (for the byte budgets) are not for the web:
// they move from the build's folder to a folder beside it (dist/ → dist.meta/), so that deploying
// dist/ deploys neither, whatever the host.
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/** Moves `.vite/` and every `.map` file from `outDir` to `meta`, keeping their paths. */
export function moveMetaFiles(outDir: string, meta: string) {
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
}

export function metaOutOfDist(): Plugin {
  let outDir = '';
  return {
    name: 'petstore:meta-out-of-dist',
    apply: (_, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      // A build that failed wrote nothing to move.
      if (!existsSync(outDir)) return;
      const meta = `${outDir}.meta`;
      for (const folder of ['.vite', 'assets']) rmSync(join(meta, folder), { recursive: true, force: true });
      moveMetaFiles(outDir, meta);
    },
  };
}
