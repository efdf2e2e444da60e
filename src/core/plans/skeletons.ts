/**
 * The manoeuvre sequences of a plane's next plot (ways.ts, level 1): every way to fill the turn's
 * boxes with manoeuvres, each one legal where it is flown by its family's own check (seed 001 rules
 * (1)-(11), (20), (26)-(28): turn modes, banks, what a vertical dive allows), in each mode the
 * turn may be flown in (level, SC, SD, VD; a carried-over steep mode binds the turn). A manoeuvre
 * is S boxes and the box that completes it ("S S TR"); the last may run on into the next turn
 * (seed 000 X.B.5), at its shortest. Sequences that reach the same place, heading and bank with
 * the same last manoeuvre and forced losses are followed once: what may follow depends on those.
 */
import { type Bank, bankSide, isUpward } from '../bank.ts';
import { fliesLoaded, bandCondition } from '../damage/state.ts';
import type { Position } from '../hex/flight.ts';
import { isSkippedInSteep, movementPoints } from '../impulse/schedule.ts';
import type { Manoeuvre, PlotMode } from '../../orders/ast.ts';
import type { ManoeuvreInstance, PlanContext } from '../movement/manoeuvres/family.ts';
import { familyOf } from '../movement/manoeuvres/registry.ts';
import { bankAfterCarry } from '../movement/plan.ts';
import { effectiveBand, turnMode, type TurnModeKind } from '../movement/performance.ts';
import { lastTurnDemand } from '../movement/altitude.ts';
import { verticalDiveEntry } from '../movement/limits.ts';
import { rememberedIn } from '../kept.ts';
import { cardOf, type GameState, type PlaneState, type PlannedBox } from '../state.ts';
import { hexOnMap } from '../movement/fly.ts';

export interface Skeleton {
  mode: PlotMode | null;
  /** The plot's boxes, the manoeuvre running on into the next turn included. */
  boxes: Manoeuvre[];
  /** Per box of this turn: whether the rules force a 100-ft loss there (seed 000 X.E.1.f, X.E.2-3). */
  forced: boolean[];
  /** Boxes of this turn (the rest run on). */
  need: number;
  /** Manoeuvres it counts as for the speed loss of rule (12), this turn's own (the carried ones not included). */
  counted: number;
  /** Whether it leaves the map (its end is where it leaves). */
  leaves?: true;
  /** Where the sequence ends the turn, flown as fly.ts flies it (not given in a vertical dive, whose single hex the checker places). */
  end?: { hex: Position['hex']; facing: number; bank: Bank };
}

/** A sequence as its heights and speeds read it (variants.ts): its manoeuvres and marks, not where it ends. */
export type Sequence = Omit<Skeleton, 'leaves' | 'end'>;

/** The codes that complete a manoeuvre (S only leads into one, but stands alone in a vertical dive). */
const CODES: readonly Manoeuvre[] = [
  '1',
  'TL',
  'TR',
  'SL',
  'SR',
  'SLTR',
  'SRTL',
  'HRL',
  'HRR',
  'N',
  'LB',
  'RB',
  'IL',
  'IR',
  'INV',
  'V',
  'VLL',
  'VRR',
];
const SLIPS = new Set<Manoeuvre>(['SL', 'SR', 'SLTR', 'SRTL']);
/** Hexes from the start a node's number can tell (further ones are told by text): no plane flies 24 hexes in a turn. */
const REACH = 24;
/** Every code and bank numbered, for the search's keys. */
const ALL_CODES: readonly Manoeuvre[] = [...CODES, 'S'];
const CODE_NO = Object.fromEntries(ALL_CODES.map((c, i) => [c, i])) as Record<Manoeuvre, number>;
const BANKS: readonly Bank[] = ['N', 'LB', 'RB', 'IL', 'IR', 'INV'];
const BANK_NO = Object.fromEntries(BANKS.map((b, i) => [b, i])) as Record<Bank, number>;
/** Manoeuvres counted for speed loss a sequence can have (fewer than its boxes), for the search's keys. */
const COUNTS = 32;
/** Longest manoeuvre tried: no turn mode of the cards asks for more hexes. */
const MAX_LENGTH = 12;

/**
 * The answers of the manoeuvres' own checks (legal, bank after, forced loss, count), by index
 * (indexOf); 0: not asked yet. `lengths`: per code, bank and manoeuvre before (lengthsIndex), the
 * lengths at which the code passes its own check, shortest first (undefined: not asked yet).
 */
