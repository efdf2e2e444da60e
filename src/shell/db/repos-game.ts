/** The game side of the SQLite store: games, players and planes, turns, orders, events, settings. */
import type Database from 'better-sqlite3';
import type { GameEvent } from '../../core/events.ts';
import type { GameState } from '../../core/state.ts';
import type { TurnOrders } from '../../core/turn.ts';
import {
  CARDS_MARK,
  type EventRepo,
  type GameRepo,
  type GameRow,
  type OrdersRepo,
  type OrdersRow,
  type PlayerRepo,
  type PlayerRow,
  type SettingsRepo,
  type StandinMark,
  type TurnRepo,
  type TurnRow,
} from '../../app/ports/store.ts';

type Row = Record<string, unknown>;

const gameOf = (r: Row): GameRow => ({
  id: r.id as string,
  name: r.name as string,
  scenario: r.scenario as string,
  status: r.status as GameRow['status'],
  turn: r.turn as number,
  seed: r.seed as string,
  createdAt: r.created_at as number,
  startedAt: (r.started_at as number | null) ?? null,
  endedAt: (r.ended_at as number | null) ?? null,
});

export function gameRepo(db: Database.Database): GameRepo {
  const get = db.prepare('SELECT * FROM games WHERE id = ?');
  const list = db.prepare('SELECT * FROM games ORDER BY created_at, id');
  const insert = db.prepare(`INSERT INTO games (id, name, scenario, status, turn, seed, created_at)
    VALUES (@id, @name, @scenario, @status, @turn, @seed, @createdAt)`);
  const columns: Record<string, string> = {
    status: 'status',
    turn: 'turn',
    startedAt: 'started_at',
    endedAt: 'ended_at',
  };
  // One statement per set of changed columns, prepared once.
  const updates = new Map<string, Database.Statement>();
  const updateOf = (keys: string[]) => {
    const sig = keys.join(',');
    let stmt = updates.get(sig);
    if (!stmt) {
      stmt = db.prepare(`UPDATE games SET ${keys.map((k) => `${columns[k]} = @${k}`).join(', ')} WHERE id = @id`);
      updates.set(sig, stmt);
    }
    return stmt;
  };
  return {
    get: (id) => {
      const r = get.get(id) as Row | undefined;
      return r && gameOf(r);
    },
    list: () => (list.all() as Row[]).map(gameOf),
    insert: (row) => {
      insert.run(row);
    },
    update(id, change) {
      const keys = Object.keys(change).filter((k) => k in columns);
      if (!keys.length) return;
      updateOf(keys).run({ ...change, id });
    },
  };
}

