/**
 * The public web archive's view models: the game list, a game page, a page per resolved turn (SVG
 * map, replay frames, event log, combat) and a log sheet per plane and turn. Read through the Store
 * only. What is public: game and scenario names, player ids and their planes, whether a player's
 * orders for the current turn are in, and everything of a resolved turn. Never: addresses, secrets,
 * tokens, players' orders, anything of a turn that is not resolved (its page does not exist until
 * then); nor a resolved turn's no-shot events, which tell fire orders (turnLog leaves them out).
 * Once a game is over, a turn's page has the stand-in pilot's choices and reasons of that turn
 * (its debrief, docs/standin.md), which only the side it flew for saw while the game ran.
 */
import { publishedRecords } from '../game/record.ts';
import { debriefOf } from '../game/standin.ts';
import { flakText } from '../../core/flak/fire.ts';
import type { GameEvent } from '../../core/events.ts';
import type { GameState, PlaneState } from '../../core/state.ts';
import { speedText } from '../../core/state.ts';
import { bankWords } from '../../core/bank.ts';
import { hexLabel } from '../../core/hex/coords.ts';
import { casualties, combatLines } from '../../report/combat-log.ts';
import { replayFrames } from '../../report/frames.ts';
import { buildMapView } from '../../report/map-view.ts';
import { svgMap } from '../../report/svg-map.ts';
import { sideNames, turnLog } from '../../report/turn-log.ts';
import { flexibleShots } from '../../report/clock.ts';
import { quickEventLine } from '../../report/quick-log.ts';
import { replayLabel, type TurnShape, turnShape } from '../../report/turn-shape.ts';
import { ID_RE } from '../ports/ids.ts';
import { endText } from '../views/outcome.ts';
import { when } from '../words/text.ts';
import type { GameRow, Store, StoreTx, TurnStamp } from '../ports/store.ts';
import { damageLines, facingText, logSheet } from '../views/sheet.ts';
import { inPlay } from '../../core/outcome.ts';
import { quickSheet } from '../views/quick.ts';
import { pilotText, ratingKnown } from '../../report/pilots.ts';
import { paths } from '../words/urls.ts';
import { turnMeta } from './describe.ts';

const gameHref = paths.game;
const turnHref = paths.turn;
const sheetHref = paths.sheet;

const STATUS: Record<GameRow['status'], string> = { setup: 'being set up', running: 'running', over: 'over' };

export interface GameListItem {
  id: string;
  name: string;
  href: string;
  status: string;
  turn: number;
  resolved: number;
  players: number;
  started: string;
  active: string;
}

/** Games on a page of the list. */
export const GAMES_PER_PAGE = 50;

const listHref = paths.games;

export interface GameListPage {
  games: GameListItem[];
  page: number;
  pages: number;
  total: number;
  /** More than one page. */
  paged: boolean;
  /** Links to the previous and next pages ('' on the first and last). */
  prev: string;
  next: string;
  /** "123 games, latest activity first: page 2 of 3." */
  summary: string;
}

const count = (n: number, what: string): string => `${n.toLocaleString('en-US')} ${what}${n === 1 ? '' : 's'}`;

/**
 * A page of the game list (from 1), latest activity first: one query for the page, whatever its
 * size. Null for a page past the last (page 1 always exists, empty when there are no games).
 */
export function listGames(store: Store, page = 1, perPage = GAMES_PER_PAGE): GameListPage | null {
  return store.tx((tx) => {
    const total = tx.archive.gameCount();
    const pages = Math.max(1, Math.ceil(total / perPage));
    if (!Number.isSafeInteger(page) || page < 1 || page > pages) return null;
    const games = tx.archive.gamePage(perPage, (page - 1) * perPage).map((g) => ({
      // A game over shows its last turn played, as its own page does, not the turn it never reached.
      id: g.id,
      name: g.name,
      href: gameHref(g.id),
      status: STATUS[g.status],
      turn: g.status === 'over' && g.resolved ? g.resolved : g.turn,
      resolved: g.resolved,
      players: g.players,
      started: g.startedAt === null ? '' : when(g.startedAt),
      active: when(g.activityAt),
    }));
    const summary = `${count(total, 'game')}, latest activity first${pages > 1 ? `: page ${page} of ${pages}` : ''}.`;
    return {
      games,
      page,
      pages,
      total,
      paged: pages > 1,
      prev: page > 1 ? listHref(page - 1) : '',
      next: page < pages ? listHref(page + 1) : '',
      summary,
    };
  });
}

