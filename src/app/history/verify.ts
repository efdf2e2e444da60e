/**
 * `tallyho verify`: re-resolves every resolved turn of a game from its stored state, the orders it
 * was resolved with and its dice (src/core/turn.ts, docs/fair-dice.md), and reports every
 * difference from what was stored: the dice's seed, commitment and digest, the new state, the
 * events. Reads in short transactions of a few turns, so the server sharing the database is never
 * held up for long.
 */
import { commitmentOf, effectiveSeed } from '../../core/fair-dice.ts';
import type { GameState } from '../../core/state.ts';
import { resolveTurn } from '../../core/turn.ts';
import type { AppDeps } from '../ports/deps.ts';
import { diceWith, turnOrders, withDiceSeed } from '../game/dice.ts';
import { requireGame } from '../setup/games.ts';
import { standinOrders } from '../game/standin.ts';
import { STANDIN_VERSION } from '../../core/standin/version.ts';
import { CARDS_MARK, type OrdersRow, type TurnDiceRow } from '../ports/store.ts';

export interface TurnDifference {
  turn: number;
  what: string;
}

export interface VerifyResult {
  game: string;
  /** Resolved turns re-resolved. */
  turns: number;
  /** Of those, turns resolved before verifiable dice (thrown with their state's own seed). */
  legacyTurns: number;
  differences: TurnDifference[];
  /**
   * Turns whose stored no-shot events (why a FIRE order did not fire) differ from today's referee's:
   * they explain, they change nothing of the turn, and a later referee may explain more (every
   * failed condition, not the first), so they are told apart from the differences and do not fail.
   */
  explanations: TurnDifference[];
}

interface StoredTurn {
  turn: number;
  /** The state after the turn (the next turn's), as kept: JSON text, CARDS_MARK for the game's cards. */
  after: string | undefined;
  latest: Map<string, OrdersRow>;
  /** The turn's events as stored: one JSON array text. */
  events: string;
  dice: TurnDiceRow | undefined;
}

const CHUNK = 64;
const MAX_SHOWN = 120;

const show = (v: unknown): string => {
  const s = v === undefined ? 'nothing' : JSON.stringify(v);
  return s.length > MAX_SHOWN ? `${s.slice(0, MAX_SHOWN)}...` : s;
};

/** The first place two JSON values differ, as a path, or null when they are equal. */
export function firstDifference(
  stored: unknown,
  got: unknown,
  path = '',
): { path: string; stored: unknown; got: unknown } | null {
  if (stored === got) return null;
  if (Array.isArray(stored) && Array.isArray(got)) {
    for (let i = 0; i < Math.max(stored.length, got.length); i++) {
      const d = firstDifference(stored[i], got[i], `${path}[${i}]`);
      if (d) return d;
    }
    return null;
  }
  if (
    stored &&
    got &&
    typeof stored === 'object' &&
    typeof got === 'object' &&
    !Array.isArray(stored) &&
    !Array.isArray(got)
  ) {
    const a = stored as Record<string, unknown>;
    const b = got as Record<string, unknown>;
    for (const k of [...new Set([...Object.keys(a), ...Object.keys(b)])].sort()) {
      const d = firstDifference(a[k], b[k], path ? `${path}.${k}` : k);
      if (d) return d;
    }
    return null;
  }
  return { path: path || '(the whole value)', stored, got };
}

/**
 * Whether a turn was resolved when a torpedo that hit a ship in the impulse it was dropped did its
 * damage at once, before seed 000 VIII.5 was followed (core/ordnance/torpedoes.ts): a stored hit in
 * phase E without `strikes`. Such a turn is re-resolved as it was then, with the same dice.
 */
export function torpedoAtRelease(events: readonly string[]): boolean {
  return events.some((text) => {
    if (!text.includes('"type":"torpedo-run"')) return false;
    const e = JSON.parse(text) as { phase?: string; hit?: boolean; strikes?: string };
    return e.phase === 'E' && e.hit === true && e.strikes === undefined;
  });
}

/**
 * The aircraft cards of the states verify hands on (the same object turn after turn), their text,
 * and the game's kept cards text: a state whose cards are the game's is written as the store keeps
 * it, CARDS_MARK in their place, so it is compared without the cards' bytes.
 */
interface CardsText {
  of?: unknown;
  text?: string;
  kept: string | undefined;
}

