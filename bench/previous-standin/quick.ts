/**
 * The stand-in in the quick game (seed 004, docs/quick.md; docs/standin.md "The quick game"): each
 * aircraft's move chosen from its legal moves (plans/quick.ts), every move weighed against every
 * legal move of each enemy near enough to matter, since all move at once (seed 004 "Movement
 * Orders"). A move is worth the hits it may score less the hits it may take (seed 004 "Combat":
 * a weapon fires at an enemy in its arc within 6 hexes, hitting on a d6 at or under TO-HIT plus the
 * range modifier), three parts the enemy's average move and one part his worst for it; then room on
 * the map (a move that ends off it leaves the fight) and a fighting distance. The seed picks among
 * the near-best (weigh.ts).
 */
import type { FireOrder, QuickStep } from '../../src/orders/ast.ts';
import { formatQuickMoves } from '../../src/orders/quick.ts';
import { distance, type Hex, toColRow } from '../../src/core/hex/coords.ts';
import { clockPosition, degreesOff } from '../../src/core/hex/facing.ts';
import { quickWays, type QuickWay } from '../../src/core/plans/quick.ts';
import { ARCS, rangeModifier } from '../../src/core/quick/rules.ts';
import { toQuickState } from '../../src/core/quick/game.ts';
import type { QuickCard, QuickPlane, QuickSide, QuickState } from '../../src/core/quick/types.ts';
import type { GameState } from '../../src/core/state.ts';
import { pickNearBest } from './weigh.ts';

export interface QuickChoice {
  plane: string;
  steps: QuickStep[];
  text: string;
  why: string;
}

/** An enemy further than this at the turn's start cannot reach a shot this turn: he flies on. */
const REACH = 14;

interface At {
  hex: Hex;
  facing: number;
}

/** The hits `card`'s weapons at `from` may score on `to` this turn: each weapon's chance, summed (0: out of every arc or range). */
function hitChance(card: QuickCard, lost: readonly QuickSide[], from: At, to: Hex): number {
  const d = distance(from.hex, to);
  const mod = rangeModifier(d);
  if (mod === undefined) return 0;
  const c = clockPosition(from.hex, from.facing, to);
  let hits = 0;
  for (const w of card.weapons) {
    if (lost.includes(w) || (c !== undefined && !ARCS[w].includes(c))) continue;
    hits += Math.max(0, Math.min(6, card.toHit + mod)) / 6;
  }
  return hits;
}

const edge = (s: QuickState, h: Hex): number => {
  const { col, row } = toColRow(h);
  return Math.min(col - 1, row - 1, s.map.width - col, s.map.height - row);
};

/** Where an enemy may end: each of his legal moves (far ones: flying on). */
function enemyEnds(qs: QuickState, e: QuickPlane, me: QuickPlane): At[] {
  if (distance(e.hex, me.hex) > REACH) return [{ ...flyOn(qs, e) }];
  const ends = quickWays(qs, e)
    .filter((w) => !w.end.exited)
    .map((w) => ({ hex: w.end.hex, facing: w.end.facing }));
  return ends.length ? ends : [{ hex: e.hex, facing: e.facing }];
}

const flyOn = (qs: QuickState, e: QuickPlane): At => {
  const w = quickWays(qs, e).find((x) => x.steps.length === 1 && x.steps[0]?.kind === 'F' && x.end.speed === e.speed);
  return w ? { hex: w.end.hex, facing: w.end.facing } : { hex: e.hex, facing: e.facing };
};

