/**
 * The impulse-by-impulse log of a resolved turn, in words, for mail reports and the CLI. One line
 * per plane and impulse; the end-of-turn changes (seed 000 XI) after impulse 12.
 */
import { bankWords } from '../core/bank.ts';
import type { GameEvent } from '../core/events.ts';
import { facingText } from '../core/hex/facing.ts';
import { speedText } from '../core/state.ts';
import { type CombatLogOptions, combatLines } from './combat-log.ts';
import { wrapText } from './wrap.ts';
import { quickEventLine } from './quick-log.ts';
import { impulseHeading, isImpulseZero, phaseOpening, sequenceLines, type TurnShape, turnShape } from './turn-shape.ts';

const sign = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** Groups the events of one plane in one impulse into a sentence. */
function describe(evs: GameEvent[]): string {
  const parts: string[] = [];
  let man = '';
  for (const e of evs) {
    switch (e.type) {
      case 'move':
        man = e.man;
        parts.push(`${e.from} -> ${e.to}`);
        break;
      case 'hold':
        man = e.man;
        parts.push(
          e.why === 'vertical'
            ? `stays over ${e.hex} (vertical dive)`
            : `climbs or dives in place over ${e.hex} (steep: every third point)`,
        );
        break;
      case 'turn':
        parts.push(`now facing ${facingText(e.to)}`);
        break;
      case 'bank':
        parts.push(`${bankWords(e.from)} -> ${bankWords(e.to)}`);
        break;
      case 'altitude':
        parts.push(`${e.from} -> ${e.to} ft (${sign(e.to - e.from)})`);
        break;
      case 'power':
        parts.push(`power ${e.factors}`);
        break;
      case 'brake':
        parts.push(`brake ${e.factors}`);
        break;
      case 'crash':
        parts.push(`CRASHES in ${e.hex}`);
        break;
      case 'exit-map':
        parts.push(`LEAVES THE MAP at ${e.hex}`);
        break;
      default:
        break;
    }
  }
  return `${man.padEnd(4)} ${parts.join(', ')}`;
}

/** A truck's, tank's or ship's doings in one impulse (phase B, seed 000 V). */
function describeUnit(evs: GameEvent[]): string {
  const parts: string[] = [];
  for (const e of evs) {
    switch (e.type) {
      case 'unit-move':
        parts.push(`${e.from} -> ${e.to}`);
        break;
      case 'unit-turn':
        parts.push(`now facing ${facingText(e.to)}`);
        break;
      case 'unit-exit':
        parts.push(`LEAVES THE MAP at ${e.hex}`);
        break;
      case 'unit-stop':
        parts.push(`STOPS in ${e.hex}: land ahead in ${e.ahead}`);
        break;
      // A plane on the ground (docs/ground.md).
      case 'ground-turn':
        parts.push(`turns on the ground to face ${facingText(e.to)}`);
        break;
      case 'taxi':
        parts.push(`rolls ${e.from} -> ${e.to}`);
        break;
      case 'launch':
        parts.push(
          `LAUNCHED from ${e.ship} in ${e.hex}, heading ${facingText(e.facing)}, 100 ft, speed ${speedText(e.speed)}`,
        );
        break;
      case 'crash':
        parts.push(`CRASHES in ${e.hex}${e.why ? `: ${e.why}` : ''}`);
        break;
      case 'exit-map':
        parts.push(`LEAVES THE MAP at ${e.hex}`);
        break;
      default:
        break;
    }
  }
  return parts.join(', ');
}

/** A spotting event in words: seen within two hexes, or the impulse-7 roll and its number. */
export function spotLine(e: Extract<GameEvent, { type: 'spot' }>): string {
  const off = `${e.range} hex${e.range === 1 ? '' : 'es'} off`;
  if (e.how === 'near') return `${e.plane} sights ${e.target}, ${off}: seen without a roll`;
  return `${e.plane} looks for ${e.target}, ${off}: needs ${e.needs} or less on a d6${e.keen ? ' (+1 keen eyesight)' : ''}, rolled ${e.roll}: ${e.seen ? 'SPOTTED' : 'not seen'}`;
}

/**
 * The log every player of the game reads (and the web archive shows): `no-shot` events are left
 * out, since they tell a plane's fire orders: a player is told those of his own planes apart.
 * `shape`: the turn's (turn-shape.ts), when `events` are a part of it (one impulse's, for the web
 * replay); read from the events otherwise. `names`: the sides' names by id (sideNames), for the
 * initiative lines.
 */
