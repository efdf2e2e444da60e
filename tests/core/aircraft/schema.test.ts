/** Schema errors name the file and the field; consistency checks; derived cards always validate. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { deriveCard, inputOf } from '../../../src/core/aircraft/derive.ts';
import { parseCard, parseInput } from '../../../src/core/aircraft/schema.ts';
import type { AircraftCard, AircraftInput } from '../../../src/core/aircraft/types.ts';
import { loadAircraftDir } from '../../../src/shell/aircraft/catalog.ts';

const P40 = loadAircraftDir().get('p-40c')!;
const FILE = 'data/aircraft/p-40c.yaml';
const clone = (): any => structuredClone(P40);
const messages = (data: unknown): string[] => {
  const r = parseCard(data, FILE);
  return r.ok ? [] : r.error.map((p) => p.message);
};

describe('parseCard messages name the file and the field', () => {
  it('accepts the stored card', () => {
    expect(parseCard(clone(), FILE)).toEqual({ ok: true, value: P40 });
  });
  it('a wrong type', () => {
    const c = clone();
    c.bands[1].climb = 'fast';
    expect(messages(c)).toEqual([`${FILE}: bands[1].climb: expected a number`]);
  });
  it('a missing field', () => {
    const c = clone();
    delete c.figures.ceilingFt;
    expect(messages(c)).toEqual([`${FILE}: figures.ceilingFt: missing: expected a number`]);
  });
  it('a missing choice', () => {
    const c = clone();
    delete c.wingLoading;
    expect(messages(c)).toEqual([
      `${FILE}: wingLoading: missing: expected one of "LWL", "MWL", "P40", "P51", "P47", "FW190", "HEAVY"`,
    ]);
  });
  it('an unknown field (a typo)', () => {
    const c = clone();
    c.bands[0].turnModes.maneuver.halfroll = 3;
    expect(messages(c)).toEqual([`${FILE}: bands[0].turnModes.maneuver.halfroll: unknown field`]);
  });
  it('a value not in the list', () => {
    const c = clone();
    c.guns[0].weapons[0].type = '50MG';
    expect(messages(c)).toEqual([
      `${FILE}: guns[0].weapons[0].type: expected one of "30M", "50M", "20C", "30C", "37C"`,
    ]);
  });
  it('a fraction where a whole number is needed, and a value out of range', () => {
    const c = clone();
    c.bands[0].power = 2.5;
    c.guns[1].weapons[0].count = 0;
    expect(messages(c)).toEqual([
      `${FILE}: guns[1].weapons[0].count: expected at least 1`,
      `${FILE}: bands[0].power: expected a whole number`,
    ]);
  });
  it('several problems are all reported', () => {
    const c = clone();
    c.class = 'fighter';
    c.crew = '1';
    expect(messages(c)).toHaveLength(2);
  });
  it('bands must be contiguous from 0 up to the ceiling', () => {
    const c = clone();
    c.bands[1].floor = 10500;
    c.bands[2].top = 30000;
    expect(messages(c)).toEqual([
      `${FILE}: bands[1].floor: expected 10000, the top of bands[0] (bands are contiguous)`,
      `${FILE}: bands[2].top: the top band ends at the ceiling (29500)`,
    ]);
  });
  it('speed ranges must be in order', () => {
    const c = clone();
    c.bands[0].maneuverMax = 9;
    expect(messages(c)).toEqual([`${FILE}: bands[0].maneuverMax: must not exceed levelMax (8)`]);
  });
  it('gun groups: unique ids, arcs for flexible guns only, clock positions 1-12', () => {
    const c = clone();
    c.guns[1].id = 'NOSE';
    c.guns.push({ id: 'REAR', mount: 'F', weapons: [{ type: '30M', count: 1 }], arc: [5, 6, 13] });
    c.guns.push({ id: 'TAIL', mount: 'F', weapons: [{ type: '30M', count: 1 }] });
    expect(messages(c)).toEqual([`${FILE}: guns[2].arc[2]: expected at most 12`]);
    c.guns[2].arc = [5, 6, 7];
    expect(messages(c)).toEqual([
      `${FILE}: guns[1].id: gun group id NOSE is used twice`,
      `${FILE}: guns[3].arc: a flexible (F) position needs its arc (clock positions 1-12)`,
    ]);
  });
  it('class and engines agree; the rule (29) row given is the one used', () => {
    const c = clone();
    c.engines = 2;
    c.wingLoading = 'P51';
    expect(messages(c)).toEqual([
      `${FILE}: engines: a fighter1 has 1 engine(s), not 2`,
      `${FILE}: wingLoading: must be P40, the row given in rule29Group (seed 001 rule (29))`,
    ]);
  });
  it('a file that is not a mapping', () => {
    expect(messages([1, 2])).toEqual([`${FILE}: (file): expected a mapping`]);
  });
  it('every problem carries the code E_AIRCRAFT_DATA', () => {
    const r = parseCard({}, FILE);
    expect(r.ok).toBe(false);
    if (!r.ok) for (const p of r.error) expect(p.code).toBe('E_AIRCRAFT_DATA');
  });
});

describe('parseInput', () => {
  it('takes the input part and ignores derived fields of a full card', () => {
    expect(parseInput(clone(), FILE)).toEqual({ ok: true, value: inputOf(P40) });
  });
  it('names the field of a bad figure', () => {
    const i: any = inputOf(structuredClone(P40));
    i.figures.topSpeedAltFt = 40000;
    const r = parseInput(i, 'mine.yaml');
    expect(r.ok ? [] : r.error.map((p) => p.message)).toEqual([
      'mine.yaml: figures.topSpeedAltFt: must be below the ceiling (figures.ceilingFt)',
    ]);
  });
});

describe('derived cards are always consistent', () => {
  const classes = [
    ['fighter1', 1],
    ['fighter2', 2],
    ['divebomber', 1],
    ['bomber2', 2],
    ['bomber3', 3],
    ['bomber4', 4],
  ] as const;
  const inputArb = fc.record({
    cls: fc.constantFrom(...classes),
    top: fc.integer({ min: 180, max: 470 }),
    slDrop: fc.integer({ min: 0, max: 90 }),
    topAlt: fc.integer({ min: 0, max: 30000 }),
    ceilingAbove: fc.integer({ min: 2000, max: 20000 }),
    climb: fc.integer({ min: 300, max: 5000 }),
    wl: fc.double({ min: 15, max: 70, noNaN: true }),
    hp: fc.integer({ min: 400, max: 9000 }),
    weight: fc.integer({ min: 3000, max: 70000 }),
    bombShare: fc.double({ min: 0, max: 0.3, noNaN: true }),
    dive: fc.integer({ min: 200, max: 600 }),
  });
  it('every derived card passes parseCard', () => {
    fc.assert(
      fc.property(inputArb, (a) => {
        const input: AircraftInput = {
          id: 'test',
          name: 'Test',
          nation: 'Test',
          class: a.cls[0],
          engines: a.cls[1],
          crew: 1,
          guns: [{ id: 'FF', mount: 'FF', weapons: [{ type: '50M', count: 2 }] }],
          figures: {
            topSpeedMph: a.top,
            topSpeedAltFt: a.topAlt,
            seaLevelSpeedMph: a.top - Math.min(a.slDrop, a.top - 100),
            climbFtMin: a.climb,
            ceilingFt: a.topAlt + a.ceilingAbove,
            wingLoadingLbFt2: a.wl,
            powerHp: a.hp,
            loadedWeightLb: a.weight,
            diveLimitMph: a.dive,
            armament: '2 x .50',
            bombLoadLb: Math.round(a.weight * a.bombShare),
            sources: ['test'],
          },
        };
        const card: AircraftCard = deriveCard(input);
        const r = parseCard(card, 'generated');
        if (!r.ok) throw new Error(r.error.map((p) => p.message).join('\n'));
      }),
      { numRuns: 300 },
    );
  });
});
