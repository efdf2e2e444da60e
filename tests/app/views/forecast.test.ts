/**
 * The forecast in the acknowledgement (src/app/views/forecast.ts): the player's orders against every
 * other plane's missed-orders default; never the other players' real orders, never a die.
 */
import { describe, expect, it } from 'vitest';
import { forecast } from '../../../src/app/views/forecast.ts';
import { intake } from '../../../src/app/intake/intake.ts';
import { createGame, parseScenario } from '../../../src/core/scenario.ts';
import type { GameState } from '../../../src/core/state.ts';
import { resolveTurn, type TurnOrders } from '../../../src/core/turn.ts';
import { parseOrders } from '../../../src/orders/index.ts';
import { DUEL, envelope, mail, place, startedDuel, testCards, testReferee } from '../../support/app.ts';

const RED = 'red@example.test';
const BLUE = 'blue@example.test';

/** The duel of the app tests: R1 in 1216 flying north, B1 in 1408 flying south, 500 ft higher. */
function duelState(): GameState {
  const cards = testCards();
  const sc = parseScenario(DUEL, 'duel', cards);
  if (!sc.ok) throw new Error('scenario');
  return createGame(sc.value, cards, 'the-game-seed');
}

const orders = (body: string): TurnOrders => {
  const env = parseOrders(`#TALLYHO duel red "x"\n${body}\n#END`).envelopes[0]!;
  return { plots: Object.fromEntries(env.plots.map((p) => [p.plane, p])), fire: env.fire };
};

describe('the forecast', () => {
  it("names the shot the player's plane would take if the others flew on, as the real turn then does", () => {
    const state = duelState();
    const red = orders('R1: 1 1 1 1 1\nFIRE R1 FF AT B1');
    const text = forecast(state, red, ['R1']);
    expect(text).toContain("- R1 would fire FF at B1 in impulse 3, range 8, B1 at R1's 1 o'clock");
    // The real turn with B1 given no orders (the missed-orders default) takes that very shot.
    const real = resolveTurn(state, red);
    expect(
      real.ok && real.value.events.filter((e) => e.type === 'shot').map((e) => [e.impulse, e.firer, e.target, e.range]),
    ).toEqual([[3, 'R1', 'B1', 8]]);
    for (const l of text.split('\n')) expect(l.length).toBeLessThanOrEqual(78);
  });

  it('gives the no-shot line of a FIRE order that would not fire', () => {
    const text = forecast(duelState(), orders('R1: 1 1 1 1 1\nFIRE R1 FF AT B1 WITHIN 3'), ['R1']);
    expect(text).toContain(
      "- FIRE R1 FF AT B1 WITHIN 3: no shot - closest chance in impulse 10, range 3\n  (2 hexes, 500 ft apart), B1 at R1's 3 o'clock: B1 not ahead (fixed guns fire\n  forward)",
    );
    expect(text).not.toMatch(/would fire/);
  });

  it("throws no die: the same whatever the game's dice seed, and no die or hit in it", () => {
    const red = orders('R1: 1 1 1 1 1\nFIRE R1 FF AT B1');
    const a = forecast(duelState(), red, ['R1']);
    const b = forecast({ ...duelState(), dice: { seed: 'another-seed' } }, red, ['R1']);
    expect(b).toBe(a);
    expect(a).not.toMatch(/white|D10|\d+ hits?|damage|shot down/i);
  });

  it('is left out when the orders hold no FIRE line', () => {
    expect(forecast(duelState(), orders('R1: 1 1 1 1 1\nHOLD R1'), ['R1'])).toBe('');
    expect(forecast(duelState(), orders('R1: 1 1 1 1 1'), ['R1'])).toBe('');
  });

  it("in the acknowledgement: labelled as no result, and blind to the other player's real orders", () => {
    const t = testReferee();
    const s = startedDuel(t);
    // Blue's real orders come first: B1 turns right, and fires. Flying straight on it would not
    // come as close (the default the forecast uses).
    intake(t.deps, mail(BLUE, envelope('duel', 'blue', s.blue, 'B1: RB S TR 1 1\nFIRE B1 FF AT R1')), place(1));
    const body = 'R1: 1 1 1 1 1\nFIRE R1 FF AT B1 WITHIN 3';
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, body)), place(2));
    const ack = t.store
      .tx((tx) => tx.outbox.list())
      .filter((m) => m.kind === 'ack' && m.recipient === RED)
      .at(-1)!;
    expect(ack.subject).toBe('[duel] Turn 1 orders accepted');
    expect(ack.text).toContain("FORECAST (not a result: the other players' real orders are not used)\n\n");
    expect(ack.html).toContain("<h2>Forecast (not a result: the other players' real orders are not used)</h2>");
    const expected = forecast(duelState(), orders(body), ['R1']);
    expect(ack.text).toContain(expected);
    expect(ack.text).toContain('closest chance in impulse 10, range 3');
    // With blue's real plot R1's chance would have been another (range 1, outside the cone).
    const withBlue = resolveTurn(
      duelState(),
      { plots: { ...orders(body).plots, ...orders('B1: RB S TR 1 1').plots }, fire: orders(body).fire },
      undefined,
      { dry: true },
    );
    expect(withBlue.ok && withBlue.value.events.find((e) => e.type === 'no-shot')).toMatchObject({
      range: 1,
      reason: 'outside-cone',
    });
    expect(ack.text).not.toMatch(/outside the cone|FIRE B1|B1 would fire|TR 1 1/);
  });

  it('is not in a refused acknowledgement', () => {
    const t = testReferee();
    const s = startedDuel(t);
    intake(t.deps, mail(RED, envelope('duel', 'red', s.red, 'R1: 1 1 1 1\nFIRE R1 FF AT B1')), place(1));
    const ack = t.store
      .tx((tx) => tx.outbox.list())
      .filter((m) => m.kind === 'ack')
      .at(-1)!;
    expect(ack.subject).toBe('[duel] Turn 1 orders NOT accepted');
    expect(ack.text).not.toMatch(/FORECAST/);
  });
});
