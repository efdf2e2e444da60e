/**
 * A chaos figure and its goal (the Acceptance list of the mailbox-abuse work): what was measured,
 * the goal in words, and whether it was met. `npm run chaos` prints them; the bounded test in
 * tests/integration/chaos.test.ts asserts them.
 */
export interface Figure {
  name: string;
  value: number | string;
  /** The goal in words, e.g. "<= 1" or "yes". */
  goal: string;
  ok: boolean;
  /** What else helps read the figure (where the worst case was, how long it took). */
  note?: string;
}

export const atMost = (name: string, value: number, max: number, note?: string, digits = 0): Figure =>
  ({ name, value: Number(value.toFixed(digits)), goal: `<= ${max}`, ok: value <= max, ...(note ? { note } : {}) });

export const atLeast = (name: string, value: number, min: number, note?: string): Figure =>
  ({ name, value, goal: `>= ${min}`, ok: value >= min, ...(note ? { note } : {}) });

export const yes = (name: string, value: boolean, note?: string): Figure =>
  ({ name, value: value ? 'yes' : 'no', goal: 'yes', ok: value, ...(note ? { note } : {}) });

/** A figure with no goal of its own, shown for context. */
export const info = (name: string, value: number | string, note?: string): Figure =>
  ({ name, value, goal: '-', ok: true, ...(note ? { note } : {}) });

export interface ScenarioResult {
  scenario: string;
  figures: Figure[];
  seconds: number;
}

/** The figures as a table for the terminal. */
export function formatFigures(results: ScenarioResult[]): string {
  const rows = results.flatMap((r) => [
    `${r.scenario} (${r.seconds.toFixed(0)} s)`,
    ...r.figures.map((f) => `  ${f.ok ? 'ok  ' : 'FAIL'} ${f.name.padEnd(46)} ${String(f.value).padStart(9)}  goal ${f.goal.padEnd(8)}${f.note ? `  ${f.note}` : ''}`),
  ]);
  return rows.join('\n');
}

export async function timed(scenario: string, run: () => Promise<Figure[]>): Promise<ScenarioResult> {
  const t0 = performance.now();
  const figures = await run();
  return { scenario, figures, seconds: (performance.now() - t0) / 1000 };
}
