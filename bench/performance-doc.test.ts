import { check, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { BUDGETS } from '../scripts/bundle-size.ts';
import { performanceDoc, type BenchResults } from './performance-doc.ts';

const size = (gzip: number) => ({ raw: gzip * 3, gzip, brotli: gzip - 100 });

const results: BenchResults = {
  commit: { sha: 'abc1234', uncommitted: false },
  machine: { cpus: 2, benchmarkIndex: 2784 },
  bundle: {
    signIn: { js: size(60 * 1024) },
    signedInList: { js: size(BUDGETS.signedInListJs + 1) },
    totalJs: size(180 * 1024),
  },
  lighthouse: [
    { page: 'sign-in', preset: 'mobile', lcpMs: 951.4, tbtMs: 12, cls: 0, accessibility: 1, bestPractices: 1 },
    { page: 'pets table', preset: 'desktop', lcpMs: NaN, tbtMs: 0, cls: 0.0123, accessibility: 0.98, bestPractices: 1 },
  ],
  lighthouseRuns: 3,
  interactions: [{ interaction: 'status filter | 100 rows', runs: 15, medianMs: 44, worstMs: 80 }],
  server: {
    pets: 5000,
    comparisons: [
      { scenario: 'limit=20, same answer, ours / json-server 0.17', ratio: 17.3, target: '≥ 5×', met: true },
      { scenario: 'limit=20, json-server unsorted, ours / json-server 0.17', ratio: 2.1, target: '', met: undefined },
    ],
  },
};

/** The cells after the first of the table's row whose first cell is `figure` (pipes in a cell escaped). */
const rowOf = (doc: string, figure: string) =>
  doc
    .split('\n')
    .map((line) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((text) => text.trim().replaceAll('\\|', '|')),
    )
    .find((cells) => cells[0] === figure)
    ?.slice(1);

describe('performanceDoc', () => {
  it('names the commit and the machine speed the figures were measured at', async () => {
    const doc = await performanceDoc(results);
    expect(doc).toMatch(/^# Performance\n/);
    expect(doc).toContain('at abc1234, on 2 shared cores whose speed was\n2784');
    const uncommitted = await performanceDoc({ ...results, commit: { sha: 'abc1234', uncommitted: true } });
    expect(uncommitted).toContain('at abc1234 with uncommitted changes,');
  });

  it('gives each byte figure against its budget, with a verdict', async () => {
    const doc = await performanceDoc(results);
    expect(rowOf(doc, 'Bytes: JS before the sign-in screen works, gzip')).toEqual(['60.0 KB', '≤ 100.0 KB: met']);
    expect(rowOf(doc, 'Bytes: JS of a signed-in visit to the pets list, gzip')).toEqual([
      '155.0 KB',
      '≤ 155.0 KB: **MISSED**',
    ]);
    expect(rowOf(doc, 'Bytes: all JS, gzip')).toEqual(['180.0 KB', '≤ 200.0 KB (a guard, not gated): met']);
  });

  it('gives every Lighthouse page, interaction and service ratio; times without a limit', async () => {
    const doc = await performanceDoc(results);
    expect(rowOf(doc, 'Lighthouse mobile, sign-in')).toEqual([
      'LCP 951 ms, TBT 12 ms, CLS 0.000; accessibility 1, best practices 1',
      'scores of 1: met',
    ]);
    expect(rowOf(doc, 'Lighthouse desktop, pets table')).toEqual([
      'LCP –, TBT 0 ms, CLS 0.012; accessibility 0.98, best practices 1',
      'scores of 1: **MISSED**',
    ]);
    expect(rowOf(doc, 'Interaction: status filter | 100 rows')).toEqual(['44 ms (worst of 15: 80 ms)', '']);
    expect(rowOf(doc, 'Service, requests/s: limit=20, same answer, ours / json-server 0.17')).toEqual([
      '17.3×',
      '≥ 5×: met',
    ]);
    expect(rowOf(doc, 'Service, requests/s: limit=20, json-server unsorted, ours / json-server 0.17')).toEqual([
      '2.1×',
      '',
    ]);
  });

  it('is as Prettier formats it, so that the lint passes on what the bench wrote', async () => {
    const options = await resolveConfig(new URL('../docs/performance.md', import.meta.url));
    expect(await check(await performanceDoc(results), { ...options, parser: 'markdown' })).toBe(true);
  });
});
