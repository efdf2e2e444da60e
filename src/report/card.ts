/**
 * An aircraft data card as plain text of at most 78 columns, for a fixed-width font: the figures
 * seed 001 rules (1)-(29) and seed 000 X.B-X.D read off the card (speed ranges, turn modes, climb
 * and dive, power and brakes by altitude band), the guns as fire orders name them, the damage
 * capacity and the ceiling, each table with a short legend. The same text goes in the welcome
 * mail, answers the CARD command and is printed by `tallyho aircraft show`.
 */
import type { AircraftCard, AltitudeBand, GunGroup, TurnModes } from '../core/aircraft/types.ts';
import { MAX_RANGE, SHORT_MAX_RANGE } from '../core/combat/cone.ts';

export const CARD_WIDTH = 78;

const CLASS_NAMES: Record<AircraftCard['class'], string> = {
  fighter1: 'single-engine fighter',
  fighter2: 'twin-engine fighter',
  divebomber: 'dive bomber',
  bomber2: 'twin-engine bomber',
  bomber3: 'three-engine bomber',
  bomber4: 'four-engine bomber',
  torpedo: 'torpedo bomber',
};

const MOUNTS: Record<GunGroup['mount'], string> = {
  FF: 'fixed forward',
  FH: 'fixed forward, wings',
  FL: 'fixed, limited ammo',
  F: 'flexible',
};

const ft = (n: number): string => n.toLocaleString('en-US');
const lpad = (s: string | number, n: number): string => String(s).padStart(n);
const pad = (s: string | number, n: number): string => String(s).padEnd(n);
/** A label centred in a run of dashes, over the columns it heads. */
const rule = (label: string, width: number): string => {
  const left = Math.floor((width - label.length - 2) / 2);
  return `${'-'.repeat(Math.max(0, left))} ${label} ${'-'.repeat(width - label.length - 2 - left)}`;
};
const bandName = (b: AltitudeBand): string => `${ft(b.floor)}-${ft(b.top)}`;

/** Clock positions as a range when they follow on round the clock: [10, 11, 12, 1, 2] -> "10-2". */
export function arcText(arc: readonly number[]): string {
  if (arc.length >= 12) return 'all round';
  if (arc.length === 0) return 'none';
  const next = (h: number) => (h % 12) + 1;
  const follows = arc.every((h, i) => i === 0 || next(arc[i - 1] as number) === h);
  if (arc.length === 1) return `${arc[0]} o'clock`;
  return follows ? `${arc[0]}-${arc[arc.length - 1]} o'clock` : `${arc.join(',')} o'clock`;
}

/** Hexes a gun group reaches (seed 001 combat: range 8, the short-range weapons 6). */
export const gunRange = (g: GunGroup): number => (g.shortRange ? SHORT_MAX_RANGE : MAX_RANGE);

const weaponsText = (g: GunGroup): string => g.weapons.map((w) => `${w.count} x ${w.type}`).join(' + ');

function speedTable(c: AircraftCard): string[] {
  const top = `${pad('', 18)}${rule('speed', 19)}   ${rule('most a turn', 27)}`;
  const head =
    `${pad('altitude, ft', 16)}${lpad('min', 5)}${lpad('man', 5)}${lpad('lvl', 5)}${lpad('dive', 6)}` +
    `${lpad('climb', 8)}${lpad('dive', 8)}${lpad('power', 7)}${lpad('brake', 7)}`;
  const rows: string[] = [top, head];
  for (const b of c.bands) {
    rows.push(
      `${pad(bandName(b), 16)}${lpad(b.minSpeed, 5)}${lpad(b.maneuverMax, 5)}${lpad(b.levelMax, 5)}${lpad(b.diveMax, 6)}` +
        `${lpad(ft(b.climb), 8)}${lpad(ft(b.dive), 8)}${lpad(b.power, 7)}${lpad(b.brake, 7)}`,
    );
    const l = b.loaded;
    if (l) {
      rows.push(
        `${pad('  with bombs', 16)}${lpad('', 5)}${lpad(l.maneuverMax, 5)}${lpad(l.levelMax, 5)}${lpad(l.diveMax, 6)}` +
          `${lpad(ft(l.climb), 8)}${lpad('', 8)}${lpad(l.power, 7)}`,
      );
    }
  }
  return rows;
}

const modes = (t: TurnModes): string =>
  [t.turn, t.slip, t.halfRoll, t.bank, t.halfLoop].map((n) => lpad(n, 3)).join('');

