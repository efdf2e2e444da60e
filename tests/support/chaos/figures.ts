/**
 * A chaos figure and its goal (the Acceptance list of the mailbox-abuse work): what was measured,
 * the goal in words, and whether it was met. `npm run chaos` prints them and exits 1 when a goal is
 * missed; the bounded test in tests/integration/chaos.test.ts asserts them all but the figures of
 * time (`timed`: CPU seconds a mail), which the machine's load moves: it prints those only.
 */
export interface Figure {
  name: string;
  value: number | string;
  /** The goal in words, e.g. "<= 1" or "yes". */
  goal: string;
  ok: boolean;
  /** What else helps read the figure (where the worst case was, how long it took). */
  note?: string;
  /** A figure of time: judged by `npm run chaos`, printed but not asserted by the test. */
  timed?: boolean;
}

export const atMost = (name: string, value: number, max: number, note?: string, digits = 0): Figure => ({
  name,
  value: Number(value.toFixed(digits)),
  goal: `<= ${max}`,
  ok: value <= max,
  ...(note ? { note } : {}),
});

/** A time with a goal (CPU seconds): see `timed`. */
export const timeAtMost = (name: string, value: number, max: number, note?: string, digits = 0): Figure => ({
  ...atMost(name, value, max, note, digits),
  timed: true,
});

export const atLeast = (name: string, value: number, min: number, note?: string): Figure => ({
  name,
  value,
  goal: `>= ${min}`,
  ok: value >= min,
  ...(note ? { note } : {}),
});

export const yes = (name: string, value: boolean, note?: string): Figure => ({
  name,
  value: value ? 'yes' : 'no',
  goal: 'yes',
  ok: value,
  ...(note ? { note } : {}),
});

/** A figure with no goal of its own, shown for context. */
export const info = (name: string, value: number | string, note?: string): Figure => ({
  name,
  value,
  goal: '-',
  ok: true,
  ...(note ? { note } : {}),
});

export interface ScenarioResult {
  scenario: string;
  figures: Figure[];
  seconds: number;
}

/**
 * The figures as a table for the terminal. With `timesJudged` false (the test), a figure of time
 * is marked `time` (met) or `over` (missed, not a failure there) instead of ok or FAIL.
 */
export function formatFigures(results: ScenarioResult[], timesJudged = true): string {
  const mark = (f: Figure) => (f.timed && !timesJudged ? (f.ok ? 'time' : 'over') : f.ok ? 'ok  ' : 'FAIL');
  const rows = results.flatMap((r) => [
    `${r.scenario} (${r.seconds.toFixed(0)} s)`,
    ...r.figures.map(
      (f) =>
        `  ${mark(f)} ${f.name.padEnd(46)} ${String(f.value).padStart(9)}  goal ${f.goal.padEnd(8)}${f.note ? `  ${f.note}` : ''}`,
    ),
  ]);
  return rows.join('\n');
}

/** The goals a test asserts: every missed one but the figures of time. */
export const missedUntimed = (r: ScenarioResult): Figure[] => r.figures.filter((f) => !f.ok && !f.timed);

export async function timed(scenario: string, run: () => Promise<Figure[]>): Promise<ScenarioResult> {
  const t0 = performance.now();
  const figures = await run();
  return { scenario, figures, seconds: (performance.now() - t0) / 1000 };
}