function description(game: GameRow): string {
  try {
    const s = JSON.parse(game.scenario) as { description?: unknown };
    return typeof s.description === 'string' ? s.description.trim() : '';
  } catch {
    return '';
  }
}

/**
 * A plane's row. `over`: the game is over, so every pilot's rating is told; while it runs the
 * public sees a rating only once it has shown in combat (seed 002 9.1.11, report/pilots.ts).
 */
const planeRow = (state: GameState, p: PlaneState, over = false) => ({
  pilot: p.pilot ? pilotText(p.pilot, ratingKnown(p, over ? 'all' : 'public')) : '',
  id: p.id,
  type: state.aircraft[p.type]?.name ?? state.quick?.cards[p.type]?.name ?? p.type,
  side: state.sides[p.side]?.name ?? p.side,
  // The quick game (seed 004): SPEED in whole points; destroyed rather than shot down.
  // A plane on a field or a deck is no plane flying, whatever its status says (core/ground).
  status:
    state.quick && p.status === 'shot-down'
      ? 'destroyed'
      : p.status === 'flying' && p.ground
        ? p.ground.deck
          ? `on ${p.ground.deck}'s deck`
          : 'on the ground'
        : p.status,
  hex: hexLabel(p.hex),
  facing: facingText(p.facing),
  altitude: p.altitude,
  speed: state.quick ? String(Math.round(p.speed / 10)) : speedText(p.speed),
  bank: bankWords(p.bank),
});

/**
 * Fog of war (docs/spotting.md): a game whose scenario hides counters shows no positions, turn
 * pages or plane sheets on the public web while it runs (each side's mails show what it has
 * identified); everything once it is over, or at once when the scenario says `reveal: always`.
 */
function fogHides(tx: StoreTx, game: GameRow): boolean {
  if (game.status === 'over') return false;
  const state = tx.turns.get(game.id, game.turn)?.state;
  return state?.fog?.reveal === 'over';
}

export const SECRET_SHEET =
  "This pilot's rating has not shown in combat yet (seed 002 9.1.11: ratings are secret until then), and the log sheet's turn modes and speeds would tell it. The sheet is shown here once the pilot has fired, or when the game is over; the plane's player has it in every report.";

export const FOG_NOTICE =
  'This game is played with fog of war: each side sees only what it has spotted. The map, the turn pages and the log sheets are shown here when the game is over.';

/** A visible game: ids outside the id alphabet never reach the store. */
function findGame(tx: StoreTx, id: string): GameRow | undefined {
  return ID_RE.test(id) ? tx.games.get(id) : undefined;
}

/** When TERMINATE ended a game, by the turns flown: "after turn 10, before turn 11 was flown", "before turn 1 was flown", "at turn 3". */
function whenEnded(tx: StoreTx, game: GameRow): string {
  const last = lastResolvedTurn(tx, game);
  if (last === game.turn) return `at turn ${game.turn}`;
  return `${last ? `after turn ${last}, ` : ''}before turn ${game.turn} was flown`;
}

/** How an ended game ended: the game master's TERMINATE, or the last turn's events (outcome.ts). */
function resultText(tx: StoreTx, game: GameRow, events: readonly GameEvent[], end: GameState | undefined): string {
  const control = tx.control.get(game.id);
  if (control.terminatedAt !== null)
    return `The game master ended the game ${whenEnded(tx, game)}${control.terminateReason ? `: ${control.terminateReason}` : ''}.`;
  return end ? endText(events, end) : 'The game is over.';
}

/** The last turn resolved (0: none): a game played out stands at the turn after its last, one ended by TERMINATE at the turn it ended in. */
export function lastResolvedTurn(tx: StoreTx, game: GameRow): number {
  if (tx.turns.get(game.id, game.turn)?.resolvedAt != null) return game.turn;
  return tx.turns.get(game.id, game.turn - 1)?.resolvedAt != null ? game.turn - 1 : 0;
}

/** How a game that is over ended (resultText), read from the store: its last turn's events and its end. */
export function overText(tx: StoreTx, game: GameRow): string {
  const resolved = lastResolvedTurn(tx, game);
  return resultText(
    tx,
    game,
    resolved ? tx.events.list(game.id, resolved) : [],
    tx.turns.get(game.id, game.turn)?.state,
  );
}

