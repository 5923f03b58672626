import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { moveMetaFiles } from './meta-out-of-dist.ts';

const work = mkdtempSync(join(tmpdir(), 'meta-out-of-dist-'));
afterEach(() => rmSync(work, { recursive: true, force: true }));

it('moves source maps and the manifest beside the build, where they keep their paths', () => {
  const dist = join(work, 'dist');
  for (const file of ['index.html', 'assets/index-1.js', 'assets/index-1.js.map', '.vite/manifest.json']) {
    mkdirSync(join(dist, file, '..'), { recursive: true });
    writeFileSync(join(dist, file), file);
  }
  moveMetaFiles(dist, join(work, 'dist.meta'));
  expect(readdirSync(dist, { recursive: true, encoding: 'utf8' }).sort()).toEqual([
    'assets',
    'assets/index-1.js',
    'index.html',
  ]);
  expect(existsSync(join(work, 'dist.meta/assets/index-1.js.map'))).toBe(true);
  expect(existsSync(join(work, 'dist.meta/.vite/manifest.json'))).toBe(true);
});
