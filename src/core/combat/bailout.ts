/**
 * The bail-out phase (seed 000 IX): a plane shot down stays on the map, its orders ignored; at its
 * next active impulse after the one it was shot down in, its crew try to get out. The seeds leave
 * the roll to "the other bail out rules"; Tallyho's rule (docs/rules.md "Bail-out"): each crew
 * member throws a D6 and is saved on 1-4, on 1-2 below 1,000 ft; with the cockpit (C) destroyed the
 * pilot is lost without a roll. The plane is then out of play.
 */
import type { Dice } from '../dice.ts';
import type { GameEvent } from '../events.ts';
import { schedule } from '../impulse/schedule.ts';
import { cardOf, type GameState } from '../state.ts';

export const LOW_BAILOUT_FT = 1000;

/**
 * `atOnce`: the two-phase sequence (core/two-phase) bails out every plane shot down before this
 * impulse at the end of each phase, whatever its speed (seed 003's "waterfall": at the end of a
 * phase every delay is fulfilled).
 */
export function runBailOutPhase(
  state: GameState,
  turn: number,
  impulse: number,
  dice: Dice,
  events: GameEvent[],
  atOnce = false,
): void {
  for (const p of state.planes) {
    if (p.status !== 'shot-down' || !p.downed) continue;
    if (p.downed.turn === turn && p.downed.impulse >= impulse) continue;
    const active = schedule(p.speed).impulses;
    const next = active.length ? active : [12];
    if (!atOnce && !next.includes(impulse)) continue;
    const card = cardOf(state, p);
    const pilotKilled = !!p.damage?.destroyed.includes('C');
    const need = p.altitude < LOW_BAILOUT_FT ? 2 : 4;
    const rolls: number[] = [];
    let saved = 0;
    for (let k = pilotKilled ? 1 : 0; k < card.crew; k++) {
      const d = dice.roll(6, { turn, impulse, label: `bailout:${p.id}:${k + 1}` });
      rolls.push(d);
      if (d <= need) saved++;
    }
    const lost = card.crew - saved;
    p.status = 'bailed-out';
    p.crew = { saved, lost };
    events.push({
      impulse,
      phase: 'F',
      plane: p.id,
      type: 'bail-out',
      crew: card.crew,
      saved,
      lost,
      dice: rolls,
      rule: `D6 per crew member, saved on 1-${need}${p.altitude < LOW_BAILOUT_FT ? ' (below 1,000 ft)' : ''}${pilotKilled ? '; cockpit destroyed: the pilot is lost' : ''}`,
    });
  }
}
