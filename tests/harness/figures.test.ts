/**
 * The chaos suite's figures (tests/support/chaos/figures.ts): a figure of time is printed by the
 * bounded test but never fails it; `npm run chaos` judges it with the others.
 */
import { describe, expect, it } from 'vitest';
import { atMost, formatFigures, missedUntimed, timeAtMost, type ScenarioResult } from '../support/chaos/figures.ts';

const result = (cpu: number, crashes: number): ScenarioResult => ({
  scenario: 'hostile',
  seconds: 1,
  figures: [atMost('server crashes', crashes, 0), timeAtMost('worst CPU per mail (s)', cpu, 2, 'costly', 2)],
});

describe('a chaos figure of time', () => {
  it('is left out of the goals the test asserts, and still printed against its goal', () => {
    expect(missedUntimed(result(3.5, 0))).toEqual([]);
    expect(missedUntimed(result(3.5, 1)).map((f) => f.name)).toEqual(['server crashes']);
    const printed = formatFigures([result(3.5, 0)], false);
    expect(printed).toMatch(/ over worst CPU per mail \(s\) +3\.5 +goal <= 2/);
    expect(formatFigures([result(0.5, 0)], false)).toMatch(/ time worst CPU per mail/);
  });

  it('is judged by npm run chaos like any other figure', () => {
    const r = result(3.5, 0);
    expect(r.figures.filter((f) => !f.ok).map((f) => f.name)).toEqual(['worst CPU per mail (s)']);
    expect(formatFigures([r])).toMatch(/ FAIL worst CPU per mail/);
  });
});
