// `npm run bench:build -- <commit> <out dir>`: builds the app as it was at a commit, for
// `npm run bench:ab` and `npm run bench:signin` to compare with another build. The commit is checked
// out in a temporary worktree (this checkout's files, committed or not, are left alone), with this
// checkout's node_modules linked in: a commit whose dependencies differ needs `npm ci` there instead.
// vite build writes into the worktree, and the build is copied to <out dir> (its maps and manifest
// to <out dir>.meta).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const [commit, outArgument] = process.argv.slice(2);
if (!commit || !outArgument) {
  console.error('Usage: npm run bench:build -- <commit> <out dir>   (e.g. 7a84a9b /tmp/before)');
  process.exit(2);
}
const out = resolve(outArgument);

const checkout = (dir: string) =>
  ['package.json', '.git', 'src', 'node_modules'].some((name) => existsSync(join(dir, name)));
const empty = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;
/**
 * Whether the build and its .meta folder may be replaced: each absent or empty, or both a build this
 * script wrote (a manifest in .meta, and nothing of a checkout in either). A checkout has an
 * index.html too: that alone proves nothing.
 */
const replaceable =
  (empty(out) && empty(`${out}.meta`)) ||
  (!checkout(out) &&
    !checkout(`${out}.meta`) &&
    existsSync(join(out, 'index.html')) &&
    existsSync(join(`${out}.meta`, '.vite', 'manifest.json')));
if (!replaceable) {
  console.error(`${out} or ${out}.meta holds something other than an earlier build: name a new folder.`);
  process.exit(2);
}

const root = resolve(import.meta.dirname, '..');
const work = mkdtempSync(join(tmpdir(), 'petstore-build-'));
const worktree = join(work, 'app');
const git = (...args: string[]) => execFileSync('git', ['-C', root, ...args], { stdio: 'inherit' });
git('worktree', 'add', '--detach', worktree, commit);
const modules = join(worktree, 'node_modules');
try {
  symlinkSync(join(root, 'node_modules'), modules);
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: worktree, stdio: 'inherit' });
  for (const [from, to] of [
    ['dist', out],
    ['dist.meta', `${out}.meta`],
  ] as const) {
    rmSync(to, { recursive: true, force: true });
    cpSync(join(worktree, from), to, { recursive: true });
  }
  console.log(`Built ${commit} into ${out}`);
} finally {
  // The link goes first, so that removing the worktree cannot reach this checkout's node_modules.
  if (existsSync(modules)) unlinkSync(modules);
  git('worktree', 'remove', '--force', worktree);
  rmSync(work, { recursive: true, force: true });
}