export function playerRepo(db: Database.Database): PlayerRepo {
  const get = db.prepare('SELECT * FROM players WHERE game_id = ? AND id = ?');
  const list = db.prepare("SELECT * FROM players WHERE game_id = ? AND status = 'active' ORDER BY created_at, rowid");
  const listAll = db.prepare('SELECT * FROM players WHERE game_id = ? ORDER BY created_at, rowid');
  const byEmail = db.prepare("SELECT * FROM players WHERE email = ? AND status = 'active' ORDER BY game_id, id");
  const registered = db.prepare('SELECT 1 FROM players WHERE email = ? LIMIT 1');
  const everyByEmail = db.prepare('SELECT * FROM players WHERE email = ? ORDER BY created_at, game_id, id');
  const planes = db.prepare('SELECT plane_id FROM planes WHERE game_id = ? AND player_id = ? ORDER BY rowid');
  const insert = db.prepare(`INSERT INTO players (game_id, id, email, secret_hash, created_at, zone, pilot)
    VALUES (@gameId, @id, @email, @secretHash, @createdAt, @zone, @pilot)`);
  const setPilot = db.prepare('UPDATE players SET pilot = ? WHERE game_id = ? AND id = ?');
  const setLeave = db.prepare('UPDATE players SET leave_until = ?, leave_used = ? WHERE game_id = ? AND id = ?');
  const insertPlane = db.prepare('INSERT INTO planes (game_id, plane_id, player_id) VALUES (?, ?, ?)');
  const setRoot = db.prepare('UPDATE players SET thread_root = ? WHERE game_id = ? AND id = ?');
  const setSecret = db.prepare('UPDATE players SET secret_hash = ? WHERE game_id = ? AND id = ?');
  const of = (r: Row): PlayerRow => ({
    gameId: r.game_id as string,
    id: r.id as string,
    email: r.email as string,
    secretHash: r.secret_hash as string,
    threadRoot: (r.thread_root as string | null) ?? null,
    createdAt: r.created_at as number,
    planes: (planes.all(r.game_id, r.id) as Row[]).map((p) => p.plane_id as string),
    zone: (r.zone as string | null) ?? null,
    status: r.status === 'replaced' ? 'replaced' : 'active',
    waitTurn: (r.wait_turn as number | null) ?? null,
    pilot: r.pilot === 'computer' ? 'computer' : 'human',
    leaveUntil: (r.leave_until as number | null) ?? null,
    leaveUsed: (r.leave_used as number | null) ?? 0,
  });
  return {
    get: (gameId, id) => {
      const r = get.get(gameId, id) as Row | undefined;
      return r && of(r);
    },
    list: (gameId) => (list.all(gameId) as Row[]).map(of),
    listAll: (gameId) => (listAll.all(gameId) as Row[]).map(of),
    byEmail: (email) => (byEmail.all(email) as Row[]).map(of),
    everyByEmail: (email) => (everyByEmail.all(email) as Row[]).map(of),
    isRegistered: (email) => registered.get(email) !== undefined,
    insert(row) {
      insert.run({
        gameId: row.gameId,
        id: row.id,
        email: row.email,
        secretHash: row.secretHash,
        createdAt: row.createdAt,
        zone: row.zone ?? null,
        pilot: row.pilot ?? 'human',
      });
      for (const p of row.planes) insertPlane.run(row.gameId, p, row.id);
    },
    setThreadRoot: (gameId, id, messageId) => {
      setRoot.run(messageId, gameId, id);
    },
    setSecret: (gameId, id, secretHash) => {
      setSecret.run(secretHash, gameId, id);
    },
    setPilot: (gameId, id, pilot) => {
      setPilot.run(pilot, gameId, id);
    },
    setLeave: (gameId, id, until, used) => {
      setLeave.run(until, used, gameId, id);
    },
  };
}