export function turnLog(
  events: GameEvent[],
  shape: TurnShape = turnShape(events),
  names: Readonly<Record<string, string>>,
  opts: CombatLogOptions,
): string {
  const lines: string[] = [];
  const byImpulse = new Map<number, GameEvent[]>();
  for (const e of events) if (e.type !== 'no-shot') byImpulse.set(e.impulse, [...(byImpulse.get(e.impulse) ?? []), e]);
  for (const e of byImpulse.get(0) ?? []) {
    if (e.type === 'default-orders') lines.push(`${e.plane}: ${e.reason}`);
  }
  if (byImpulse.has(0)) lines.push(...sequenceLines(shape, names));
  if (shape.quick) {
    // The quick game (seed 004): its own events, in words (quick-log.ts).
    for (const i of shape.impulses) {
      const evs = (byImpulse.get(i) ?? []).filter((e) => e.type === 'quick');
      if (!evs.length) continue;
      lines.push(impulseHeading(shape, i));
      for (const e of evs) if (e.type === 'quick') lines.push(`  ${quickEventLine(e.event, names)}`);
    }
    return wrapText(lines.join('\n'), 78, 6);
  }
  for (const i of shape.impulses) {
    const evs = byImpulse.get(i);
    const opening = byImpulse.has(0) ? phaseOpening(shape, i) : undefined;
    if (opening) lines.push(opening);
    if (!evs?.length) {
      // Every step of a two-phase turn a player counts is named, its impulse zero too (seed 003).
      if (byImpulse.has(0) && isImpulseZero(shape, i)) lines.push(impulseHeading(shape, i), '  nothing to resolve');
      continue;
    }
    lines.push(impulseHeading(shape, i));
    // Phase A: spotting (docs/spotting.md).
    for (const e of evs) if (e.type === 'spot') lines.push(`  ${spotLine(e)}`);
    for (const e of evs) {
      if (e.type === 'engine-start')
        lines.push(
          `  ${e.plane.padEnd(6)} tries its engine: d6 ${e.roll}, needs 1-${e.needs}: ${e.started ? 'STARTED (one power factor at once)' : 'does not start'}`,
        );
    }
    // Phase B; a torpedo's first hex, in phase E, is told with its drop (combat-log.ts).
    const ground = evs.filter((e) => e.phase === 'B');
    // A unit with nothing to tell here (a torpedo striking, a ship hit but not moving) is told in the combat lines.
    for (const u of [...new Set(ground.map((e) => e.plane))]) {
      const told = describeUnit(ground.filter((e) => e.plane === u));
      if (told) lines.push(`  ${u.padEnd(6)} ${told}`);
    }
    const moving = evs.filter((e) => e.phase === 'C');
    const planes = [...new Set(moving.map((e) => e.plane))];
    for (const p of planes) lines.push(`  ${p.padEnd(6)} ${describe(moving.filter((e) => e.plane === p))}`.trimEnd());
    for (const l of combatLines(evs, opts)) lines.push(`  ${l}`);
  }
  const end = byImpulse.get(shape.end) ?? [];
  if (end.length) lines.push('End of turn');
  for (const e of end) {
    const line = endOfTurnLine(e);
    if (line) lines.push(line);
  }
  return wrapText(lines.join('\n'), 78, 9);
}

/** A line of the end of the turn: speed changes, boxes carried over, stalls, ships' speeds, take-offs, bombs' marks. */
function endOfTurnLine(e: GameEvent): string | null {
  switch (e.type) {
    case 'speed': {
      const why = e.terms.map((t) => `${sign(t.tenths / 10)} ${t.why}`).join('; ');
      return `  ${e.plane.padEnd(6)} speed ${speedText(e.from)} -> ${speedText(e.to)}${why ? `: ${why}` : ''}`;
    }
    case 'carry':
      return `  ${e.plane.padEnd(6)} carries over into next turn: ${e.boxes.join(' ')}`;
    case 'stall':
      return `  ${e.plane.padEnd(6)} STALLS: speed ${speedText(e.speed)} is below its minimum ${e.minimum}`;
    case 'ship-speed':
      return `  ${e.plane.padEnd(6)} speed ${e.from} -> ${e.to} knots${e.to !== e.ordered ? ` (rung down: ${e.ordered})` : ''}`;
    case 'takeoff':
      return `  ${e.plane.padEnd(6)} LEAVES THE GROUND at ${e.hex}: speed ${speedText(e.speed)}, 100 ft; it plots as any plane in the air from next turn`;
    case 'bomb-mark':
      return `  ${e.plane.padEnd(6)} BOMB: ${e.dive ? 'dive bombing' : 'glide bombing'} on ${e.hex} from ${e.altitude} ft`;
    default:
      return null;
  }
}

/** The sides' names by id, for turnLog's initiative lines. */
export const sideNames = (state: { sides: Record<string, { name: string }> }): Record<string, string> =>
  Object.fromEntries(Object.entries(state.sides).map(([id, s]) => [id, s.name]));
