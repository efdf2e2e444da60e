/**
 * Golden cases of the quick game (seed 004), as readable text (tests/golden/quick/*.txt):
 *
 *   === Q.1 title
 *   rule: seed 004 "..."
 *   map: 20x20
 *   before:
 *     A1 card=spitfire side=a hex=1010 facing=0 speed=4 [engine=n] [fuselage=n] [lost=F,B]
 *   orders:
 *     A1: 2L1
 *     FIRE A1 F AT B1
 *   dice:
 *     init:a:1 5        (label, then its rolls in order)
 *   after:
 *     A1 hex=1007 facing=11 speed=4 fuselage=3 engine=4 status=flying lost=
 *   events:             (every event, in order)
 *   errors:             (CODE plane)
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { expect } from 'vitest';
import { fixedDice } from '../../src/core/dice.ts';
import { hexLabel, parseHexLabel } from '../../src/core/hex/coords.ts';
import { parseQuickCards } from '../../src/core/quick/cards.ts';
import { resolveQuickTurn } from '../../src/core/quick/rules.ts';
import type {
  QuickCard,
  QuickEvent,
  QuickOrders,
  QuickPlane,
  QuickSide,
  QuickState,
} from '../../src/core/quick/types.ts';
import { parseQuickMoves } from '../../src/orders/quick.ts';

export interface QuickCase {
  id: string;
  title: string;
  rule: string;
  map: { width: number; height: number };
  before: string[];
  orders: string[];
  dice: string[];
  after: string[];
  events: string[];
  errors: string[];
}

export function readQuickCases(path: string): QuickCase[] {
  const cases: QuickCase[] = [];
  let cur: QuickCase | undefined;
  let section = '';
  for (const raw of readFileSync(path, 'utf8').split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (!line.trim() || line.startsWith('#')) continue;
    const head = /^=== (\S+) (.*)$/.exec(line);
    if (head) {
      cur = {
        id: head[1]!,
        title: head[2]!,
        rule: '',
        map: { width: 20, height: 20 },
        before: [],
        orders: [],
        dice: [],
        after: [],
        events: [],
        errors: [],
      };
      cases.push(cur);
      continue;
    }
    if (!cur) throw new Error(`${path}: text before the first case`);
    const key = /^(rule|map|before|orders|dice|after|events|errors):\s*(.*)$/.exec(line);
    if (key) {
      section = key[1]!;
      if (section === 'rule') cur.rule = key[2]!;
      if (section === 'map') {
        const [w, h] = key[2]!.split('x').map(Number);
        cur.map = { width: w!, height: h! };
      }
      continue;
    }
    cur[section as 'before' | 'orders' | 'dice' | 'after' | 'events' | 'errors'].push(line.trim());
  }
  return cases;
}

export const quickCards = (): Record<string, QuickCard> => {
  const r = parseQuickCards(parse(readFileSync('data/quick/aircraft.yaml', 'utf8')), 'aircraft.yaml');
  if (!r.ok) throw new Error(r.error.map((p) => p.message).join('; '));
  return Object.fromEntries(r.value.map((c) => [c.id, c]));
};

const kv = (tokens: string[]): Record<string, string> =>
  Object.fromEntries(
    tokens.map((t) => {
      const [k, v] = t.split('=');
      return [k!, v ?? ''];
    }),
  );

export function quickEventText(e: QuickEvent): string {
  switch (e.type) {
    case 'move':
      return `${e.plane} move ${e.from}>${e.to} facing=${e.facing} speed=${e.speed}`;
    case 'exit':
      return `${e.plane} exit ${e.hex}`;
    case 'initiative':
      return `initiative ${e.order.join(',')} ${Object.entries(e.rolls)
        .map(([s, r]) => `${s}=${r.join('/')}`)
        .join(' ')}`;
    case 'no-shot':
      return `${e.plane} no-shot ${e.weapon}${e.named ? ` named=${e.named}` : ''}`;
    case 'shot':
      return `${e.plane} shot ${e.weapon} at=${e.target} range=${e.range} needs=${e.needs} roll=${e.roll} ${e.hit ? 'hit' : 'miss'}`;
    case 'damage':
      return `${e.plane} damage ${e.what}${e.side ? `:${e.side}` : ''} roll=${e.roll} fuselage=${e.fuselage} engine=${e.engine} by=${e.by}`;
    case 'down':
      return `${e.plane} ${e.how} by=${e.by}`;
  }
}

export function expectQuickCase(c: QuickCase): void {
  const cards = quickCards();
  const planes: QuickPlane[] = c.before.map((l) => {
    const [id, ...rest] = l.split(/\s+/);
    const f = kv(rest);
    const card = cards[f.card ?? ''];
    if (!card) throw new Error(`${c.id}: no quick card ${f.card}`);
    return {
      id: id!,
      side: f.side ?? 'a',
      card: card.id,
      hex: parseHexLabel(f.hex ?? '')!,
      facing: Number(f.facing ?? 0),
      nextRight: true,
      speed: Number(f.speed ?? card.engine),
      engine: Number(f.engine ?? card.engine),
      fuselage: Number(f.fuselage ?? card.fuselage),
      lost: (f.lost ? f.lost.split(',') : []) as QuickSide[],
      status: 'flying',
    };
  });
  const state: QuickState = { turn: 1, map: c.map, cards, planes, dice: { seed: 'golden' } };
  const orders: QuickOrders = { moves: {}, targets: {} };
  for (const l of c.orders) {
    const fire = /^FIRE (\S+) ([FLRB]) AT (\S+)$/.exec(l);
    if (fire) {
      (orders.targets![fire[1]!] ??= {})[fire[2] as QuickSide] = fire[3]!;
      continue;
    }
    const m = /^(\S+):\s*(.*)$/.exec(l);
    if (!m) throw new Error(`${c.id}: bad order line '${l}'`);
    const p = parseQuickMoves(m[2]!);
    if (!p.value) throw new Error(`${c.id}: ${p.errors.map((e) => e.message).join('; ')}`);
    orders.moves[m[1]!] = p.value;
  }
  const table: Record<string, number[]> = Object.fromEntries(
    c.dice.map((l) => {
      const [k, ...v] = l.split(/\s+/);
      return [k!, v.map(Number)];
    }),
  );
  const r = resolveQuickTurn(state, orders, fixedDice(table));
  if (!r.ok) {
    expect(r.error.map((p) => `${p.code} ${p.plane}`)).toEqual(c.errors);
    return;
  }
  expect([], 'the case expects errors').toEqual(c.errors);
  expect(r.value.events.map(quickEventText)).toEqual(c.events);
  for (const l of c.after) {
    const [id, ...rest] = l.split(/\s+/);
    const p = r.value.state.planes.find((x) => x.id === id)!;
    const have: Record<string, string> = {
      hex: hexLabel(p.hex),
      facing: String(p.facing),
      speed: String(p.speed),
      fuselage: String(p.fuselage),
      engine: String(p.engine),
      status: p.status,
      lost: p.lost.join(','),
    };
    for (const [k, v] of Object.entries(kv(rest))) expect(have[k], `${id}.${k}`).toBe(v);
  }
}
