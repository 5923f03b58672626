// Measures the built app from Vite's manifest, raw, gzip and brotli: every file, what a visit waits
// for (the sign-in screen; a signed-in visit to the pets list), and all of it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  src?: string;
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

/** What one kind of visit loads: its files, and their JS and CSS. */
export interface VisitSize {
  js: Size;
  css: Size;
  files: string[];
}

export interface BundleReport {
  files: Record<string, Size>;
  /** index.html's scripts and stylesheet and the entry, with their static imports: the sign-in screen. */
  signIn: VisitSize;
  /** The same, with the signed-in shell and the pets list's route: a signed-in visit to the list. */
  signedInList: VisitSize;
  totalJs: Size;
  totalCss: Size;
}

/** The modules a signed-in visit to the list loads lazily, beyond the sign-in screen's. */
const SIGNED_IN_LIST = ['src/app/signed-in-app.tsx', 'src/features/pets/components/pets-page.tsx'];

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

  // A visit loads index.html's script and stylesheet, the entry, and what they import statically.
  const byFile = new Map(Object.values(manifest).map((chunk) => [chunk.file, chunk]));
  const closure = (files: string[]) => {
    const needed = new Set<string>();
    const visit = (file: string) => {
      if (needed.has(file)) return;
      needed.add(file);
      const chunk = byFile.get(file);
      for (const css of chunk?.css ?? []) needed.add(css);
      for (const imported of chunk?.imports ?? []) visit(manifest[imported]!.file);
    };
    files.forEach(visit);
    return [...needed];
  };
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const first = [
    ...[...html.matchAll(/(?:src|href)="[^"]*?(assets\/[^"]+\.(?:js|css))"/g)].map(([, file]) => file!),
    ...Object.values(manifest)
      .filter((chunk) => chunk.isEntry)
      .map((chunk) => chunk.file),
  ];
  const lazy = SIGNED_IN_LIST.map((src) => {
    const chunk = manifest[src];
    if (!chunk) throw new Error(`${src} is no chunk of the build: update SIGNED_IN_LIST in scripts/bundle-size.ts`);
    return chunk.file;
  });

  const all = Object.entries(files);
  const of = (list: string[], extension: string) =>
    sum(list.filter((file) => file.endsWith(extension)).map((file) => files[file]!));
  const visitOf = (list: string[]): VisitSize => ({ js: of(list, '.js'), css: of(list, '.css'), files: list });
  return {
    files,
    signIn: visitOf(closure(first)),
    signedInList: visitOf(closure([...first, ...lazy])),
    totalJs: sum(all.filter(([file]) => file.endsWith('.js')).map(([, size]) => size)),
    totalCss: sum(all.filter(([file]) => file.endsWith('.css')).map(([, size]) => size)),
  };
}

/**
 * Gzip byte budgets of what people wait for, checked by `npm run check:budgets` and printed by
 * `npm run bench`: the JS before the sign-in screen works, and the JS of a signed-in visit to the
 * list. All JS (every screen, loaded when opened or while the browser is idle) is reported against
 * a guard, not gated.
 */
export const BUDGETS = {
  signInJs: 100 * 1024,
  signedInListJs: 155 * 1024,
  allJsGuard: 200 * 1024,
};
