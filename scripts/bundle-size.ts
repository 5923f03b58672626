// Measures the built app from Vite's manifest: what each route needs, raw, gzip and brotli.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface Size {
  raw: number;
  gzip: number;
  brotli: number;
}

export interface BundleReport {
  files: Record<string, Size>;
  /** JS and CSS each screen needs, following static imports from its route's module. */
  routes: Record<string, { js: Size; css: Size; files: string[] }>;
  totalJs: Size;
  totalCss: Size;
}

// Manifest keys (source paths) or chunk names (the `forms` group of vite.config.ts).
const ROUTE_MODULES: Record<string, string[]> = {
  'sign-in': ['index.html'],
  pets: ['index.html', 'src/app/signed-in-app.tsx'],
  'pet detail': ['index.html', 'src/app/signed-in-app.tsx'],
  'add pet': ['index.html', 'src/app/signed-in-app.tsx', 'forms'],
  messages: ['index.html', 'src/app/signed-in-app.tsx', 'forms'],
};

function measure(buffer: Buffer): Size {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

const sum = (sizes: Size[]): Size =>
  sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

export function measureBundle(distDir = 'dist'): BundleReport {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files: Record<string, Size> = {};
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (/\.(js|css)$/.test(file)) files[file] ??= measure(readFileSync(join(distDir, file)));
    }
  }

  const routes: BundleReport['routes'] = {};
  for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
    const needed = new Set<string>();
    const visit = (key: string) => {
      const chunk = manifest[key] ?? Object.values(manifest).find((candidate) => candidate.name === key);
      if (!chunk && !key.startsWith('_')) throw new Error(`No chunk ${key} in the build: update ROUTE_MODULES`);
      if (!chunk || needed.has(chunk.file)) return;
      needed.add(chunk.file);
      for (const css of chunk.css ?? []) needed.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    modules.forEach(visit);
    const list = [...needed];
    routes[route] = {
      js: sum(list.filter((file) => file.endsWith('.js')).map((file) => files[file]!)),
      css: sum(list.filter((file) => file.endsWith('.css')).map((file) => files[file]!)),
      files: list,
    };
  }

  const all = Object.entries(files);
  return {
    files,
    routes,
    totalJs: sum(all.filter(([file]) => file.endsWith('.js')).map(([, size]) => size)),
    totalCss: sum(all.filter(([file]) => file.endsWith('.css')).map(([, size]) => size)),
  };
}