/** Freezes a value read from JSON and everything in it. */
function deepFreeze<T>(v: T): T {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

/** How many states read lately the store keeps parsed, by game and turn. */
const STATE_CACHE_SIZE = 256;

/**
 * States are shared between the use cases that read them and must not be changed (a use case that
 * wants another state works on a copy, as resolveTurn does). With TALLYHO_FREEZE_STATES=1 (the test
 * suite sets it) every state read is frozen, so a use case that changes one fails its tests.
 */
const FREEZE_STATES = process.env.TALLYHO_FREEZE_STATES === '1';

export function turnRepo(db: Database.Database): TurnRepo {
  // A turn's state is read by several use cases for every mail (checking orders, who is missing,
  // whether the turn is ready): the parsed state is kept with the text it was read from and served
  // again while the stored text is the same, so a changed row (a rollback, an import) is read anew.
  const states = new Map<string, { text: string; state: GameState }>();
  const stateOf = (gameId: string, turn: number, text: string): GameState => {
    const key = `${gameId}\u0000${turn}`;
    const hit = states.get(key);
    if (hit && hit.text === text) {
      states.delete(key);
      states.set(key, hit);
      return hit.state;
    }
    const parsed = JSON.parse(text) as GameState;
    const state = FREEZE_STATES ? deepFreeze(parsed) : parsed;
    states.delete(key);
    states.set(key, { text, state });
    if (states.size > STATE_CACHE_SIZE) states.delete(states.keys().next().value as string);
    return state;
  };
  // The game's aircraft cards, kept once (migrations/011): a state is stored with CARDS_MARK in their
  // place when its cards are the game's, and read back whole, the same text JSON.stringify wrote.
  const cardsGet = db.prepare('SELECT aircraft FROM game_cards WHERE game_id = ?').pluck();
  const cardsPut = db.prepare('INSERT OR IGNORE INTO game_cards (game_id, aircraft) VALUES (?, ?)');
  const cardsOf = (gameId: string): string | undefined => cardsGet.get(gameId) as string | undefined;
  const whole = (gameId: string, stored: string): string => {
    const at = stored.indexOf(CARDS_MARK);
    if (at < 0) return stored;
    const cards = cardsOf(gameId);
    if (cards === undefined)
      throw new Error(`game ${gameId}: a stored state names the game's aircraft cards, and there are none`);
    return `${stored.slice(0, at)}"aircraft":${cards}${stored.slice(at + CARDS_MARK.length)}`;
  };
  const lean = (gameId: string, state: GameState): string => {
    const text = JSON.stringify(state);
    const cards = JSON.stringify(state.aircraft);
    const kept = cardsOf(gameId);
    if (kept === undefined) cardsPut.run(gameId, cards);
    else if (kept !== cards) return text;
    const full = `"aircraft":${cards}`;
    const at = text.indexOf(full);
    return at < 0 ? text : `${text.slice(0, at)}${CARDS_MARK}${text.slice(at + full.length)}`;
  };
  const get = db.prepare('SELECT state, opened_at, resolved_at FROM turns WHERE game_id = ? AND turn = ?');
  const stateText = db.prepare('SELECT state FROM turns WHERE game_id = ? AND turn = ?').pluck();
  const stateTexts = db.prepare('SELECT turn, state FROM turns WHERE game_id = ? AND turn BETWEEN ? AND ?').raw();
  const insert = db.prepare('INSERT INTO turns (game_id, turn, state, opened_at) VALUES (?, ?, ?, ?)');
  const resolved = db.prepare('UPDATE turns SET resolved_at = ? WHERE game_id = ? AND turn = ?');
  return {
    get(gameId, turn) {
      const r = get.get(gameId, turn) as Row | undefined;
      if (!r) return undefined;
      const row: TurnRow = {
        gameId,
        turn,
        state: stateOf(gameId, turn, whole(gameId, r.state as string)),
        openedAt: r.opened_at as number,
        resolvedAt: (r.resolved_at as number | null) ?? null,
      };
      return row;
    },
    stateText: (gameId, turn) => {
      const t = stateText.get(gameId, turn) as string | undefined;
      return t === undefined ? t : whole(gameId, t);
    },
    keptStateTexts: (gameId, from, to) => ({
      cards: cardsOf(gameId),
      texts: new Map(stateTexts.all(gameId, from, to) as [number, string][]),
    }),
    insert: (gameId, turn, state, openedAt) => {
      insert.run(gameId, turn, lean(gameId, state), openedAt);
    },
    markResolved: (gameId, turn, at) => {
      resolved.run(at, gameId, turn);
    },
  };
}

export function ordersRepo(db: Database.Database): OrdersRepo {
  const insert =
    db.prepare(`INSERT INTO orders (game_id, player_id, turn, inbound_id, submitted_at, accepted, canonical, orders, problems, warnings, standin)
    VALUES (@gameId, @playerId, @turn, @inboundId, @submittedAt, @accepted, @canonical, @orders, @problems, @warnings, @standin)`);
  const confirm = db.prepare('UPDATE orders SET confirmed_at = ? WHERE id = ?');
  // By turn, then by player, then by submission, as the index orders_turn reads them (the order a
  // turn's orders are merged in): a player's latest accepted orders of a turn are the last row of
  // his run; the rows before it are passed over unparsed.
  // The columns an OrdersRow is read from, in the order `of` takes them.
  const COLUMNS =
    'id, game_id, player_id, turn, inbound_id, submitted_at, accepted, canonical, orders, problems, warnings, confirmed_at, standin';
  const acceptedOf = db
    .prepare(
      `SELECT ${COLUMNS}
    FROM orders WHERE game_id = ? AND turn BETWEEN ? AND ? AND accepted = 1 ORDER BY turn, player_id, id`,
    )
    .raw();
  const history = db
    .prepare(`SELECT ${COLUMNS} FROM orders WHERE game_id = ? AND player_id = ? AND turn = ? ORDER BY id`)
    .raw();
  // Most orders have no problem and no warning: '[]' is read without the parser.
  const list = (v: unknown): string[] => (v === '[]' ? [] : (JSON.parse(v as string) as string[]));
  const of = (r: unknown[]): OrdersRow => ({
    id: r[0] as number,
    gameId: r[1] as string,
    playerId: r[2] as string,
    turn: r[3] as number,
    inboundId: (r[4] as number | null) ?? null,
    submittedAt: r[5] as number,
    accepted: r[6] === 1,
    canonical: r[7] as string,
    orders: JSON.parse(r[8] as string) as TurnOrders,
    problems: list(r[9]),
    warnings: list(r[10]),
    confirmedAt: (r[11] as number | null) ?? null,
    standin: r[12] === null || r[12] === undefined ? null : (JSON.parse(r[12] as string) as StandinMark),
  });
  const latestAcceptedOf = (gameId: string, from: number, to: number): Map<number, Map<string, OrdersRow>> => {
    const out = new Map<number, Map<string, OrdersRow>>();
    const rows = acceptedOf.all(gameId, from, to) as unknown[][];
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i] as unknown[];
      const next = rows[i + 1];
      if (next && next[3] === r[3] && next[2] === r[2]) continue;
      const turn = r[3] as number;
      let m = out.get(turn);
      if (!m) {
        m = new Map();
        out.set(turn, m);
      }
      m.set(r[2] as string, of(r));
    }
    return out;
  };
  return {
    insert: (row) =>
      Number(
        insert.run({
          ...row,
          accepted: row.accepted ? 1 : 0,
          orders: JSON.stringify(row.orders),
          problems: JSON.stringify(row.problems),
          warnings: JSON.stringify(row.warnings ?? []),
          standin: row.standin ? JSON.stringify(row.standin) : null,
        }).lastInsertRowid,
      ),
    confirm: (id, at) => {
      confirm.run(at, id);
    },
    latestAccepted: (gameId, turn) => latestAcceptedOf(gameId, turn, turn).get(turn) ?? new Map<string, OrdersRow>(),
    latestAcceptedOf,
    history: (gameId, playerId, turn) => (history.all(gameId, playerId, turn) as unknown[][]).map(of),
  };
}

