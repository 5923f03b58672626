// The tests serve builds of the app, which `npm run test:e2e` makes first. After a change to what
// goes into them, a plain `npx playwright test` would test the app as it was, and say nothing: this
// refuses to.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILDS } from './env.ts';

/** What a build is made from. */
const SOURCES = [
  'src',
  'public',
  'contract',
  'build',
  'index.html',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

/** Each build the tests serve, and the base it is made for. */
const SERVED = [
  { dir: 'dist', base: '/admin/' },
  { dir: BUILDS.root, base: '/' },
  { dir: BUILDS.next, base: '/admin/' },
];

const changedLast = () =>
  Math.max(
    ...SOURCES.flatMap((source) =>
      statSync(source).isDirectory()
        ? readdirSync(source, { recursive: true, encoding: 'utf8' }).map((file) => statSync(join(source, file)).mtimeMs)
        : [statSync(source).mtimeMs],
    ),
  );

export default function refuseStaleBuilds() {
  const changed = changedLast();
  for (const { dir, base } of SERVED) {
    const index = join(dir, 'index.html');
    const fresh =
      existsSync(index) && statSync(index).mtimeMs >= changed && readFileSync(index, 'utf8').includes(`${base}assets/`);
    if (fresh) continue;
    throw new Error(
      `${dir}/ is missing, older than the code it is built from, or not built for ${base}: ` +
        '`npm run test:e2e -- <files>` builds it first.',
    );
  }
}