export function gamePage(store: Store, id: string) {
  return store.tx((tx) => {
    const game = findGame(tx, id);
    if (!game) return null;
    const state = tx.turns.get(game.id, game.turn)?.state;
    const resolved = tx.archive.resolvedTurns(game.id);
    const current = game.status === 'running' && !resolved.some((r) => r.turn === game.turn);
    const latest = current ? tx.orders.latestAccepted(game.id, game.turn) : new Map<string, unknown>();
    // With fog of war, not even the other sides' rosters (docs/spotting.md).
    const hidden = fogHides(tx, game);
    const players = tx.players.list(game.id).map((p) => {
      const mine = state ? inPlay(state, p.planes) : 0;
      // The stand-in's seats and players on leave (app/game/standin.ts; a leave run out is ended by the next tick).
      const standin = p.pilot === 'computer' || p.leaveUntil !== null;
      const orders = !current
        ? ''
        : mine === 0
          ? 'nothing flying'
          : latest.has(p.id)
            ? 'in'
            : standin
              ? 'the stand-in pilot flies'
              : 'waiting';
      return { id: p.id, planes: hidden ? '(hidden by fog of war)' : p.planes.join(', '), orders };
    });
    const deadline = current ? tx.archive.deadline(game.id, game.turn) : null;
    const waiting = players.filter((p) => p.orders === 'waiting').map((p) => p.id);
    const title =
      game.status === 'over'
        ? `${game.name}: the map at the end`
        : `${game.name}: the map at the start of turn ${game.turn}`;
    return {
      quick: !!state?.quick,
      fog: hidden ? FOG_NOTICE : '',
      hiddenTurns:
        hidden && !resolved.length
          ? 'No turn has been resolved yet.'
          : hidden
            ? `${resolved.length === 1 ? 'One turn has' : `${resolved.length} turns have`} been resolved; ${resolved.length === 1 ? 'it is' : 'they are'} shown here when the game is over.`
            : '',
      id: game.id,
      name: game.name,
      href: gameHref(game.id),
      description: description(game),
      status: STATUS[game.status],
      // A game over shows its last turn played, not the turn after it that was never opened.
      turn: game.status === 'over' && resolved.length ? Math.max(...resolved.map((r) => r.turn)) : game.turn,
      current,
      deadline: deadline === null ? '' : when(deadline),
      started: game.startedAt === null ? '' : when(game.startedAt),
      ended: game.endedAt === null ? '' : when(game.endedAt),
      result:
        game.status !== 'over'
          ? ''
          : resultText(
              tx,
              game,
              resolved.length ? tx.events.list(game.id, Math.max(...resolved.map((r) => r.turn))) : [],
              state,
            ),
      pilots: !!state?.options.pilots,
      // A campaign's game: its place in the campaign (docs/campaigns.md).
      campaign: ((cg) => (cg ? { id: cg.campaignId, seq: cg.seq, href: paths.campaign(cg.campaignId) } : null))(
        tx.campaigns.ofGame(game.id),
      ),
      players,
      planes: state && !hidden ? state.planes.map((p) => planeRow(state, p, game.status === 'over')) : [],
      units: state && !hidden ? unitRows(state) : [],
      waiting: waiting.join(', '),
      // The players' records, when the game master published them (SET records public).
      records: publishedRecords(tx, game.id),
      // The action only: the game page is drawn for every request (the whole map is on the turn pages).
      map:
        state && !hidden && game.status !== 'setup'
          ? svgMap(buildMapView({ state, viewer: null }), { title, actionOnly: true })
          : '',
      turns: hidden
        ? []
        : resolved
            .map((r) => ({ turn: r.turn, href: turnHref(game.id, r.turn), resolved: when(r.resolvedAt) }))
            .reverse(),
    };
  });
}

interface ResolvedTurn {
  game: GameRow;
  turn: number;
  resolvedAt: number;
  before: GameState;
  after: GameState;
  events: GameEvent[];
  hasNext: boolean;
}

/** A turn's stamp as a string: what its page is built from, in brief (see turnPageVia); a game's end adds its result and the stand-in's debrief. */
const stampText = (s: TurnStamp, over: boolean): string =>
  `${s.resolvedAt}:${s.dice}:${s.hasNext ? 'next' : 'last'}:${over ? 'over' : 'on'}`;

