/**
 * What governs a plane's next plot (core/movement/limits.ts) in words, for the log sheet of every
 * report and welcome, and the obligations again as comment lines of the orders template.
 */
import { bankWords } from '../core/bank.ts';
import { firstPhaseHexes } from '../core/two-phase/initiative.ts';
import type { AltitudeLimit, Obligation, PlaneLimits } from '../core/movement/limits.ts';

const ft = (n: number): string => n.toLocaleString('en-US');
const speed = (tenths: number): string => (tenths / 10).toFixed(1);
const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

const RANGE_WORDS = { maneuver: 'manoeuvre', level: 'level', dive: 'dive' } as const;

function rangeText(l: PlaneLimits): string {
  const b = l.band;
  const [lo, hi] =
    l.range === 'maneuver'
      ? [b.minSpeed, b.maneuverMax]
      : l.range === 'level'
        ? [b.maneuverMax + 1, b.levelMax]
        : [b.levelMax + 1, b.diveMax];
  const span = lo >= hi ? `${hi}` : `${lo}-${hi}`;
  return `${RANGE_WORDS[l.range]} speed (${span} here)`;
}

/**
 * "600 ft (100 ft an impulse, 200 in 1 of them)": a turn's maximum and its share (seed 000 X.D).
 * `unit`: what a box is called, an impulse, or in the two-phase sequence a box (a hex).
 */
function altitudeText(a: AltitudeLimit, unit = 'impulse'): string {
  const each =
    a.base > 0
      ? `${ft(a.base)} ft a${unit === 'impulse' ? 'n' : ''} ${unit}${a.extra ? `, ${ft(a.base + 100)} in ${a.extra} of them` : ''}`
      : `100 ft in ${a.extra} ${unit}${a.extra === 1 ? '' : unit === 'box' ? 'es' : 's'}`;
  return `up to ${ft(a.feet)} ft (${each})`;
}

function powerText(l: PlaneLimits): string {
  const why = l.obligations.find((o): o is Extract<Obligation, { kind: 'no-power' }> => o.kind === 'no-power');
  if (l.power > 0 || !why) return `power ${l.power}`;
  const words = {
    speed: 'none at top level or dive speed',
    engines: 'an engine lost',
    'every-other-turn': 'one factor, every other turn: used last turn',
  } as const;
  return `power 0 (${words[why.why]})`;
}

/** One obligation as a sentence, or '' for those the sheet shows otherwise. */
export function obligationText(o: Obligation): string {
  switch (o.kind) {
    case 'carried': {
      const what = `${o.boxes.join(' ')}${o.mode ? ` (${o.mode})` : ''}`;
      if (o.fills === 0) return '';
      const takes =
        o.runsOn > 0
          ? `fills this turn and ${plural(o.runsOn, 'box', 'boxes')} of the next`
          : `takes the first ${o.fills === 1 ? 'box' : `${o.fills} boxes`}`;
      return `the manoeuvre carried over, ${what}, ${takes}${o.mode ? `; the plot is flown in ${o.mode} (or names no mode)` : ''}`;
    }
    case 'pull-out':
      return `must pull out of last turn's ${o.after === 'VD' ? 'vertical' : 'steep'} dive (${o.rule.replace('seed 001 ', '')}): dive at least ${ft(o.minDive)} ft and no climb, or dive steeply or vertically again`;
    case 'level-off':
      return `must level off after last turn's steep climb (${o.rule.replace('seed 001 ', '')}): no dive this turn, steep or vertical included`;
    case 'vertical-dive': {
      if (o.allowed) return `may dive vertically (VD) this turn (rule (20): it dived ${ft(o.dived)} ft last turn)`;
      const why = [
        ...(o.dived < o.needs ? [`a dive of ${ft(o.needs)} ft last turn (it dived ${ft(o.dived)})`] : []),
        ...(o.bank !== 'N' && o.bank !== 'INV' ? [`a level or inverted bank (now ${bankWords(o.bank)})`] : []),
      ];
      return `no vertical dive this turn (rule (20)): it needs ${why.join(' and ')}`;
    }
    case 'stall':
      return o.stalled
        ? `STALLED: speed ${speed(o.speed)} is under the minimum ${o.minimum} at this altitude: dive to gain speed`
        : `near the stall: its minimum speed at this altitude is ${o.minimum}; ending a turn at speed ${speed(o.stallsAt)} or slower stalls it`;
    case 'no-power':
    case 'condition':
      return '';
  }
}

