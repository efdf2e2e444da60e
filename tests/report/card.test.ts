/** The aircraft card as players read it (src/report/card.ts): every stored card, 78 columns. */
import { describe, expect, it } from 'vitest';
import { arcText, renderCard } from '../../src/report/card.ts';
import { loadAircraftDir } from '../../src/shell/aircraft/catalog.ts';

const cards = loadAircraftDir();

describe('renderCard', () => {
  it('keeps every line of every card in data/aircraft within 78 columns', () => {
    expect(cards.size).toBeGreaterThan(20);
    for (const c of cards.values()) {
      for (const line of renderCard(c).split('\n')) expect(line.length, `${c.id}: ${line}`).toBeLessThanOrEqual(78);
    }
  });

  it('prints every band, every gun group, the damage capacity and the ceiling of a card', () => {
    for (const c of cards.values()) {
      const text = renderCard(c);
      expect(text).toContain(`(${c.id})`);
      expect(text).toContain(`Ceiling ${c.ceiling.toLocaleString('en-US')} ft`);
      for (const b of c.bands) {
        const band = `${b.floor.toLocaleString('en-US')}-${b.top.toLocaleString('en-US')}`;
        const rows = text.split('\n').filter((l) => l.startsWith(`${band} `));
        expect(rows, `${c.id} ${band}`).toHaveLength(2); // the speed row and the turn-mode row
        expect(rows[0]!.split(/\s+/).slice(1)).toEqual(
          [b.minSpeed, b.maneuverMax, b.levelMax, b.diveMax, b.climb, b.dive, b.power, b.brake].map((n) =>
            n.toLocaleString('en-US'),
          ),
        );
        const t = b.turnModes;
        expect(rows[1]!.split(/\s+/).slice(1).map(Number)).toEqual(
          [t.maneuver, t.level, t.dive].flatMap((m) => [m.turn, m.slip, m.halfRoll, m.bank, m.halfLoop]),
        );
      }
      for (const g of c.guns)
        expect(text).toMatch(new RegExp(`^  ${g.id} +(fixed|flexible).* range ${g.shortRange ? 6 : 8}$`, 'm'));
      expect(text).toContain(`cockpit ${c.damage.C}, control lines ${c.damage.L}, engine ${c.damage.E}`);
    }
  });

  it('lays out the Bf 110 as a player reads it', () => {
    const text = renderCard(cards.get('bf-110c')!);
    expect(text).toContain(
      [
        'altitude, ft      min  man  lvl  dive   climb    dive  power  brake',
        '0-10,000            3    6    8    12     300   1,600      3      1',
      ].join('\n'),
    );
    expect(text).toContain(
      'altitude, ft      T  S HR  B HL     T  S HR  B HL     T  S HR  B HL\n' +
        '0-10,000          3  3  4  2  4     4  4  5  3  5     5  5  6  4  6',
    );
    expect(text).toMatch(/^ {2}REAR +flexible, 4-8 o'clock +1 x 30M +range 6$/m);
    expect(text).toContain('engine 3 (each of 2)');
  });

  it('prints the loaded figures of a bomber and the rockets of a type that may carry them', () => {
    expect(renderCard(cards.get('ju-87b')!)).toMatch(/^ {2}with bombs +\d+ +\d+ +\d+ +\d+ +\d+$/m);
    expect(renderCard(cards.get('bf-109g')!)).toMatch(/ROCKETS +where the scenario gives them/);
    expect(renderCard(cards.get('spitfire-1a')!)).not.toMatch(/with bombs|ROCKETS/);
  });

  it('names flexible arcs as clock ranges', () => {
    expect(arcText([10, 11, 12, 1, 2])).toBe("10-2 o'clock");
    expect(arcText([4, 5, 6, 7, 8])).toBe("4-8 o'clock");
    expect(arcText([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])).toBe('all round');
    expect(arcText([3, 9])).toBe("3,9 o'clock");
    expect(arcText([6])).toBe("6 o'clock");
  });
});