/** JSON.stringify(state), with CARDS_MARK in place of the aircraft cards when they are the game's. */
function keptJson(state: GameState, cards: CardsText): string {
  let out = '{';
  for (const [k, v] of Object.entries(state)) {
    let text: string | undefined;
    if (k === 'aircraft') {
      if (cards.of !== v) {
        cards.of = v;
        cards.text = JSON.stringify(v);
      }
      if (cards.text === cards.kept) {
        out += `${out.length > 1 ? ',' : ''}${CARDS_MARK}`;
        continue;
      }
      text = cards.text;
    } else text = JSON.stringify(v);
    if (text === undefined) continue;
    out += `${out.length > 1 ? ',' : ''}${JSON.stringify(k)}:${text}`;
  }
  return `${out}}`;
}

/** A kept state's whole JSON text: the game's cards in place of CARDS_MARK. */
function wholeText(kept: string, cards: CardsText): string {
  const at = kept.indexOf(CARDS_MARK);
  if (at < 0) return kept;
  if (cards.kept === undefined) throw new Error("a stored state names the game's aircraft cards, and there are none");
  return `${kept.slice(0, at)}"aircraft":${cards.kept}${kept.slice(at + CARDS_MARK.length)}`;
}

/**
 * Re-resolves one turn from `state`; the differences found, and the state the next turn is
 * re-resolved from. Stored and re-resolved values are compared as JSON text first (they were
 * written by the same JSON.stringify), and only text that differs is read and looked at key by key.
 * When the stored state after the turn is the re-resolved one, that serves as the next turn's
 * state without reading it again; otherwise the next turn starts from what is stored.
 */
function verifyTurn(
  gameId: string,
  t: StoredTurn,
  state: GameState,
  cards: CardsText,
): { legacy: boolean; differences: string[]; explanations: string[]; next: GameState | undefined } {
  const out: string[] = [];
  const older: string[] = [];
  const stored = (): GameState | undefined =>
    t.after === undefined ? undefined : (JSON.parse(wholeText(t.after, cards)) as GameState);
  let seed = state.dice.seed;
  if (t.dice) {
    if (commitmentOf(t.dice.serverSeed) !== t.dice.commitment)
      out.push(`dice: the server seed does not hash to the commitment published for the turn (${t.dice.commitment})`);
    const dice = diceWith(t.dice, t.latest);
    if (dice.digest !== t.dice.ordersDigest)
      out.push(
        `dice: the stored orders give the digest ${dice.digest}, the turn was resolved with ${t.dice.ordersDigest ?? 'none'}`,
      );
    // The same digest gives the seed just worked out; another is hashed for itself.
    const storedSeed =
      dice.digest === t.dice.ordersDigest ? dice.seed : effectiveSeed(t.dice.serverSeed, t.dice.ordersDigest ?? '');
    if (t.dice.effectiveSeed !== storedSeed)
      out.push('dice: the stored dice seed is not SHA-256(server seed ":" orders digest)');
    seed = dice.seed;
  }
  standinCheck(gameId, t, state, out, older);
  // Each stored event's own text, as written (JSON.stringify of what JSON.parse reads gives it back).
  let texts: string[] | undefined;
  const eventTexts = (): string[] => (texts ??= (JSON.parse(t.events) as unknown[]).map((e) => JSON.stringify(e)));
  const legacyTorpedo = t.events.includes('"type":"torpedo-run"') && torpedoAtRelease(eventTexts());
  const r = resolveTurn(
    withDiceSeed(state, seed),
    turnOrders(t.latest),
    undefined,
    legacyTorpedo ? { torpedoAtRelease: true } : {},
  );
  if (!r.ok)
    return {
      legacy: !t.dice,
      differences: [...out, `the stored orders do not resolve: ${r.error.map((p) => p.message).join('; ')}`],
      explanations: older,
      next: stored(),
    };
  let next: GameState | undefined = r.value.state;
  if (t.after !== keptJson(r.value.state, cards)) {
    next = stored();
    const d = firstDifference(next, r.value.state);
    if (d) out.push(`state after the turn: ${d.path} is ${show(d.stored)} as stored, ${show(d.got)} re-resolved`);
  }
  // The no-shot events (why a FIRE order did not fire) come last and explain, they do not change
  // the turn: the results are compared without them, and they apart. A turn resolved before the
  // referee wrote them has none, and is compared without them.
  // The top-level type (a quick game's event holds its own `"type"` inside `"event":{`).
  const isNoShot = (text: string): boolean => text.includes(',"type":"no-shot"');
  // The whole turn's events as one text first; only a turn that differs is looked at event by event.
  if (t.events === JSON.stringify(r.value.events))
    return { legacy: !t.dice, differences: out, explanations: older, next };
  const storedEvents = eventTexts();
  const storedResults = storedEvents.filter((text) => !isNoShot(text));
  const got = r.value.events.filter((e) => e.type !== 'no-shot');
  compareEvents(storedResults, got, 'events', out);
  const explanations: string[] = [...older];
  if (storedResults.length < storedEvents.length)
    compareEvents(
      storedEvents.filter(isNoShot),
      r.value.events.filter((e) => e.type === 'no-shot'),
      'no-shot events',
      explanations,
    );
  return { legacy: !t.dice, differences: out, explanations, next };
}

