// Fails when what a visit waits for outgrows its byte budget (gzip), naming the biggest files;
// reports all JS against its guard.
import { BUDGETS, measureBundle, type VisitSize } from './bundle-size.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const report = measureBundle();
const biggest = (files: string[]) =>
  files
    .filter((file) => file.endsWith('.js'))
    .map((file) => [file, report.files[file]!.gzip] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([file, gzip]) => `    ${file}: ${kb(gzip)}`)
    .join('\n');

const failures: string[] = [];
const check = (what: string, visit: VisitSize, budget: number) => {
  console.log(`${what}: ${kb(visit.js.gzip)} of ${kb(budget)} (gzip)`);
  if (visit.js.gzip > budget)
    failures.push(`${what} is ${kb(visit.js.gzip)}, over ${kb(budget)}:\n${biggest(visit.files)}`);
};
check('JS before the sign-in screen works', report.signIn, BUDGETS.signInJs);
check('JS of a signed-in visit to the pets list', report.signedInList, BUDGETS.signedInListJs);
const guard = report.totalJs.gzip > BUDGETS.allJsGuard ? `, over its guard of ${kb(BUDGETS.allJsGuard)}` : '';
console.log(`All JS, every screen: ${kb(report.totalJs.gzip)} (gzip, not gated${guard})`);
if (guard) console.warn(`All JS has outgrown its guard:\n${biggest(Object.keys(report.files))}`);
if (failures.length) {
  console.error(`\nOver budget:\n${failures.join('\n')}`);
  process.exit(1);
}
