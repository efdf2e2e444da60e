/**
 * Shots, damage and bail-outs in words (seed 001 combat; seed 000 VII, IX), so a player can check
 * every die of every burst from the report: the range and its altitude adjustment, the clock and
 * the deflection, both dice by colour, the chart row, the hits, the D10s, the critical, the effects.
 */
import type { GameEvent, ShotEvent } from '../core/events.ts';
import { permilleText } from '../core/ordnance/bombing-table.ts';
import { facingText } from '../core/hex/facing.ts';
import { SYSTEM_NAMES } from '../core/damage/state.ts';
import { type FlexibleShot, rocketClock, shotClock } from './clock.ts';

type Ev<T extends GameEvent['type']> = Extract<GameEvent, { type: T }>;

const signed = (n: number): string => (n >= 0 ? `+${n}` : String(n));

const DEFLECTION: Record<string, string> = {
  none: 'no deflection',
  medium: 'medium deflection',
  high: 'high deflection',
};

/**
 * A critical hit's system in words with its key, "engine 1 (E1)", so that it is never read as a
 * plane's id (the event has no card, so an engine goes by its number).
 */
export const systemWords = (key: string): string =>
  `${SYSTEM_NAMES[key] ?? (/^E\d+$/.test(key) ? `engine ${key.slice(1)}` : key)} (${key})`;

/** The lines of one shot, indented under its impulse. */
export function shotLines(e: ShotEvent, flexible: FlexibleShot): string[] {
  const adjust = e.range - e.hexes;
  const range = adjust
    ? `range ${e.range} (${e.hexes} hex${e.hexes === 1 ? '' : 'es'}, +${adjust} for ${Math.abs(e.altitudeDiff)} ft)`
    : `range ${e.range}`;
  const lines = [
    `${e.firer} fires ${e.guns.join('+')} (${e.mix}) at ${e.target}: ${range}, ${shotClock(e, flexible(e))}, ${DEFLECTION[e.deflection.category] ?? e.deflection.category} ${signed(e.deflection.drm)}`,
    ...(e.ace
      ? [
          `  white ${e.ace.was[0]} + red ${e.ace.was[1]}: ${e.ace.plane === e.firer ? 'a miss' : `hits on ${e.target}`}; ${e.ace.plane}'s pilot plays his ace's card (once a game, seed 002 9.1.8): thrown again`,
        ]
      : []),
    `  white ${e.dice.white} + red ${e.dice.red} ${signed(e.deflection.drm)}${e.pilot ? ` ${e.pilot.why.join(' ')}` : ''} = ${e.total}: row ${e.row} of the ${e.chart} chart: ${e.hits} hit${e.hits === 1 ? '' : 's'}`,
  ];
  if (e.model === 'odds' && e.odds) {
    const o = e.odds;
    lines.push(
      o.points !== undefined
        ? `  ${e.hits} x HV ${o.hv} = ${o.label}${o.rolls.length ? `, leftover roll ${o.rolls.join(', ')}` : ''}: ${o.outcome}`
        : `  ${e.hits} x HV ${o.hv} against defence ${o.defence}: odds ${o.label}${o.rolls.length ? `, die ${o.rolls.join(' then ')}` : ''}: ${o.outcome}`,
    );
  } else if (e.locations.length) {
    const crit = e.critical ? `; red ${e.dice.red}: +${e.critical.extra} on ${systemWords(e.critical.system)}` : '';
    lines.push(`  ${e.locations.join('; ')}${crit}`);
  }
  if (e.odds?.ammo !== undefined) lines.push(`  ammunition die ${e.odds.ammo} (seed 002 10.15)`);
  if (e.effects.length) lines.push(`  -> ${e.effects.join('; ')}`);
  return lines;
}

/** A flak miss at a chance below this (permille) may be told in one line with the others (docs/flak.md). */
export const FLAK_SUMMARY_PERMILLE = 10;

export interface CombatLogOptions {
  /**
   * The mail's log: flak misses at under 1% are told in one line per impulse ("14 more flak rolls
   * at under 1%, all missed"); every roll stays in the events, the fair-dice record and the web
   * archive's turn page, which tells them one by one.
   */
  summariseFlak?: boolean;
  /** Which shots were fired by flexible guns (report/clock.ts flexibleShots of the game's state): their clock is said from the firer. */
  flexible: FlexibleShot;
}