/** A resolved turn with its events and the states before and after it, or undefined. */
function resolvedTurn(tx: StoreTx, id: string, n: number, known?: TurnStamp): ResolvedTurn | undefined {
  const game = findGame(tx, id);
  if (!game || !Number.isSafeInteger(n) || n < 1) return undefined;
  const stamp = known ?? tx.archive.turnStamp(game.id, n);
  const row = stamp && tx.turns.get(game.id, n);
  const next = stamp && tx.turns.get(game.id, n + 1);
  if (!stamp || !row || !next) return undefined;
  return {
    game,
    turn: n,
    resolvedAt: stamp.resolvedAt,
    before: row.state,
    after: next.state,
    events: tx.events.list(game.id, n),
    hasNext: stamp.hasNext,
  };
}

const impulseLabel = (i: number, shape: TurnShape, events: readonly GameEvent[]): string =>
  i === 0 ? 'Start of the turn' : `End of ${replayLabel(shape, events, i)}`;

export type TurnView = NonNullable<ReturnType<typeof turnView>>;

/**
 * A resolved turn's page through a cache, in one transaction: its stamp (a string that changes
 * whenever the page may: the turn rolled back and resolved again, with other dice; the next turn
 * resolved, which adds a link) is read first; `kept(stamp)` returns a page made before with that
 * stamp, if any; otherwise `make` builds one from the view. Null: the turn has no page.
 */
export function turnPageVia<T>(
  store: Store,
  id: string,
  n: number,
  kept: (stamp: string) => T | undefined,
  make: (view: TurnView, stamp: string) => T,
): T | null {
  if (!ID_RE.test(id) || !Number.isSafeInteger(n) || n < 1) return null;
  return store.tx((tx) => {
    const s = tx.archive.turnStamp(id, n);
    if (!s) return null;
    const game = findGame(tx, id);
    if (game && fogHides(tx, game)) return null;
    const stamp = stampText(s, game?.status === 'over');
    const page = kept(stamp);
    if (page !== undefined) return page;
    const view = turnView(tx, id, n, s);
    return view ? make(view, stamp) : null;
  });
}

function turnView(tx: StoreTx, id: string, n: number, stamp?: TurnStamp) {
  const t = resolvedTurn(tx, id, n, stamp);
  if (!t) return null;
  const frames = replayFrames(t.before, t.events);
  const view = buildMapView({ state: t.before, viewer: null, turn: { frames, events: t.events } });
  // Each impulse's events, grouped once: the combat list and the replay's frames read them.
  const byImpulse = new Map<number, GameEvent[]>();
  for (const e of t.events) {
    const list = byImpulse.get(e.impulse);
    if (list) list.push(e);
    else byImpulse.set(e.impulse, [e]);
  }
  const at = (i: number): GameEvent[] => byImpulse.get(i) ?? [];
  const shape = turnShape(t.events);
  const names = sideNames(t.before);
  const flexible = flexibleShots(t.before);
  const combat = [];
  for (const i of shape.impulses) {
    // The quick game (seed 004): its combat in words (report/quick-log.ts).
    const lines = shape.quick
      ? at(i).flatMap((e) =>
          e.type === 'quick' && e.event.type !== 'move' && e.event.type !== 'exit'
            ? [quickEventLine(e.event, names)]
            : [],
        )
      : combatLines(at(i), { flexible });
    if (lines.length)
      combat.push({
        impulse: i,
        ...(shape.quick ? { heading: 'The initiative and every gun' } : {}),
        text: lines.join('\n'),
      });
  }
  // The turn that ended the game: why, and who won.
  const end = t.game.status === 'over' && t.game.turn === t.turn + 1 ? resultText(tx, t.game, t.events, t.after) : '';
  return {
    quick: !!t.before.quick,
    game: { id: t.game.id, name: t.game.name, href: gameHref(t.game.id) },
    // The page's one line for a shared link (describe.ts).
    metaDescription: turnMeta(t.game.name, t.turn, t.events, end),
    turn: t.turn,
    resolved: when(t.resolvedAt),
    prev: t.turn > 1 ? turnHref(t.game.id, t.turn - 1) : '',
    next: t.hasNext ? turnHref(t.game.id, t.turn + 1) : '',
    map: svgMap(view, { title: `${t.game.name}: turn ${t.turn}`, frames }),
    shots: view.shots.length,
    last: frames.length - 1,
    frames: frames.map((f, i) => ({
      index: i,
      label: impulseLabel(i, shape, t.events),
      first: i === 0,
      text: turnLog(at(i), shape, names, { flexible }),
      // Trucks, tanks and ships ride in the frames at altitude 0: shown as on the surface, with what they are.
      planes: f.map((p) =>
        p.kind
          ? { ...p, facing: facingText(p.facing), altitude: 'surface', bank: p.kind }
          : { ...p, facing: facingText(p.facing), altitude: `${p.altitude} ft`, bank: bankWords(p.bank) },
      ),
    })),
    casualties: casualties(t.events),
    // A turn the game master rolled back and had resolved again (app/gm/rollback.ts).
    rerun: (tx.control.clock(t.game.id, t.turn)?.reruns ?? 0) > 0,
    end,
    combat,
    // Once the game is over: what the stand-in chose this turn and why (docs/standin.md "The debrief").
    standin:
      t.game.status === 'over'
        ? (debriefOf(new Map([[t.turn, tx.orders.latestAccepted(t.game.id, t.turn)]]))[0]?.flights ?? [])
        : [],
    eventLog: turnLog(t.events, shape, names, { flexible }),
    pilots: !!t.after.options.pilots,
    planes: t.after.planes.map((p) => ({
      ...planeRow(t.after, p, t.game.status === 'over'),
      sheet: sheetHref(t.game.id, t.turn, p.id),
    })),
    units: unitRows(t.after),
  };
}

