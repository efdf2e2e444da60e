/**
 * Random legal plots for property tests and benchmarks: manoeuvres chosen at random, sized by the
 * plane's turn modes, checked with the referee's own planTurn; a plane for which no random plot
 * comes out legal flies its missed-orders plot.
 */
import type { Bank } from '../src/core/bank.ts';
import { bankSide } from '../src/core/bank.ts';
import { movementPoints } from '../src/core/impulse/schedule.ts';
import { missedOrders } from '../src/core/movement/missed-orders.ts';
import { bankMode, effectiveBand, turnMode } from '../src/core/movement/performance.ts';
import { planTurn } from '../src/core/movement/plan.ts';
import { cardOf, type GameState, type PlaneState } from '../src/core/state.ts';
import type { Box, Manoeuvre, Plot } from '../src/orders/ast.ts';

/** mulberry32: a small seeded generator for test data. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const box = (man: Manoeuvre, alt = 0): Box => ({ man, alt, power: 0, brake: 0 });

export function randomPlot(state: GameState, plane: PlaneState, r: () => number, forwardsOnly = false): Plot {
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded);
  const ctx = { card, band, speed: plane.speed, loaded: plane.loaded };
  const need = Math.max(0, movementPoints(plane.speed).length - (plane.carry?.boxes.length ?? 0));
  for (let attempt = 0; attempt < 12; attempt++) {
    const boxes: Box[] = [];
    let bank: Bank = plane.bank;
    for (const b of plane.carry?.boxes ?? [])
      if (['N', 'LB', 'RB', 'IL', 'IR', 'INV'].includes(b.man)) bank = b.man as Bank;
    while (boxes.length < need) {
      const pick = forwardsOnly ? 0 : Math.floor(r() * 5);
      const straights = (n: number) => {
        for (let i = 1; i < n; i++) boxes.push(box('S'));
      };
      if (pick === 1 && bankSide(bank)) {
        straights(turnMode(ctx, 'turn') + Math.floor(r() * 2));
        boxes.push(box(bankSide(bank) === 'L' ? 'TL' : 'TR'));
      } else if (pick === 2) {
        const target: Bank = bank === 'N' ? (r() < 0.5 ? 'LB' : 'RB') : 'N';
        straights(bankMode(ctx, 1));
        boxes.push(box(target === 'N' ? 'N' : target));
        bank = target;
      } else if (pick === 3) {
        straights(turnMode(ctx, 'slip'));
        boxes.push(box(r() < 0.5 ? 'SL' : 'SR'));
      } else {
        boxes.push(box('1', r() < 0.3 && plane.altitude > 3000 ? -100 : 0));
      }
    }
    const plot: Plot = { plane: plane.id, bomb: false, boxes };
    if (planTurn(state, plane, plot).ok) return plot;
  }
  return missedOrders(state, plane).plot;
}
