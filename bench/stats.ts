/**
 * The statistics the benchmarks print, named for what they are.
 */

/** The median: the middle value, or the mean of the two middle values of an even count. */
export function median(xs: readonly number[]): number {
  if (!xs.length) throw new Error('the median of nothing');
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * Times of cases run several times each: `runs[c]` the times of case c. Two figures of them: the
 * median over every run, and the median over the cases of each case's best run ("median of
 * best-of-N"), which leaves out a garbage collection or another process that fell into one run.
 */
export function repeatedRuns(runs: readonly (readonly number[])[]): { medianAll: number; medianOfBest: number } {
  return { medianAll: median(runs.flat()), medianOfBest: median(runs.map((r) => Math.min(...r))) };
}