/** Lines for the combat events of one impulse (shots with their effects, bail-outs). */
export function combatLines(evs: readonly GameEvent[], opts: CombatLogOptions): string[] {
  const out: string[] = [];
  const faint = opts.summariseFlak
    ? evs.filter((e): e is Ev<'flak'> => e.type === 'flak' && !e.hit && e.chance < FLAK_SUMMARY_PERMILLE)
    : [];
  const told = new Set<GameEvent>(faint);
  for (const e of evs) {
    if (told.has(e)) continue;
    if (e.type === 'shot') out.push(...shotLines(e, opts.flexible));
    else if (e.type === 'power-cut')
      out.push(
        `${e.plane}: ${e.erased} power factor${e.erased === 1 ? '' : 's'} erased from the plot (seed 000 X.C.3)`,
      );
    else if (e.type === 'bail-out') out.push(bailLine(e));
    else if (e.type === 'bomb') out.push(...bombLines(e));
    else if (e.type === 'unit-move' && e.phase === 'E') out.push(`  ${e.plane} runs ${e.from} -> ${e.to}`);
    else if (e.type === 'unit-exit' && e.phase === 'E') out.push(`  ${e.plane} runs off the map at ${e.hex}`);
    else if (e.type === 'torpedo-drop')
      out.push(
        `${e.plane} drops torpedo ${e.torpedo} in ${e.hex} from ${e.altitude} ft, heading ${facingText(e.facing)}`,
      );
    else if (e.type === 'torpedo-run') out.push(...torpedoRunLines(e));
    else if (e.type === 'torpedo-strike') out.push(torpedoStrikeLine(e));
    else if (e.type === 'jettison') out.push(`${e.plane} jettisons its bombs over ${e.hex}`);
    else if (e.type === 'unit-damage')
      out.push(
        `  -> ${e.plane}: ${e.points} damage point${e.points === 1 ? '' : 's'}, ${e.taken} of ${e.capacity}; top speed now ${e.maxKnots} knots`,
      );
    else if (e.type === 'unit-lost')
      out.push(
        e.how === 'spent'
          ? `${e.plane} has run its range and sinks in ${e.hex}`
          : `  -> ${e.plane} ${e.how === 'sunk' ? 'SINKS' : 'is DESTROYED'} in ${e.hex}`,
      );
    else if (e.type === 'flak') out.push(...flakLines(e));
    else if (e.type === 'ground-rockets')
      out.push(
        ...(e.why
          ? [`${e.plane} does not fire its ${e.rockets} ${e.kind}: ${e.why}`]
          : [
              `${e.plane} fires ${e.rockets} ${e.kind} from ${e.hex} at ${e.altitude} ft at ${e.target}, ${e.range} hex${e.range === 1 ? '' : 'es'} ahead`,
              `  hit chance ${permilleText(e.chance)} a rocket (1-${e.chance} on a d1000); rolled ${e.rolls.join(', ')}: ${e.hits ? `${e.hits} hit${e.hits === 1 ? '' : 's'}` : 'missed'}`,
            ]),
      );
    else if (e.type === 'land')
      out.push(
        `${e.plane} LANDS ${e.on.startsWith('the ') ? 'on' : 'on the deck of'} ${e.on} in ${e.hex}${e.on.startsWith('the ') ? `, rolling at speed ${(e.speed / 10).toFixed(1)}: brake (B) on the next turns` : ': the wires stop it'}`,
      );
    else if (e.type === 'land-fail') out.push(`${e.plane} does not land in ${e.hex}: ${e.why}; it flies on`);
    else if (e.type === 'rocket')
      out.push(
        `${e.plane} fires its rockets at ${e.target}: range ${e.range}, ${rocketClock(e)}, D6 ${e.die}, needs 1-${e.hitOn}: ${e.hit ? `HIT, ${e.target} destroyed` : 'missed'}`,
      );
  }
  if (faint.length) {
    const guns = [...new Set(faint.map((e) => e.plane))].join(', ');
    const at = [...new Set(faint.map((e) => e.target))].join(', ');
    out.push(
      `${faint.length === 1 ? 'One flak roll' : `${faint.length} flak rolls`} at under 1% (${guns} at ${at}): all missed (every roll follows from the turn's dice seed, FAIR DICE below, and is listed on the turn's web page)`,
    );
  }
  return out;
}

const METHOD: Record<Ev<'bomb'>['method'], string> = {
  dive: 'dive bombing',
  glide: 'glide bombing',
  level: 'level bombing',
};

/** A release (seed 000 VIII): method, height, the bombs and every die against the chance. */
export function bombLines(e: Ev<'bomb'>): string[] {
  const load = `${e.bombs === 1 ? 'a' : e.bombs} ${e.lb} lb bomb${e.bombs === 1 ? '' : 's'}`;
  const head = `${e.plane} drops ${load} on ${e.hex}, ${METHOD[e.method]} from ${e.altitude} ft`;
  if (!e.target) return [`${head}: no enemy truck, tank or ship there; the bombs fall on empty ground or sea`];
  return [
    `${head} at ${e.target}`,
    `  hit chance ${permilleText(e.chance)} a bomb (1-${e.chance} on a d1000); rolled ${e.rolls.join(', ')}: ${e.hits ? `${e.hits} hit${e.hits === 1 ? '' : 's'}` : 'missed'}`,
  ];
}

