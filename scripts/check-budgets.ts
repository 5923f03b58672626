// Fails when the built app outgrows its byte budgets (gzip), naming what grew.
import { BUDGETS, measureBundle } from './bundle-size.ts';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const report = measureBundle();
const failures: string[] = [];
const biggest = (files: string[]) =>
  files
    .filter((file) => file.endsWith('.js'))
    .map((file) => [file, report.files[file]!.gzip] as const)
    .sort((a, b) => b[1] - a[1])
    .map(([file, gzip]) => `    ${file}: ${kb(gzip)}`)
    .join('\n');

const { signIn } = report;
if (signIn.js.gzip > BUDGETS.signInJs) {
  failures.push(
    `JS before the sign-in screen is ${kb(signIn.js.gzip)} gzip, over ${kb(BUDGETS.signInJs)}:\n${biggest(signIn.files)}`,
  );
}
if (report.totalJs.gzip > BUDGETS.totalJs) {
  failures.push(
    `All JS is ${kb(report.totalJs.gzip)} gzip, over ${kb(BUDGETS.totalJs)}:\n${biggest(Object.keys(report.files))}`,
  );
}

console.log(
  `Byte budgets: sign-in JS ${kb(signIn.js.gzip)} / ${kb(BUDGETS.signInJs)}, ` +
    `all JS ${kb(report.totalJs.gzip)} / ${kb(BUDGETS.totalJs)} (gzip)`,
);
if (failures.length) {
  console.error(`\nOver budget:\n${failures.join('\n')}`);
  process.exit(1);
}