interface Checks {
  legal: Int8Array;
  after: Int8Array;
  forces: Int8Array;
  counts: Int8Array;
  lengths: (readonly number[] | undefined)[];
}
const CHECKS_SIZE = ALL_CODES.length * (MAX_LENGTH + 1) * BANKS.length * (ALL_CODES.length + 1);
const indexOf = (codeNo: number, length: number, bankNo: number, prevNo: number): number =>
  ((codeNo * (MAX_LENGTH + 1) + length) * BANKS.length + bankNo) * (ALL_CODES.length + 1) + prevNo;
const lengthsIndex = (codeNo: number, bankNo: number, prevNo: number): number =>
  (codeNo * BANKS.length + bankNo) * (ALL_CODES.length + 1) + prevNo;
/** Each code's family and whether it is a slip or a half roll, by code number. */
const FAMILY_OF = ALL_CODES.map((c) => familyOf(c));
const IS_SLIP = ALL_CODES.map((c) => SLIPS.has(c));
const IS_HALF_ROLL = ALL_CODES.map((c) => c === 'HRL' || c === 'HRR');
/**
 * The checks of the cases last searched, the latest asked last. A manoeuvre's own check reads the
 * plane's card, band, speed and load only through its turn modes (turnMode, bankMode; the families
 * of movement/manoeuvres), so the case is the five turn modes and the mode of the turn: planes of
 * other types, heights and speeds with the same modes share the answers.
 */
const CHECKS = new Map<string, Checks>();
const CHECKS_KEPT = 64;
const KINDS: readonly TurnModeKind[] = ['turn', 'slip', 'halfRoll', 'bank', 'halfLoop'];

/** Forgets the checks kept (a benchmark's figure for a referee just started). */
export const forgetChecks = (): void => CHECKS.clear();

/** The checks kept for a case, made empty when there are none yet. */
const checksFor = (ctx: PlanContext): Checks =>
  rememberedIn(CHECKS, `${KINDS.map((k) => turnMode(ctx.tm, k)).join(',')}|${ctx.mode ?? ''}`, CHECKS_KEPT, () => ({
    legal: new Int8Array(CHECKS_SIZE),
    after: new Int8Array(CHECKS_SIZE),
    forces: new Int8Array(CHECKS_SIZE),
    counts: new Int8Array(CHECKS_SIZE),
    lengths: [],
  }));

/** A box as the search flies it (no marks), one object a code and roll: flying reads a box, never writes it. */
const PLANNED: readonly (readonly PlannedBox[])[] = ALL_CODES.map((man) =>
  ([0, 1, 2] as const).map(
    (roll) => Object.freeze({ man, alt: 0, forced: 0, power: 0, brake: 0, count: 0, roll }) as PlannedBox,
  ),
);
const planned = (man: Manoeuvre, roll: 0 | 1 | 2 = 0): PlannedBox =>
  (PLANNED[CODE_NO[man]] as readonly PlannedBox[])[roll] as PlannedBox;

/**
 * Every manoeuvre sequence of the plane's next plot, told apart by where it ends (hex, heading,
 * bank), what it carries into the next turn and how it got there as far as the rules after care
 * (the last manoeuvre, the forced height losses, having left the map).
 */
