/**
 * Dice. Every roll is derived from (game seed, turn, impulse, a label naming the roll) with SHA-256,
 * so a game re-resolved from its stored seed and orders throws exactly the same dice, and one extra
 * roll never shifts any other. The seed lives in the game state (`DiceState`); nothing here reads a
 * clock or Math.random.
 */
import { sha256 } from './sha256.ts';

export interface DiceState {
  /**
   * The seed that throws the dice. The referee puts each turn's own seed in before resolving it
   * (src/app/game/dice.ts, docs/fair-dice.md); in a stored state it is the previous turn's (empty at the
   * start of a game) and throws nothing.
   */
  seed: string;
}

export interface RollKey {
  turn: number;
  impulse: number;
  /** Names the roll uniquely within its impulse, e.g. "shot:A1>B2:red". */
  label: string;
}

export interface Dice {
  /** A number from 1 to `sides`. */
  roll(sides: number, key: RollKey): number;
}

/** Uniform 1..sides from the first 32-bit words of the hash, by rejection (no modulo bias). */
export function rollFromSeed(seed: string, sides: number, key: RollKey): number {
  if (!Number.isInteger(sides) || sides < 1 || sides > 1_000_000) throw new Error(`bad die: ${sides}`);
  const limit = Math.floor(0x100000000 / sides) * sides;
  for (let attempt = 0; ; attempt++) {
    const digest = sha256(`${seed}|${key.turn}|${key.impulse}|${key.label}|${attempt}`);
    const dv = new DataView(digest.buffer);
    for (let i = 0; i < 8; i++) {
      const v = dv.getUint32(i * 4);
      if (v < limit) return (v % sides) + 1;
    }
  }
}

export function seededDice(state: DiceState): Dice {
  return { roll: (sides, key) => rollFromSeed(state.seed, sides, key) };
}

/**
 * A test double: rolls are taken from a table keyed by label (and optionally "turn/impulse/label");
 * a roll not in the table falls back to the seeded dice, or throws when no fallback is given, so a
 * golden case states every die it depends on.
 */
export function fixedDice(table: Record<string, number[] | number>, fallback?: Dice): Dice {
  const used = new Map<string, number>();
  return {
    roll(sides, key) {
      const full = `${key.turn}/${key.impulse}/${key.label}`;
      const k = full in table ? full : key.label in table ? key.label : undefined;
      if (k === undefined) {
        if (fallback) return fallback.roll(sides, key);
        throw new Error(`no fixed roll for ${full}`);
      }
      const entry = table[k] as number[] | number;
      const list = Array.isArray(entry) ? entry : [entry];
      const n = used.get(k) ?? 0;
      used.set(k, n + 1);
      const v = list[Math.min(n, list.length - 1)] as number;
      if (v < 1 || v > sides) throw new Error(`fixed roll ${v} for ${full} is not a d${sides}`);
      return v;
    },
  };
}