function turnModeTable(c: AircraftCard): string[] {
  const group = (s: string) => pad(s, 18);
  const rows = [
    `${pad('', 16)}${group('  manoeuvre speed')}${group('  level speed')}${group('  dive speed')}`.trimEnd(),
    `${pad('altitude, ft', 16)}${group('  T  S HR  B HL')}${group('  T  S HR  B HL')}${group('  T  S HR  B HL')}`.trimEnd(),
  ];
  for (const b of c.bands) {
    const t = b.turnModes;
    rows.push(`${pad(bandName(b), 16)}${group(modes(t.maneuver))}${group(modes(t.level))}${modes(t.dive)}`);
  }
  return rows;
}

function gunLines(c: AircraftCard): string[] {
  const rows = c.guns.map((g) => {
    const where = g.mount === 'F' ? `${MOUNTS.F}, ${arcText(g.arc ?? [])}` : MOUNTS[g.mount];
    return `  ${pad(g.id, 8)}${pad(where, 26)}${pad(weaponsText(g), 22)}range ${gunRange(g)}`.trimEnd();
  });
  if (c.rockets) {
    rows.push(
      ...para(
        `ROCKETS  where the scenario gives them: one attack a game at a heavy bomber ` +
          `(FIRE R1 ROCKETS AT B17), destroying it on a D6 of ${c.rockets.hitOn === 1 ? '1' : `1-${c.rockets.hitOn}`}`,
        2,
      ),
    );
  }
  return rows;
}

function damageParts(c: AircraftCard): string[] {
  const d = c.damage;
  const parts = [
    `cockpit ${d.C}`,
    `control lines ${d.L}`,
    `engine ${d.E}${c.engines > 1 ? ` (each of ${c.engines})` : ''}`,
    `wings ${d.W}`,
    `fuselage ${d.F}`,
    `each gun position ${d.G}`,
    ...(d.T ? [`tail ${d.T}`] : []),
  ];
  return parts.map((x, i) => (i < parts.length - 1 ? `${x},` : x));
}

/**
 * Wraps a paragraph at the card width, every line indented by `indent`; `pieces` (default: the
 * words) are never split.
 */
function para(text: string, indent = 0, pieces = text.split(/\s+/).filter(Boolean)): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of pieces) {
    if (line && indent + line.length + 1 + word.length > CARD_WIDTH) {
      out.push(' '.repeat(indent) + line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) out.push(' '.repeat(indent) + line);
  return out;
}

/** The card as text, each line at most 78 columns. */
export function renderCard(c: AircraftCard): string {
  const loaded = c.bands.some((b) => b.loaded);
  const lines = [
    `${c.name.toUpperCase()} (${c.id})`,
    ...para(
      `${c.nation}, ${CLASS_NAMES[c.class]}, ${c.engines} engine${c.engines > 1 ? 's' : ''}, crew ${c.crew}. ` +
        `Ceiling ${ft(c.ceiling)} ft. Speed lost to manoeuvres (rule 29): row ${c.wingLoading}.`,
    ),
    '',
    'SPEEDS, CLIMB, DIVE, POWER AND BRAKES BY ALTITUDE',
    ...speedTable(c),
    ...para(
      'Speeds in speed points (hexes a turn). min: slowest speed (below it the plane stalls); ' +
        'man: top of the manoeuvre speed range; lvl: top level speed (above it: dive speed); dive: top dive speed. ' +
        'climb, dive: most feet a turn (a shallow dive at most 200 ft per point of speed too). ' +
        'power, brake: most factors a turn; ' +
        'power half at level speed, none at top level or dive speed.' +
        (loaded ? ' With bombs: the figures while the bomb load is carried.' : ''),
    ),
    '',
    'TURN MODES (hexes entered before the manoeuvre)',
    ...turnModeTable(c),
    ...para(
      'T turn, S slip, HR half roll, B bank of 2 points (1 point: half, rounded up), HL half loop. ' +
        'The referee raises them to the minimums of rules (26)-(28) by speed; each report gives the modes in force.',
    ),
    '',
    'GUNS',
    ...gunLines(c),
    ...para(
      `A fire order names a group (FIRE <plane> ${c.guns[0]?.id ?? 'ALL'} AT <target>), or FIXED, FLEX or ALL. ` +
        '30M rifle-calibre MG, 50M heavy MG, 20C 30C 37C cannon. Flexible guns fire into the clock ' +
        'positions named (12 ahead, 6 behind); range in hexes.',
    ),
    '',
    'DAMAGE CAPACITY (hits that destroy each system)',
    ...para('', 2, damageParts(c)),
  ];
  return lines.join('\n');
}