export function skeletons(
  state: GameState,
  plane: PlaneState,
  until?: (sk: Skeleton) => boolean,
  opts: { onMap?: boolean; keep?: boolean } = {},
): Skeleton[] {
  // `until`: the search stops at the first sequence it holds true for (trap.ts asks whether any
  // stays on the map); `onMap`: sequences that leave the map are followed no further; `keep`
  // false: none is returned (`until` sees each: ways.ts keeps what it needs of them).
  let stopped = false;
  const card = cardOf(state, plane);
  const band = effectiveBand(card, plane.altitude, plane.loaded, bandCondition(plane));
  const n = movementPoints(plane.speed).length;
  const carried = plane.carry?.boxes ?? [];
  const inCarry = Math.min(carried.length, n);
  const need = n - inCarry;
  const carryMode = plane.carry?.mode ?? null;
  let lastCarried: Manoeuvre | undefined;
  for (const b of carried) if (b.man !== 'S' && b.roll !== 1) lastCarried = b.man;
  const bank0 = bankAfterCarry(plane);
  const out: Skeleton[] = [];
  const q0 = plane.hex.q;
  const r0 = plane.hex.r;
  // The modes the turn may be flown in at all (plan.ts checks them for the whole plot): a steep
  // climb from an upward bank and not in a pull-out (rules (18), (22), (23)), no steep or vertical
  // dive in a level-off (24), a vertical dive only by its entry rule (20).
  const bankAtStart = inCarry ? bank0 : plane.bank;
  const demand = lastTurnDemand(plane.last, band);
  const modes: (PlotMode | null)[] = carryMode
    ? [carryMode]
    : ([null, 'SC', 'SD', 'VD'].filter(
        (m) =>
          m === null ||
          (m === 'SC' && isUpward(bankAtStart) && !demand?.noClimb) ||
          (m === 'SD' && !demand?.noDive) ||
          (m === 'VD' && !demand?.noDive && !verticalDiveEntry(card, band, plane.last, bankAtStart, plane.id).length),
      ) as (PlotMode | null)[]);
  for (const mode of modes) {
    const ctx: PlanContext = {
      plane: plane.id,
      card,
      band,
      tm: { card, band, speed: plane.speed, loaded: fliesLoaded(plane) },
      mode,
    };
    // Whether the turn's box i (the carried ones first) enters a hex: every third movement point of
    // a steep climb or dive is flown in place (rules (18), (19)); a vertical dive's single hex is
    // placed by the checker. `moves` counts the plot's own boxes.
    const movesAt = (i: number): boolean =>
      mode !== 'VD' && !((mode === 'SC' || mode === 'SD') && isSkippedInSteep(i + 1));
    const moves = (j: number): boolean => movesAt(inCarry + j);
    // A manoeuvre's own check depends on its code, length, the bank it starts in and the manoeuvre
    // before it (its box numbers only word the messages), and on the plane's card, band, speed and
    // load and the mode: each is asked once, and kept for the next search in the same case.
    // So are the bank it leaves, whether it forces a 100-ft loss and what it counts for speed loss.
    const { legal, after, forces, counts, lengths } = checksFor(ctx);
    const instance = (
      code: Manoeuvre,
      length: number,
      bankBefore: Bank,
      previous: Manoeuvre | undefined,
    ): ManoeuvreInstance => ({ code, length, boxNos: [1], bankBefore, previous });
    const passes = (
      k: number,
      code: Manoeuvre,
      length: number,
      bankBefore: Bank,
      previous: Manoeuvre | undefined,
    ): boolean => {
      if (legal[k] === 0)
        legal[k] = familyOf(code).check(instance(code, length, bankBefore, previous), ctx).length === 0 ? 1 : 2;
      return legal[k] === 1;
    };
    // The lengths a code passes its check at from a bank after a manoeuvre, shortest first (S and
    // 1 are one box: S leads into a manoeuvre, and alone is a mark only in a vertical dive).
    const lengthsAt = (codeNo: number, bankNo: number, prevNo: number, bank: Bank, prev: Manoeuvre | undefined) => {
      const i = lengthsIndex(codeNo, bankNo, prevNo);
      let ls = lengths[i];
      if (!ls) {
        const code = ALL_CODES[codeNo] as Manoeuvre;
        const most = code === '1' || code === 'S' ? 1 : MAX_LENGTH;
        const found: number[] = [];
        for (let length = 1; length <= most; length++)
          if (passes(indexOf(codeNo, length, bankNo, prevNo), code, length, bank, prev)) found.push(length);
        lengths[i] = ls = found;
      }
      return ls;
    };
    const bankAfter = (
      k: number,
      code: Manoeuvre,
      length: number,
      bankBefore: Bank,
      previous: Manoeuvre | undefined,
    ): Bank => {
      if (after[k] === 0)
        after[k] = BANK_NO[familyOf(code).bankAfter(instance(code, length, bankBefore, previous), ctx)] + 1;
      return BANKS[(after[k] as number) - 1] as Bank;
    };
    const forcesLoss = (
      k: number,
      code: Manoeuvre,
      length: number,
      bankBefore: Bank,
      previous: Manoeuvre | undefined,
    ): boolean => {
      if (forces[k] === 0)
        forces[k] = familyOf(code).forcedLoss(instance(code, length, bankBefore, previous), ctx) > 0 ? 1 : 2;
      return forces[k] === 1;
    };
    const countOf = (
      k: number,
      code: Manoeuvre,
      length: number,
      bankBefore: Bank,
      previous: Manoeuvre | undefined,
    ): number => {
      if (counts[k] === 0) counts[k] = familyOf(code).count(instance(code, length, bankBefore, previous), ctx) + 1;
      return (counts[k] as number) - 1;
    };
    const seenAt: Set<string | number>[] = [];
    const straightAt: Position[][] = [];
    const straightFly = familyOf('S').fly;
    // The boxes carried over from last turn are flown first (seed 000 X.B.5), in their own mode.
    // For a vertical dive: the last box of the turn that changes bank, and the first manoeuvre.
    let lastBank = -1;
    let firstMan = '';
    let pos0: Position = { hex: plane.hex, facing: plane.facing, nextRight: plane.nextRight };
    let bankFlown = plane.bank;
    carried.slice(0, inCarry).forEach((b, i) => {
      const r = familyOf(b.man).fly(pos0, bankFlown, b, movesAt(i), mode);
      pos0 = r.pos;
      bankFlown = r.bank;
      if (bankSide(b.man as Bank)) lastBank = i;
    });
    // The sequence so far, one stack for the whole search (copied only into a finished skeleton).
    const boxes: Manoeuvre[] = [];
    const forced: boolean[] = [];
    // How much of each stack is the sequence so far (the rest is left over from deeper calls).
    let boxTop = 0;
    let forcedTop = 0;
    let forcedCount = 0;
    let counted = 0;
    const S_BOX = planned('S');
    // A plane that leaves the map is flown no further (fly.ts): its end is the box that took it off,
    // and the rest of the plot only has to be legal.
    const off = (at: Position): boolean => !hexOnMap(state, at.hex);
    /**
     * What tells two sequences apart: where they are (hex, heading, bank), the last manoeuvre
     * (what may follow it; past the turn's boxes, with the box count, what runs on into the next
     * turn), the forced losses so far (they bring the ground nearer, plan.ts refusing a plot that
     * dives into it, and the turn's height with them), and whether the plane has left the map.
     * In a vertical dive no box moves but one (the first or the last, by where the last bank
     * change falls: plan.ts): there, where the last bank change is and the first manoeuvre.
     * Told by a number where it can be (one set of them a box count and count of manoeuvres, each
     * number under 2^30, one of V8's fast small integers), by text otherwise.
     */
    const keyOf = (pos: Position, bank: Bank, prevNo: number, gone: boolean): string | number => {
      const dq = pos.hex.q - q0 + REACH;
      const dr = pos.hex.r - r0 + REACH;
      const near = dq >= 0 && dr >= 0 && dq <= 2 * REACH && dr <= 2 * REACH;
      return mode !== 'VD' && near
        ? (((((dq * (2 * REACH + 1) + dr) * 24 + pos.facing * 2 + (pos.nextRight ? 1 : 0)) * BANKS.length +
            BANK_NO[bank]) *
            (ALL_CODES.length + 1) +
            prevNo) *
            32 +
            forcedCount) *
            2 +
            (gone ? 1 : 0)
        : mode === 'VD'
          ? `${pos.facing}|${pos.nextRight ? 1 : 0}|${bank}|${prevNo}|${lastBank}|${firstMan}|${forcedCount}`
          : `${pos.hex.q},${pos.hex.r}|${pos.facing}|${pos.nextRight ? 1 : 0}|${bank}|${prevNo}|${forcedCount}|${gone ? 1 : 0}`;
    };
    /**
     * A sequence that fills the turn's boxes, made a skeleton whole at once (one shape for V8):
     * where it ends, except in a vertical dive; kept unless `keep` is false, and the search stopped
     * when `until` holds for it.
     */
    const finish = (pos: Position, bank: Bank, gone: boolean): void => {
      const b = boxes.slice(0, boxTop);
      const f = forced.slice(0, forcedTop);
      const end = { hex: pos.hex, facing: pos.facing, bank };
      const sk: Skeleton =
        mode === 'VD'
          ? gone
            ? { mode, boxes: b, forced: f, need, counted, leaves: true }
            : { mode, boxes: b, forced: f, need, counted }
          : gone
            ? { mode, boxes: b, forced: f, need, counted, leaves: true, end }
            : { mode, boxes: b, forced: f, need, counted, end };
      if (opts.keep !== false) out.push(sk);
      if (until?.(sk)) stopped = true;
    };
    /**
     * Flies straight boxes on from the last of `straight` (its first the position at box `used`)
     * until it holds `ahead` of them; returns the first count that took the plane off the map
     * (`offAfter` until one does).
     */
    const straightOn = (straight: Position[], used: number, bank: Bank, ahead: number, offAfter: number): number => {
      while (straight.length <= ahead) {
        const j = used + straight.length - 1;
        const from = straight[straight.length - 1] as Position;
        const next = j < need ? straightFly(from, bank, S_BOX, moves(j), mode).pos : from;
        if (offAfter === Infinity && j < need && off(next)) offAfter = straight.length;
        straight.push(next);
      }
      return offAfter;
    };
    const grow = (used: number, pos: Position, bank: Bank, prev: Manoeuvre | undefined, gone: boolean): void => {
      if (stopped || (gone && opts.onMap)) return;
      // Each sequence is followed once from where it stands (keyOf).
      const prevNo = prev ? CODE_NO[prev] + 1 : 0;
      const key = keyOf(pos, bank, prevNo, gone);
      const seen = (seenAt[used * COUNTS + counted] ??= new Set<string | number>());
      if (seen.has(key)) return;
      seen.add(key);
      if (used >= need) {
        finish(pos, bank, gone);
        return;
      }
      // Where straight boxes from here lead: after k of them, and the bank (S changes none); one
      // array a box count, reused (a deeper call always starts at a later box), filled as asked.
      const straight = (straightAt[used] ??= []);
      straight.length = 1;
      straight[0] = pos;
      // The first count of straight boxes from here that takes the plane off the map, if any yet.
      let offAfter = Infinity;
      const codes = mode === 'VD' ? ALL_CODES : CODES;
      const bankNo = BANK_NO[bank];
      for (const code of codes) {
        const codeNo = CODE_NO[code];
        const family = FAMILY_OF[codeNo] as (typeof FAMILY_OF)[number];
        const halfRoll = IS_HALF_ROLL[codeNo] as boolean;
        const slip = IS_SLIP[codeNo] as boolean;
        // The lengths that pass, shortest first, up to the first that runs on into the next turn.
        for (const length of lengthsAt(codeNo, bankNo, prevNo, bank, prev)) {
          const first = used;
          const last = first + length - 1;
          const runOn = last >= need;
          const k = indexOf(codeNo, length, bankNo, prevNo);
          // A slip or half roll cannot be flown on the skipped point of a steep climb or dive.
          if (
            (slip && last < need && !moves(last) && mode !== 'VD') ||
            (halfRoll && mode !== 'VD' && ((last < need && !moves(last)) || (last - 1 < need && !moves(last - 1))))
          ) {
            if (runOn) break;
            continue;
          }
          // Fly this turn's boxes of it, as fly.ts will: S boxes, then the completing box (a half
          // roll's last two: the roll, then its end).
          const plain = halfRoll ? Math.max(0, length - 2) : length - 1;
          let at = pos;
          let b = bank;
          let leaves = gone;
          if (!gone) {
            const ahead = Math.min(plain, Math.max(0, need - first));
            offAfter = straightOn(straight, used, bank, ahead, offAfter);
            at = straight[ahead] as Position;
            if (offAfter <= plain) {
              at = straight[offAfter] as Position;
              leaves = true;
            }
          }
          for (let j = plain; !leaves && j < length && first + j < need; j++) {
            const isLast = j === length - 1;
            const roll: 0 | 1 | 2 = halfRoll ? (isLast ? 2 : j === length - 2 ? 1 : 0) : 0;
            const r = family.fly(at, b, planned(isLast || roll === 1 ? code : 'S', roll), moves(first + j), mode);
            at = r.pos;
            b = r.bank;
            if (off(at)) leaves = true;
          }
          if (!runOn && !leaves) b = bankAfter(k, code, length, bank, prev);
          const forcedHere = mode !== 'SD' && mode !== 'VD' && forcesLoss(k, code, length, bank, prev);
          const boxMark = boxTop;
          const forcedMark = forcedTop;
          for (let j = 0; j < length; j++) boxes[boxTop++] = j === length - 1 ? code : 'S';
          for (let j = first; j < Math.min(last + 1, need); j++) forced[forcedTop++] = j === last && forcedHere;
          if (forcedHere && last < need) forcedCount++;
          const countsHere = last < need ? countOf(k, code, length, bank, prev) : 0;
          counted += countsHere;
          const lastBankBefore = lastBank;
          const firstManBefore = firstMan;
          if (last < need && bankSide(code as Bank)) lastBank = inCarry + last;
          if (first === 0) firstMan = `${code}${length}`;
          grow(last + 1, at, b, code, leaves);
          boxTop = boxMark;
          forcedTop = forcedMark;
          lastBank = lastBankBefore;
          firstMan = firstManBefore;
          if (forcedHere && last < need) forcedCount--;
          counted -= countsHere;
          if (runOn) break;
        }
      }
    };
    if (need === 0) {
      const sk: Skeleton = { mode, boxes: [], forced: [], need, counted: 0 };
      if (opts.keep !== false) out.push(sk);
      if (until?.(sk)) stopped = true;
    } else grow(0, pos0, bank0, lastCarried, off(pos0));
    if (stopped) break;
  }
  return out;
}
