/**
 * "Clock" is said one way everywhere (report/clock.ts): which plane is on whose clock. A shot's
 * event keeps the clock its fire table used: the firer seen from the target for fixed guns, the
 * target seen from the firer for flexible guns; the words must follow the guns' mount.
 */
import { describe, expect, it } from 'vitest';
import type { ShotEvent } from '../../src/core/events.ts';
import { flexibleShots, shotClock } from '../../src/report/clock.ts';
import { shotLines } from '../../src/report/combat-log.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';

const catalog = loadAircraftDir();
const card = (id: string) => {
  const c = catalog.get(id);
  if (!c) throw new Error(id);
  return c;
};
const state = {
  planes: [
    { id: 'R1', type: 'spitfire-1a' },
    { id: 'B1', type: 'he-111h' },
  ] as never,
  aircraft: { 'spitfire-1a': card('spitfire-1a'), 'he-111h': card('he-111h') },
};

const shot = (firer: string, target: string, guns: string[], clock: number): ShotEvent => ({
  type: 'shot',
  firer,
  target,
  guns,
  mix: '8 x 30M',
  chart: 'A',
  hexes: 2,
  range: 2,
  altitudeDiff: 0,
  clock,
  deflection: { category: 'none', drm: 1 },
  dice: { white: 3, red: 4, d10: [] },
  total: 8,
  row: 8,
  hits: 0,
  locations: [],
  critical: null,
  effects: [],
  model: 'standard',
});

describe('the clock in words', () => {
  const flexible = flexibleShots(state);
  const heGun = card('he-111h').guns.find((g) => g.mount === 'F')!.id;

  it("a fixed-gun shot: the firer on the target's clock", () => {
    const e = shot('R1', 'B1', ['FF'], 6);
    expect(flexible(e)).toBe(false);
    expect(shotClock(e, false)).toBe("R1 at B1's 6 o'clock");
    expect(shotLines(e, flexible)[0]).toContain("R1 at B1's 6 o'clock");
  });

  it("a flexible-gun shot: the target on the firer's clock", () => {
    const e = shot('B1', 'R1', [heGun], 5);
    expect(flexible(e)).toBe(true);
    expect(shotLines(e, flexible)[0]).toContain("R1 at B1's 5 o'clock");
    expect(shotLines(e, flexible)[0]).not.toMatch(/clock \d/);
  });
});