export function eventRepo(db: Database.Database): EventRepo {
  // A turn's events kept with it (migrations/012): JSON.stringify of the array, read whole.
  const put = db.prepare('UPDATE turns SET events = ? WHERE game_id = ? AND turn = ?');
  const text = db.prepare('SELECT events FROM turns WHERE game_id = ? AND turn = ?').pluck();
  const texts = db
    .prepare('SELECT turn, events FROM turns WHERE game_id = ? AND turn BETWEEN ? AND ? AND events IS NOT NULL')
    .raw();
  return {
    insertAll(gameId, turn, events) {
      if (!events.length) return;
      if (put.run(JSON.stringify(events), gameId, turn).changes !== 1)
        throw new Error(`game ${gameId} has no turn ${turn} to keep its events with`);
    },
    list: (gameId, turn) => {
      const t = text.get(gameId, turn) as string | null | undefined;
      return t == null ? [] : (JSON.parse(t) as GameEvent[]);
    },
    arraysOf: (gameId, from, to) => new Map(texts.all(gameId, from, to) as [number, string][]),
  };
}

export function settingsRepo(db: Database.Database): SettingsRepo {
  const get = db.prepare('SELECT value FROM settings WHERE key = ?');
  const set = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value',
  );
  return {
    get: (key) => (get.get(key) as Row | undefined)?.value as string | undefined,
    set: (key, value) => {
      set.run(key, value);
    },
  };
}
