/**
 * The campaign rules of core/campaign (docs/campaigns.md): the file's checks, the fates, the
 * promotions, shared victories, replacements and victory points, each on a made-up game.
 */
import { describe, expect, it } from 'vitest';
import { assignPilots, type CampaignGame, campaignRecord } from '../../../src/core/campaign/record.ts';
import { fateOf, promotion } from '../../../src/core/campaign/fate.ts';
import {
  type CampaignSpec,
  campaignSchema,
  nextScenario,
  parseCampaign,
  planesOfPlayers,
} from '../../../src/core/campaign/spec.ts';
import type { GameEvent } from '../../../src/core/events.ts';
import type { GameState, PlaneState } from '../../../src/core/state.ts';
import { rollFromSeed } from '../../../src/core/dice.ts';

const SIDES = () => ({
  sides: ['a', 'b'],
  planes: [
    { id: 'A1', side: 'a' },
    { id: 'A2', side: 'a' },
    { id: 'B1', side: 'b' },
  ],
});

const spec = (extra: Partial<Record<string, unknown>> = {}): CampaignSpec =>
  campaignSchema.parse({
    name: 'Test',
    players: {
      ann: {
        side: 'a',
        pilots: [
          { name: 'Ann One', quality: 'veteran' },
          { name: 'Ann Two', quality: 'recruit' },
        ],
        recruits: ['New Ann'],
      },
      bob: { side: 'b', pilots: [{ name: 'Bob One' }] },
    },
    scenarios: [
      { id: 's1', scenario: 'x' },
      { id: 's2', scenario: 'x' },
    ],
    ...extra,
  });

const plane = (id: string, side: string, over: Partial<PlaneState> = {}): PlaneState => ({
  id,
  side,
  type: side === 'a' ? 'fa' : 'fb',
  hex: { q: 0, r: 0 },
  facing: 0,
  nextRight: true,
  altitude: 10000,
  speed: 50,
  bank: 'N',
  loaded: false,
  carry: null,
  last: { mode: null, climbed: 0, dived: 0, power: false },
  status: 'flying',
  ...over,
});

const state = (planes: PlaneState[], seed = 'end-seed'): GameState => ({
  version: 1,
  turn: 3,
  map: { width: 20, height: 20 },
  options: { combat: 'standard', sequence: 'impulse12', pilots: true },
  sides: { a: { name: 'Side A' }, b: { name: 'Side B' } },
  aircraft: {
    fa: { id: 'fa', name: 'Fighter A', class: 'fighter1' } as GameState['aircraft'][string],
    fb: { id: 'fb', name: 'Bomber B', class: 'bomber2' } as GameState['aircraft'][string],
  },
  planes,
  dice: { seed },
});

const down = (turn: number, victim: string, by: string[]): { turn: number; events: GameEvent[] } => ({
  turn,
  events: [{ impulse: 5, phase: 'D', plane: victim, type: 'shot-down', by, cause: 'test' } as GameEvent],
});

function game(
  seq: number,
  start: PlaneState[],
  end: PlaneState[],
  events: { turn: number; events: GameEvent[] }[],
  seed = 'end-seed',
): CampaignGame {
  return {
    seq,
    gameId: `g-${seq}`,
    entry: seq === 1 ? 's1' : 's2',
    start: state(start),
    end: state(end, seed),
    events,
    over: true,
  };
}