/** One move's worth against the enemies' possible ends, and its words. */
function worth(
  qs: QuickState,
  me: QuickPlane,
  w: QuickWay,
  foes: { e: QuickPlane; ends: At[] }[],
): { score: number; words: string } {
  if (w.end.exited) return { score: -100, words: 'off the map' };
  const card = qs.cards[me.card] as QuickCard;
  const at: At = { hex: w.end.hex, facing: w.end.facing };
  let score = 0;
  const words: string[] = [];
  for (const { e, ends } of foes) {
    const theirs = qs.cards[e.card] as QuickCard;
    // Hits are worth more on a weaker enemy, and cost more when we are weak.
    const gain = 1 + 1 / Math.max(1, e.fuselage);
    const loss = 1 + 1 / Math.max(1, me.fuselage);
    let sum = 0;
    let worst = Infinity;
    let shots = 0;
    for (const end of ends) {
      const mine = hitChance(card, me.lost, at, end.hex);
      const his = hitChance(theirs, e.lost, end, at.hex);
      if (mine > 0) shots++;
      const v = mine * gain * 10 - his * loss * 10;
      sum += v;
      worst = Math.min(worst, v);
    }
    score += (sum / ends.length) * 0.75 + worst * 0.25;
    // A fighting distance from where he is likely to be, pointing at him.
    const mid = ends[0] as At;
    const d = distance(at.hex, mid.hex);
    score -= d > 4 ? (d - 4) * 0.6 : 0;
    const off = degreesOff(at.hex, at.facing, mid.hex);
    if (off !== undefined) score += 1 - off / 90;
    if (shots) words.push(`${e.id} in its guns after ${shots} of his ${ends.length} moves`);
  }
  // The map: room for next turn's SPEED ahead, or it must turn away.
  const room = edge(qs, at.hex);
  if (room < w.end.speed) score -= (w.end.speed - room) * 3;
  return { score, words: words.join('; ') };
}

/** The fire orders of a plane: a weapon names a target only when that enemy is sure to be in its arc and range. */
function fireOf(qs: QuickState, me: QuickPlane, at: At, foes: { e: QuickPlane; ends: At[] }[]): FireOrder[] {
  const card = qs.cards[me.card] as QuickCard;
  const out: FireOrder[] = [];
  for (const side of card.weapons.filter((s) => !me.lost.includes(s))) {
    const sure = foes
      .filter(({ ends }) =>
        ends.every((end) => {
          const c = clockPosition(at.hex, at.facing, end.hex);
          return rangeModifier(distance(at.hex, end.hex)) !== undefined && (c === undefined || ARCS[side].includes(c));
        }),
      )
      .sort((a, b) => a.e.fuselage - b.e.fuselage || a.e.id.localeCompare(b.e.id));
    const t = sure[0];
    if (t) out.push({ plane: me.id, guns: side, hold: false, target: t.e.id });
  }
  return out;
}

/** The stand-in's moves and fire orders for the quick game's aircraft of `side` (`ids`: those it flies). */
export function quickStandIn(
  state: GameState,
  side: string,
  seed: string,
  ids: (id: string) => boolean,
): { moves: Record<string, QuickStep[]>; fire: FireOrder[]; choices: QuickChoice[] } {
  const qs = toQuickState(state);
  const moves: Record<string, QuickStep[]> = {};
  const fire: FireOrder[] = [];
  const choices: QuickChoice[] = [];
  for (const me of qs.planes.filter((p) => p.side === side && p.status === 'flying' && ids(p.id))) {
    const ways = quickWays(qs, me);
    if (!ways.length) continue;
    const foes = qs.planes
      .filter((p) => p.side !== side && p.status === 'flying')
      .map((e) => ({ e, ends: enemyEnds(qs, e, me) }));
    const weighed = ways.map((w) => ({ w, ...worth(qs, me, w, foes) }));
    const best = pickNearBest(weighed, (x) => x.score, seed, `${me.id}|${qs.turn}`, 0.5) as (typeof weighed)[number];
    moves[me.id] = best.w.steps;
    fire.push(...fireOf(qs, me, best.w.end, foes));
    const text = `${me.id}: ${formatQuickMoves(best.w.steps)}`;
    const why =
      best.words || (foes.length ? 'closing on the enemy, clear of his guns' : 'no enemy flying: keeping to the map');
    choices.push({ plane: me.id, steps: best.w.steps, text, why });
  }
  return { moves, fire, choices };
}
