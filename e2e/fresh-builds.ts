// The tests serve builds of the app, which `npm run test:e2e` makes first. After a change to what
// goes into them, a plain `npx playwright test` would test the app as it was, and say nothing: this
// refuses to.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BUILDS } from './env.ts';

const SOURCES = ['src', 'public', 'contract', 'index.html', 'vite.config.ts'];

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
  for (const build of ['dist', BUILDS.root]) {
    const index = join(build, 'index.html');
    if (existsSync(index) && statSync(index).mtimeMs >= changed) continue;
    throw new Error(
      `${build}/ is older than the code it is built from: \`npm run test:e2e -- <files>\` builds it first.`,
    );
  }
}