describe('the campaign file', () => {
  it('is checked against its scenarios, every problem at once', () => {
    const r = parseCampaign(
      {
        name: 'Bad',
        players: { ann: { side: 'a', pilots: [{ name: 'Ann' }] }, bob: { side: 'c', pilots: [{ name: 'Bob' }] } },
        scenarios: [
          { id: 's1', scenario: 'x', planes: { ann: ['A1', 'B1'], zed: ['A2'] }, next: { a: 'nowhere', q: 'end' } },
          { id: 's1', scenario: 'missing' },
        ],
      },
      'bad.yaml',
      (n) => (n === 'x' ? SIDES() : `there is no scenario '${n}'`),
    );
    expect(r.ok).toBe(false);
    const messages = r.ok ? [] : r.error.map((p) => p.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "bad.yaml: scenarios[0].scenario: scenario 'x' has no side 'c' (its sides: a, b)",
        "bad.yaml: scenarios[0].scenario: scenario 'x' has a side 'b' that no player of the campaign plays",
        "bad.yaml: scenarios[0].planes.ann: B1 is a plane of side 'b', not of ann's side 'a'",
        "bad.yaml: scenarios[0].planes.zed: no player 'zed' in the campaign (players: ann, bob)",
        "bad.yaml: scenarios[1].id: 's1' is used twice",
        "bad.yaml: scenarios[1].scenario: there is no scenario 'missing'",
        "bad.yaml: scenarios[0].next.a: no scenario 'nowhere' in the campaign (or end)",
        "bad.yaml: scenarios[0].next.q: 'q' is not a side (sides: a, c) or draw",
      ]),
    );
  });

  it('branches by the winner, goes on in order without a branch, and ends', () => {
    const c = spec({
      scenarios: [
        { id: 's1', scenario: 'x', next: { a: 's3', draw: 'end' } },
        { id: 's2', scenario: 'x' },
        { id: 's3', scenario: 'x' },
      ],
    });
    expect(nextScenario(c, 's1', 'a')?.id).toBe('s3');
    expect(nextScenario(c, 's1', 'b')?.id).toBe('s2');
    expect(nextScenario(c, 's1', null)).toBeNull();
    expect(nextScenario(c, 's3', 'a')).toBeNull();
  });

  it("deals a side's planes to its players in turn", () => {
    const c = campaignSchema.parse({
      name: 'T',
      players: {
        p: { side: 'a', pilots: [{ name: 'P' }] },
        q: { side: 'a', pilots: [{ name: 'Q' }] },
        r: { side: 'b', pilots: [{ name: 'R' }] },
      },
      scenarios: [{ id: 's', scenario: 'x' }],
    });
    const planes = [
      { id: 'A1', side: 'a' },
      { id: 'A2', side: 'a' },
      { id: 'A3', side: 'a' },
      { id: 'B1', side: 'b' },
    ];
    expect(Object.fromEntries(planesOfPlayers(c, c.scenarios[0]!, planes))).toEqual({
      p: ['A1', 'A3'],
      q: ['A2'],
      r: ['B1'],
    });
  });
});

describe('fates', () => {
  it('follow the table', () => {
    const end = state([]);
    expect(fateOf(end, plane('A1', 'a'), 'ann-1')).toEqual({ how: 'returned', outcome: 'unhurt', outFor: 0 });
    expect(fateOf(end, plane('A1', 'a', { damage: { taken: { C: 1 }, destroyed: [] } }), 'ann-1')).toEqual({
      how: 'returned',
      outcome: 'wounded',
      outFor: 1,
    });
    expect(fateOf(end, plane('A1', 'a', { status: 'crashed' }), 'ann-1').outcome).toBe('killed');
    expect(fateOf(end, plane('A1', 'a', { status: 'shot-down' }), 'ann-1')).toEqual({
      how: 'shot-down',
      outcome: 'killed',
      outFor: 0,
    });
    expect(fateOf(end, plane('A1', 'a', { status: 'bailed-out', crew: { saved: 0, lost: 1 } }), 'ann-1').outcome).toBe(
      'killed',
    );
    // Saved: the d6 from the game's last seed decides, 1-2 captured, 3 out 2, 4 out 1, 5-6 unhurt.
    for (const seed of ['s1', 's2', 's3', 's4', 's5', 's6', 's7', 's8']) {
      const roll = rollFromSeed(seed, 6, { turn: 3, impulse: 0, label: 'fate:ann-1' });
      const f = fateOf(
        state([], seed),
        plane('A1', 'a', { status: 'bailed-out', crew: { saved: 1, lost: 0 } }),
        'ann-1',
      );
      expect(f).toEqual({
        how: 'bailed-out',
        roll,
        outcome: roll <= 2 ? 'captured' : roll <= 4 ? 'wounded' : 'unhurt',
        outFor: roll === 3 ? 2 : roll === 4 ? 1 : 0,
      });
    }
    // A bomber's pilot is saved with half his crew or more.
    expect(fateOf(end, plane('A1', 'a', { status: 'bailed-out', crew: { saved: 2, lost: 3 } }), 'ann-1').outcome).toBe(
      'killed',
    );
    expect(fateOf(end, plane('A1', 'a', { status: 'bailed-out', crew: { saved: 3, lost: 3 } }), 'ann-1').how).toBe(
      'bailed-out',
    );
  });
});

