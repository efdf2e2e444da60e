/**
 * The forecast in the acknowledgement of accepted orders: the turn flown with the player's orders
 * against every other plane's missed-orders default (its carried-over manoeuvre, then forwards,
 * fire held: core/movement/default-plot.ts), so he learns which shots his planes would get and
 * why his other FIRE orders would not fire. Nothing of anyone else's real orders goes in, and no
 * die: the turn is a dry run (core/turn.ts `dry`), which finds shots without throwing them (the
 * turn's dice are not even known yet: they wait for every player's orders, docs/fair-dice.md).
 */
import type { SightedShot } from '../../core/combat/fire-phase.ts';
import type { GameState } from '../../core/state.ts';
import { resolveTurn, type TurnOrders } from '../../core/turn.ts';
import { clockWords } from '../../report/clock.ts';
import { noShotLines } from '../../report/no-shot.ts';
import { isImpulseZero, phaseName, type TurnShape, turnShape } from '../../report/turn-shape.ts';
import { flying, myPlanes } from '../../core/outcome.ts';
import { wrap } from '../words/text.ts';

/** When a shot would come: its impulse, or in a two-phase turn its phase (the impulses there depend on the initiative roll). */
function whenText(shape: TurnShape, impulse: number): string {
  if (!shape.twoPhase) return `in impulse ${impulse}`;
  const phase = phaseName(shape, impulse);
  return isImpulseZero(shape, impulse) ? `at the impulse zero of the ${phase} phase` : `in the ${phase} phase`;
}

const sightedLine = (s: SightedShot, shape: TurnShape): string =>
  `${s.plane} would fire ${s.guns.join('+') === 'ROCKETS' ? 'its rockets' : s.guns.join('+')} at ${s.target} ${whenText(shape, s.impulse)}, ` +
  `range ${s.range}, ${clockWords(s.target, s.plane, s.clock)}`;

/**
 * The forecast's text for a player's accepted orders, at most 78 columns wide; '' when they hold
 * no FIRE order for a plane of his that flies (there is nothing to foretell).
 */
export function forecast(state: GameState, orders: TurnOrders, planeIds: readonly string[]): string {
  const mine = flying(myPlanes(state, planeIds));
  const ids = new Set(mine.map((p) => p.id.toUpperCase()));
  const fire = orders.fire.filter((f) => ids.has(f.plane.toUpperCase()));
  if (!fire.some((f) => !f.hold)) return '';
  const plots = Object.fromEntries(Object.entries(orders.plots).filter(([id]) => ids.has(id.toUpperCase())));
  // Every other plane has no plot and no fire order here: it flies the missed-orders default.
  const r = resolveTurn(state, { plots, fire }, undefined, { dry: true });
  if (!r.ok) return '';
  const statusOf = (id: string) => r.value.state.planes.find((p) => p.id === id)?.status;
  const shape = turnShape(r.value.events);
  const lines = [
    ...(r.value.sighted ?? []).filter((s) => ids.has(s.plane.toUpperCase())).map((s) => sightedLine(s, shape)),
    ...noShotLines(
      r.value.events,
      mine.map((p) => p.id),
      statusOf,
    ),
  ];
  return [
    wrap(
      'If every other plane flies on as it would without orders (the manoeuvre it carries over, then straight on) and holds its fire:',
      0,
    ),
    ...lines.map((l) => wrap(`- ${l}`, 2)),
    wrap(
      "No die is thrown for a forecast, so it says nothing of hits. What happens is decided when the turn is resolved, with everyone's real orders.",
      0,
    ),
  ].join('\n');
}