const CONDITION_WORDS = {
  loaded: 'the bomb load',
  'odds-damaged': 'damage (worse turn modes, speeds and power)',
  'rockets-carried': 'rockets carried (turn modes one worse)',
  'rocket-tubes': 'rocket tubes (speeds one lower)',
  jettisoned: 'bombs jettisoned',
} as const;

const PILOT_WORDS = {
  recruit: 'a recruit pilot (turn modes one worse)',
  green: 'a green pilot (turn modes one worse)',
  regular: 'a regular pilot',
  veteran: 'a veteran pilot (bank modes one better)',
  ace: 'an ace (turn modes one better, speeds one higher, a power factor more)',
} as const;

/**
 * The sheet's lines about the next plot (unwrapped; the caller wraps them at 78 columns).
 * `twoPhase`: the game plays the two-phase sequence (seed 003), where the boxes are the plane's
 * hexes, split between the phases, not impulses.
 */
export function limitsLines(l: PlaneLimits, twoPhase = false): string[] {
  const n = l.points.length;
  if (n === 0) return ['next turn: active in no impulse (speed 0): no plot'];
  // The carried-over boxes fill the first active impulses (seed 000 X.B.5); the plot the rest.
  const list = (pts: number[]) => [...new Set(pts)].join(', ');
  const carried = n - l.need;
  const impulses =
    carried > 0
      ? `${l.need ? `impulses ${list(l.points.slice(carried))}` : 'no impulse'} (${list(l.points.slice(0, carried))} carried over)`
      : `impulses ${list(l.points)}`;
  const boxes = plural(l.need, 'box', 'boxes');
  const unit = twoPhase ? 'box' : 'impulse';
  const phases = `${plural(n, 'hex', 'hexes')}: ${firstPhaseHexes(n)} in the first phase, ${n - firstPhaseHexes(n)} in the second${carried > 0 ? `; ${carried} carried over` : ''}`;
  const m = l.modes;
  const dive =
    l.dive.feet === 0
      ? 'no dive'
      : l.mode === 'SD' || l.mode === 'VD'
        ? `${l.mode === 'SD' ? 'steep' : 'vertical'} dive of ${altitudeText(l.dive, unit).replace(/^up to /, '')}`
        : `dive ${altitudeText(l.dive, unit)}`;
  const climb =
    l.climb.feet === 0 ? 'no climb' : `${l.mode === 'SC' ? 'steep climb' : 'climb'} ${altitudeText(l.climb, unit)}`;
  const lines = [
    `next plot: ${boxes}, ${twoPhase ? phases : impulses}; ${rangeText(l)}`,
    `turn modes: turn ${m.turn}, slip ${m.slip}, half roll ${m.halfRoll}, half loop ${m.halfLoop}; bank 1 pt ${m.bank1}, 2 pts ${m.bank2}`,
    climb,
    `${dive}; ${powerText(l)}, brake ${l.brake}`,
  ];
  const effects = l.obligations.flatMap((o) => {
    if (o.kind !== 'condition') return [];
    if (o.effect === 'engines') return [`${o.working} of ${o.engines} engines`];
    if (o.effect === 'loaded-penalty')
      return [
        `the load's handicap (seed 002 9.2: turn modes ${o.steps === 2 ? 'two steps' : 'one step'} worse, a power factor less)`,
      ];
    if (o.effect === 'pilot') return [PILOT_WORDS[o.quality]];
    return [CONDITION_WORDS[o.effect]];
  });
  if (effects.length) lines.push(`these figures allow for: ${effects.join(', ')}`);
  for (const o of l.obligations) {
    const text = obligationText(o);
    if (text) lines.push(text);
  }
  return lines;
}

/**
 * The obligations a plot must meet (or a warning it should heed), for comment lines of the orders
 * template: carried-over boxes, pull-out, level-off, stall.
 */
export function obligationNotes(l: PlaneLimits): string[] {
  return l.obligations
    .filter(
      (o) =>
        o.kind === 'pull-out' || o.kind === 'level-off' || o.kind === 'stall' || (o.kind === 'carried' && l.need > 0),
    )
    .map(obligationText)
    .filter(Boolean);
}