/**
 * The stand-in's orders of a turn (app/game/standin.ts) asked of it again from the turn's state and
 * server seed: a difference when it gives others; an explanation when an older stand-in gave them.
 */
function standinCheck(gameId: string, t: StoredTurn, state: GameState, out: string[], older: string[]): void {
  for (const o of t.latest.values()) {
    const m = o.standin;
    if (!m) continue;
    if (!t.dice) {
      out.push(
        `${o.playerId}'s orders are marked as the stand-in's, and the turn has no dice seed to derive them from`,
      );
      continue;
    }
    if (m.version !== STANDIN_VERSION) {
      older.push(
        `${o.playerId}'s orders were given by the stand-in pilot's version ${m.version}, this referee's is ${STANDIN_VERSION}: they were not derived again (the turn itself was)`,
      );
      continue;
    }
    const again = standinOrders(
      state,
      gameId,
      { id: o.playerId, planes: m.planes },
      t.dice.serverSeed,
      m.reason,
      m.level,
    );
    if (!again || again.canonical !== o.canonical || JSON.stringify(again.orders) !== JSON.stringify(o.orders)) {
      out.push(
        `${o.playerId}'s orders, marked as the stand-in's, are not what it gives from the turn's state and seed: stored ${show(o.canonical)}, derived ${show(again?.canonical)}`,
      );
    }
  }
}

/** Stored events (JSON text) against re-resolved ones: the count, then the first difference. */
function compareEvents(stored: readonly string[], got: readonly unknown[], what: string, out: string[]): void {
  if (stored.length !== got.length) out.push(`${what}: ${stored.length} stored, ${got.length} re-resolved`);
  if (stored.length !== got.length || stored.some((text, i) => text !== JSON.stringify(got[i]))) {
    const e = firstDifference(
      stored.map((text) => JSON.parse(text) as unknown),
      got,
    );
    if (e) out.push(`${what}: ${e.path} is ${show(e.stored)} as stored, ${show(e.got)} re-resolved`);
  }
}

/** Verifies every resolved turn of a game; `progress` is told after each turn. */
export function verifyGame(
  deps: AppDeps,
  gameId: string,
  progress?: (done: number, total: number) => void,
): VerifyResult {
  // The turns resolved from the first on, read at once.
  const total = deps.store.tx((tx) => {
    const g = requireGame(tx, gameId);
    let n = 0;
    for (const r of tx.archive.resolvedTurns(g.id)) if (r.turn === n + 1 && n < g.turn) n++;
    return n;
  });
  const result: VerifyResult = { game: gameId, turns: total, legacyTurns: 0, differences: [], explanations: [] };
  let state: GameState | undefined;
  const cards: CardsText = { kept: undefined };
  for (let from = 1; from <= total; from += CHUNK) {
    const chunk = deps.store.tx((tx) => {
      if (!state) {
        const text = tx.turns.stateText(gameId, from);
        if (text === undefined) throw new Error(`game ${gameId} has no stored state for turn ${from}`);
        state = JSON.parse(text) as GameState;
      }
      // The chunk in four reads: the states after its turns, their orders, events and dice.
      const to = Math.min(from + CHUNK - 1, total);
      const kept = tx.turns.keptStateTexts(gameId, from + 1, to + 1);
      cards.kept = kept.cards;
      const after = kept.texts;
      const latest = tx.orders.latestAcceptedOf(gameId, from, to);
      const events = tx.events.arraysOf(gameId, from, to);
      const dice = tx.dice.range(gameId, from, to);
      const turns: StoredTurn[] = [];
      for (let t = from; t <= to; t++) {
        turns.push({
          turn: t,
          after: after.get(t + 1),
          latest: latest.get(t) ?? new Map(),
          events: events.get(t) ?? '[]',
          dice: dice.get(t),
        });
      }
      return turns;
    });
    for (const t of chunk) {
      if (!state) throw new Error(`game ${gameId} has no stored state for turn ${t.turn}`);
      const v = verifyTurn(gameId, t, state, cards);
      state = v.next;
      if (v.legacy) result.legacyTurns++;
      for (const what of v.differences) result.differences.push({ turn: t.turn, what });
      for (const what of v.explanations) result.explanations.push({ turn: t.turn, what });
      progress?.(t.turn, total);
    }
  }
  return result;
}