/** The trucks, tanks, ships and torpedoes of a state, a row each, for the web pages. */
function unitRows(state: GameState) {
  // Torpedoes are listed while they run; spent ones are told in the turn's log.
  return (state.units ?? [])
    .filter((u) => u.kind !== 'torpedo' || u.status === 'active')
    .map((u) => {
      const card = u.kind === 'ship' ? state.ships?.[u.type] : undefined;
      const guns = u.kind === 'ship' ? undefined : flakText(state, u);
      const what =
        card?.name ??
        (u.kind === 'torpedo'
          ? `torpedo (${state.torpedoes?.types[u.type]?.name ?? u.type})`
          : guns
            ? `${u.kind} with ${guns}`
            : u.kind);
      return {
        id: u.id,
        side: state.sides[u.side]?.name ?? u.side,
        what,
        hex: hexLabel(u.hex),
        facing: facingText(u.facing),
        speed: u.ship ? `${u.ship.knots} kt` : '',
        damage: card ? `${Math.min(u.damage ?? 0, card.hullPoints)} of ${card.hullPoints}` : '',
        status: u.status,
      };
    });
}

export function planeSheet(store: Store, id: string, n: number, planeId: string) {
  return store.tx((tx) => {
    const t = resolvedTurn(tx, id, n);
    const p = t?.after.planes.find((x) => x.id === planeId);
    if (!t || !p || fogHides(tx, t.game)) return null;
    const frames = replayFrames(t.before, t.events);
    const mine = t.events.filter((e) => e.plane === p.id || (e.type === 'shot' && e.target === p.id));
    const shape = turnShape(t.events);
    const owner = tx.players.list(t.game.id).find((x) => x.planes.includes(p.id));
    // A rating not yet shown stays secret while the game runs: the sheet's figures would tell it.
    const secret = t.game.status !== 'over' && !!p.pilot && !ratingKnown(p, 'public');
    return {
      pilots: !!t.after.options.pilots,
      secret: secret ? SECRET_SHEET : '',
      quick: !!t.after.quick,
      game: { id: t.game.id, name: t.game.name, href: gameHref(t.game.id) },
      turn: t.turn,
      turnHref: turnHref(t.game.id, t.turn),
      player: owner?.id ?? '',
      plane: planeRow(t.after, p, t.game.status === 'over'),
      sheet: secret ? '' : t.after.quick ? quickSheet(t.after, p) : logSheet(t.after, p),
      damage: damageLines(t.after, p).map((l) => l.trim()),
      track: frames
        .map((f, i) => {
          const x = f.find((q) => q.id === p.id);
          return x
            ? {
                label: impulseLabel(i, shape, t.events),
                hex: x.hex,
                facing: facingText(x.facing),
                altitude: x.altitude,
                bank: bankWords(x.bank),
                status: x.status,
              }
            : null;
        })
        .filter((x) => x !== null),
      eventLog: turnLog(mine, shape, sideNames(t.before), { flexible: flexibleShots(t.before) }),
    };
  });
}
