/**
 * The end of a game in words (docs/players.md "The report"): who wins, and why the game ended,
 * from its last turn's events. Read by the last report and the game's web page.
 */
import type { GameEvent } from '../../core/events.ts';
import { sidesInFight } from '../../core/outcome.ts';
import type { GameState } from '../../core/state.ts';

/**
 * The end of a game in words: the side (or sides) still in the fight win; with none left, nobody.
 * A side is in the fight as isOver counts it.
 */
export function outcomeText(end: GameState): string {
  const inFight = sidesInFight(end).map((s) => end.sides[s]?.name ?? s);
  if (!inFight.length) return 'No side has anything left in the fight: nobody wins.';
  return `${inFight.join(' and ')} ${inFight.length === 1 ? 'has' : 'have'} the last ${end.quick ? 'aircraft' : 'planes'} in the fight, and ${inFight.length === 1 ? 'wins' : 'share the field'}.`;
}

/**
 * Why the game ended, from its last turn's events: what left the fight, where and when, in the
 * order it happened ("G1 left the map in impulse 12", "CV1 was sunk by D1 in impulse 12"); torpedo
 * counters spent are not counted. Empty when the events tell nothing (the game master ended it).
 */
export function endReasons(events: readonly GameEvent[], end: GameState): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const at = (e: GameEvent) =>
    e.impulse >= 1 && e.impulse <= 12 ? ` in impulse ${e.impulse}` : e.impulse > 12 ? ' at the end of the turn' : '';
  const say = (id: string, words: string) => {
    if (!seen.has(id)) {
      seen.add(id);
      out.push(`${id} ${words}`);
    }
  };
  for (const e of events) {
    if (e.type === 'exit-map') say(e.plane, `left the map${at(e)}`);
    else if (e.type === 'crash') say(e.plane, `crashed${e.why ? ` (${e.why})` : ''}${at(e)}`);
    else if (e.type === 'shot-down')
      say(e.plane, `was shot down${e.by.length ? ` by ${e.by.join(' and ')}` : ''}${at(e)}`);
    else if (e.type === 'bail-out' && end.planes.find((p) => p.id === e.plane)?.status === 'bailed-out')
      say(e.plane, `was abandoned by its crew${at(e)}`);
    else if (e.type === 'unit-lost' && e.how !== 'spent')
      say(e.plane, `was ${e.how}${e.by && e.by !== e.plane ? ` by ${e.by}` : ''}${at(e)}`);
    else if (e.type === 'quick' && e.event.type === 'exit') say(e.event.plane, 'left the map');
    else if (e.type === 'quick' && e.event.type === 'down')
      say(e.event.plane, `was ${e.event.how === 'destroyed' ? 'destroyed' : 'lost, its engine gone'} by ${e.event.by}`);
  }
  return out;
}

/** The end in one paragraph: what happened in the last turn, then who wins. */
export function endText(events: readonly GameEvent[], end: GameState): string {
  const why = endReasons(events, end);
  return `${why.length ? `${why.join('; ')}: the game is over. ` : 'The game is over. '}${outcomeText(end)}`;
}