/**
 * A torpedo reaching a ship's hex and its one throw. A hit in the impulse of release does its
 * damage only in impulse 7 (seed 000 VIII.5, V.D.5): the line says when, so that the damage told
 * there (torpedoStrikeLine) is not looked for here.
 */
export function torpedoRunLines(e: Ev<'torpedo-run'>): string[] {
  const head = `${e.phase === 'E' ? '  ' : ''}${e.plane} reaches ${e.target}: hit chance ${permilleText(e.chance)} (1-${e.chance} on a d1000); rolled ${e.roll}: ${e.hit ? 'HIT' : 'missed'}`;
  if (!e.strikes) return [head];
  const when =
    e.strikes === 'next-turn'
      ? 'in impulse 7 of next turn'
      : 'later this turn, with impulse 7 (in a two-phase turn, at the second impulse zero)';
  return [
    `${head}; its damage comes ${when} (seed 000 VIII.5, V.D.5: a torpedo's damage comes in impulse 7, never in the impulse it is dropped)`,
  ];
}

/** Impulse 7: a torpedo that hit in the impulse of its release does its damage now (seed 000 V.D.5). */
export function torpedoStrikeLine(e: Ev<'torpedo-strike'>): string {
  const head = `${e.plane}, which hit ${e.target} in turn ${e.met.turn}, impulse ${e.met.impulse}`;
  return e.gone
    ? `${head}, would strike now (seed 000 V.D.5: a torpedo's damage comes in impulse 7), but ${e.target} ${e.gone === 'sunk' ? 'has sunk already' : 'has left the map'}`
    : `${head}, strikes now (seed 000 V.D.5: a torpedo's damage comes in impulse 7)`;
}

/** A flak volley (docs/flak.md): the guns in reach, the slant range, the chance and the die. */
export function flakLines(e: Ev<'flak'>): string[] {
  const where = `${e.range} hex${e.range === 1 ? '' : 'es'} off, ${e.altitude} ft up: slant ${e.slantM} m`;
  return [
    `${e.plane} flak at ${e.target}, ${where}, with ${e.guns.join(', ')}`,
    `  kill chance ${permilleText(e.chance)} (1-${e.chance} on a d1000); rolled ${e.roll}: ${e.hit ? `HIT\n  -> ${e.target} SHOT DOWN: hit by flak` : 'missed'}`,
  ].flatMap((l) => l.split('\n'));
}

export const bailLine = (e: Ev<'bail-out'>): string =>
  `${e.plane} bail-out: ${e.saved} of ${e.crew} crew saved, ${e.lost} lost (dice ${e.dice.join(' ') || 'none'}; ${e.rule})`;

/** One line per truck, tank or ship wrecked or sunk this turn, for the head of a report. */
export function unitLosses(events: readonly GameEvent[]): string[] {
  // What hit each unit this turn, in words. A torpedo's hit in the impulse of release strikes in
  // impulse 7 (seed 000 VIII.5, V.D.5), maybe next turn: it is told with the strike.
  const hitBy = new Map<string, Set<string>>();
  const add = (target: string | null, what: string): void => {
    if (target) hitBy.set(target, (hitBy.get(target) ?? new Set()).add(what));
  };
  for (const e of events) {
    if ((e.type === 'torpedo-run' && e.hit && !e.strikes) || (e.type === 'torpedo-strike' && !e.gone))
      add(e.target, 'torpedo');
    else if (e.type === 'bomb' && e.hits) add(e.target, 'bombs');
    else if (e.type === 'ground-rockets' && e.hits) add(e.target, 'rockets');
  }
  return events
    .filter((e): e is Ev<'unit-lost'> => e.type === 'unit-lost' && e.how !== 'spent')
    .map(
      (e) =>
        `${e.plane} ${e.how === 'sunk' ? 'sunk' : 'destroyed'} in ${e.hex} by ${e.by}'s ${[...(hitBy.get(e.plane) ?? ['bombs'])].join(' and ')} in impulse ${e.impulse}`,
    );
}

/** One line per plane shot down this turn, for the head of a report. */
export function casualties(events: readonly GameEvent[]): string[] {
  return events
    .filter((e): e is Ev<'shot-down'> => e.type === 'shot-down')
    .map((e) => `${e.plane} shot down by ${e.by.join(', ')} in impulse ${e.impulse}: ${e.cause}`);
}