describe('promotions', () => {
  it('go one step at a time by sorties and victories', () => {
    expect(promotion({ quality: 'recruit', sorties: 1, kills: 0, crackShot: false })?.to).toBe('green');
    expect(promotion({ quality: 'green', sorties: 1, kills: 0, crackShot: false })).toBeNull();
    expect(promotion({ quality: 'green', sorties: 3, kills: 0, crackShot: false })?.to).toBe('regular');
    expect(promotion({ quality: 'green', sorties: 1, kills: 0.5, crackShot: false })).toBeNull();
    expect(promotion({ quality: 'green', sorties: 1, kills: 1, crackShot: false })?.to).toBe('regular');
    expect(promotion({ quality: 'regular', sorties: 5, kills: 2.5, crackShot: false })).toBeNull();
    expect(promotion({ quality: 'regular', sorties: 6, kills: 1, crackShot: false })?.to).toBe('veteran');
    expect(promotion({ quality: 'veteran', sorties: 20, kills: 4.5, crackShot: false })).toBeNull();
    expect(promotion({ quality: 'veteran', sorties: 5, kills: 5, crackShot: false })?.to).toBe('ace');
    expect(promotion({ quality: 'ace', sorties: 50, kills: 50, crackShot: false })).toBeNull();
  });
});

describe('the record', () => {
  const pilot = (id: string, name: string, quality: 'regular' | 'veteran' | 'recruit' = 'regular') => ({
    id,
    name,
    quality,
  });

  it('credits shared victories, scores the game, replaces the lost, heals the wounded', () => {
    const c = spec();
    const g1 = game(
      1,
      [
        plane('A1', 'a', { pilot: pilot('ann-1', 'Ann One', 'veteran') }),
        plane('A2', 'a', { pilot: pilot('ann-2', 'Ann Two', 'recruit') }),
        plane('B1', 'b', { type: 'fb', pilot: pilot('bob-1', 'Bob One') }),
      ],
      [
        plane('A1', 'a', { damage: { taken: { C: 1 }, destroyed: [] } }),
        plane('A2', 'a'),
        plane('B1', 'b', { type: 'fb', status: 'crashed' }),
      ],
      [down(2, 'B1', ['A1', 'A2'])],
    );
    const r1 = campaignRecord(c, [g1]);
    const ann1 = r1.pilots.find((p) => p.id === 'ann-1')!;
    expect(ann1.sorties[0]!.kills).toEqual([
      { game: 'g-1', turn: 2, impulse: 5, victim: 'B1', victimType: 'Bomber B', share: 0.5 },
    ]);
    expect(ann1).toMatchObject({ status: 'wounded', outFor: 1, victories: 0.5 });
    // The recruit came back: green.
    expect(r1.pilots.find((p) => p.id === 'ann-2')).toMatchObject({ quality: 'green', victories: 0.5 });
    // Bob was killed: a recruit replaces him ("Recruit 1": bob's file gives no names).
    expect(r1.pilots.find((p) => p.id === 'bob-2')).toMatchObject({
      name: 'Recruit 1',
      quality: 'recruit',
      joined: { how: 'replacement', game: 'g-1' },
    });
    // A bomber lost is 2 points, and side a was left alone in the fight: +2.
    expect(r1.games[0]).toMatchObject({ winner: 'a', points: { a: 4, b: 0 } });
    expect(r1.standing).toEqual({ a: 4, b: 0 });
    // Game 2 without ann-1: his wound heals.
    const g2 = game(
      2,
      [
        plane('A2', 'a', { pilot: pilot('ann-2', 'Ann Two') }),
        plane('B1', 'b', { pilot: pilot('bob-2', 'Recruit 1', 'recruit') }),
      ],
      [plane('A2', 'a', { status: 'exited' }), plane('B1', 'b', { status: 'exited' })],
      [],
    );
    const r2 = campaignRecord(c, [g1, g2]);
    expect(r2.pilots.find((p) => p.id === 'ann-1')).toMatchObject({ status: 'active', outFor: 0 });
    expect(r2.games[1]).toMatchObject({ winner: null, points: { a: 0, b: 0 } });
  });

  it("gives the best free pilots, the game master's choices first, recruits for the rest", () => {
    const c = spec();
    const r = campaignRecord(c, []);
    const a = assignPilots(r, 'ann', ['A1', 'A2', 'A3'], { A2: 'ann-1', A3: 'bob-1' }, ['New Ann']);
    expect([...a.pilots].map(([pl, p]) => [pl, p.id, p.name])).toEqual([
      ['A2', 'ann-1', 'Ann One'],
      ['A1', 'ann-2', 'Ann Two'],
      ['A3', 'ann-3', 'New Ann'],
    ]);
    expect(a.refused).toEqual(['A3: pilot bob-1 is not free to fly (not on the roster, wounded, killed or captured)']);
    expect(a.recruits.map((p) => p.id)).toEqual(['ann-3']);
  });
});
