// Measures the built app from Vite's manifest, raw, gzip and brotli: every file, what the first
// screen (sign-in) needs before it can show, and all of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
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
  /** JS and CSS of index.html and of the entry (which the boot script runs), with their static imports: the sign-in screen. */
  signIn: { js: Size; css: Size; files: string[] };
  totalJs: Size;
  totalCss: Size;
}

function measure(buffer: Buffer): Size {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  };
}

export const sum = (sizes: Size[]): Size =>
  sizes.reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });

export function measureBundle(distDir = 'dist'): BundleReport {
  const manifest = JSON.parse(readFileSync(join(`${distDir}.meta`, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const files: Record<string, Size> = {};
  for (const chunk of Object.values(manifest)) {
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (/\.(js|css)$/.test(file)) files[file] ??= measure(readFileSync(join(distDir, file)));
    }
  }

  // What the sign-in screen asks for: the entry (the boot script runs it), index.html's script and
  // stylesheet, and their static imports.
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const needed = new Set<string>();
  const visit = (file: string) => {
    if (needed.has(file)) return;
    needed.add(file);
    const chunk = byFile.get(file);
    for (const css of chunk?.css ?? []) needed.add(css);
    for (const imported of chunk?.imports ?? []) visit(manifest[imported]!.file);
  };
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  for (const [, file] of html.matchAll(/(?:src|href)="[^"]*?(assets\/[^"]+\.(?:js|css))"/g)) visit(file!);
  for (const chunk of Object.values(manifest)) if (chunk.isEntry) visit(chunk.file);
  const signInFiles = [...needed];

  const all = Object.entries(files);
  const of = (list: string[], extension: string) =>
    sum(list.filter((file) => file.endsWith(extension)).map((file) => files[file]!));
  return {
    files,
    signIn: { js: of(signInFiles, '.js'), css: of(signInFiles, '.css'), files: signInFiles },
    totalJs: sum(all.filter(([file]) => file.endsWith('.js')).map(([, size]) => size)),
    totalCss: sum(all.filter(([file]) => file.endsWith('.css')).map(([, size]) => size)),
  };
}

/** Gzip byte budgets, checked by `npm run check:budgets` and printed by `npm run bench`. */
export const BUDGETS = {
  /** Everything needed before the sign-in screen can show. */
  signInJs: 100 * 1024,
  /** Every JS file of the build, lazy ones and the old-browser JSON fallback included. */
  totalJs: 130 * 1024,
};
