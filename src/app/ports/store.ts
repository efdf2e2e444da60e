/**
 * The ports the use cases are written against (docs/architecture.md): the Store (one transaction
 * per use case), the Clock, the Keys (secrets, turn tokens, link tokens, fresh ids), the Renderer
 * (templates). The shell provides the adapters: better-sqlite3, node:crypto, handlebars. Mail comes
 * in through the intake use case and goes out through outbox rows that the shell's worker sends.
 */
import type { GameState } from '../../core/state.ts';
import type { TurnOrders } from '../../core/turn.ts';
import type { GameEvent } from '../../core/events.ts';
import type { StandinLevel } from '../../core/standin/levels.ts';
import type { ControlRepo } from './control.ts';
import type { ReplyRepo } from './replies.ts';
import type { CampaignRepo } from './campaign.ts';
import type { ClubRepo } from './club.ts';
import type { MapView } from '../../report/map-view.ts';

export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
}

export interface Keys {
  /** A new player secret, easy to copy (printed once, stored hashed). */
  newSecret(): string;
  hashSecret(secret: string): string;
  /** Constant-time comparison against a stored hash. */
  verifySecret(secret: string, hash: string): boolean;
  /** The turn token of an orders template: valid for that game, player and turn only. */
  turnToken(game: string, player: string, turn: number): string;
  /** Constant-time check of a token against the one for (game, player, turn). */
  verifyTurnToken(token: string, game: string, player: string, turn: number): boolean;
  /** A fresh dice seed (hex). */
  newSeed(): string;
  /** A fresh random token for a private link (a calendar feed's): URL-safe, unguessable. */
  newToken(): string;
  /** A fresh Message-ID, angle brackets included; `hint` is a readable prefix. */
  newMessageId(hint: string): string;
}

export type GameStatus = 'setup' | 'running' | 'over';

export interface GameRow {
  id: string;
  name: string;
  scenario: string;
  status: GameStatus;
  turn: number;
  seed: string;
  createdAt: number;
  startedAt: number | null;
  endedAt: number | null;
}

export interface PlayerRow {
  gameId: string;
  id: string;
  email: string;
  secretHash: string;
  threadRoot: string | null;
  createdAt: number;
  planes: string[];
  /** IANA zone for deadlines in mail; null: the game's. */
  zone: string | null;
  /** 'replaced': the player's planes went to a replacement (REPLACE); no more mail or orders. */
  status: 'active' | 'replaced';
  /** WAIT: the turn of this number is not resolved before its deadline. */
  waitTurn: number | null;
  /** 'computer': a seat the stand-in flies every turn (docs/standin.md); it has no address. */
  pilot: 'human' | 'computer';
  /** LEAVE: the stand-in flies the player's planes until then (ms), or null. */
  leaveUntil: number | null;
  /** Minutes of leave taken in this game, against the game's leave budget. */
  leaveUsed: number;
}

export interface TurnRow {
  gameId: string;
  turn: number;
  state: GameState;
  openedAt: number;
  resolvedAt: number | null;
}

export type InboundOutcome =
  | 'orders' // every envelope handled (accepted or answered with its errors)
  | 'auth-failed' // an envelope with a wrong secret or token
  | 'no-orders' // a registered player's mail with no envelope
  | 'loop-guard' // automatic mail (RFC 3834), never answered
  | 'not-for-us' // no envelope and an unknown sender
  | 'rate-limited'
  | 'unreadable'; // too big, too many parts, broken beyond reading

export type Folder = 'Processed' | 'Rejected';

export interface InboundKey {
  /** Where the mail was read: `imap:<user>/<mailbox>` or `smtp:local`. */
  mailbox: string;
  uidValidity: number | null;
  uid: number | null;
}

export interface InboundRow extends InboundKey {
  id: number;
  messageId: string;
  contentSha256: string;
  sender: string;
  subject: string;
  receivedAt: number;
  outcome: InboundOutcome;
  folder: Folder;
  detail: string;
  movedAt: number | null;
}

export interface OrdersRow {
  id: number;
  gameId: string;
  playerId: string;
  turn: number;
  inboundId: number | null;
  submittedAt: number;
  accepted: boolean;
  canonical: string;
  orders: TurnOrders;
  problems: string[];
  /** The acknowledgement's warnings (leaving the map, into the ground, a stall): the turn waits for CONFIRM. */
  warnings: string[];
  /** When the player confirmed them (CONFIRM), or null. */
  confirmedAt: number | null;
  /** Orders the stand-in gave for the player (docs/standin.md), or null: the player's own. */
  standin: StandinMark | null;
}

/** Why the stand-in flew a player's planes, the stand-in's version, and what it chose. */
export interface StandinMark {
  reason: 'missed' | 'leave' | 'computer';
  version: number;
  /** The level it flew at (core/standin/levels.ts); absent: an ace, its best (orders stored before levels were). */
  level?: StandinLevel;
  /** The player's planes and units it was asked to fly (verify asks it again). */
  planes: string[];
  choices: { plane: string; text: string; why: string }[];
}

export type OutboxKind = 'welcome' | 'ack' | 'report' | 'notice' | 'reminder' | 'answer';
export type OutboxStatus = 'pending' | 'sent' | 'dead';

export interface NewOutboxRow {
  gameId: string | null;
  playerId: string | null;
  kind: OutboxKind;
  turn: number | null;
  inboundId: number | null;
  recipient: string;
  subject: string;
  messageId: string;
  inReplyTo: string | null;
  references: string[];
  text: string;
  html: string | null;
  /** The map the HTML part shows as an inline picture (pictures.ts PictureModel: drawn when sent), or null. */
  picture?: PictureModel | null;
}

/**
 * A mail's picture as the outbox keeps it: its title and the map view it is drawn from (a few KB,
 * not the SVG of 100 KB and more: app/views/pictures.ts pictureSvg draws it when the mail is sent or
 * shown). `svg`: a picture kept by an earlier version, drawn already.
 */
export type PictureModel = { title: string; view: MapView } | { svg: string };

export interface OutboxRow extends NewOutboxRow {
  picture: PictureModel | null;
  id: number;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: number;
  leaseOwner: string | null;
  leaseUntil: number | null;
  lastError: string | null;
  /** The server's answer when it took the mail. */
  response: string | null;
  rejected: string[];
  createdAt: number;
  sentAt: number | null;
}

export interface GameRepo {
  get(id: string): GameRow | undefined;
  list(): GameRow[];
  insert(row: Omit<GameRow, 'startedAt' | 'endedAt'>): void;
  update(id: string, change: Partial<Pick<GameRow, 'status' | 'turn' | 'startedAt' | 'endedAt'>>): void;
}

export interface PlayerRepo {
  get(gameId: string, id: string): PlayerRow | undefined;
  /** The active players (not those replaced). */
  list(gameId: string): PlayerRow[];
  /** Every player, replaced ones too. */
  listAll(gameId: string): PlayerRow[];
  /** Every player registered with this address, in any game. */
  byEmail(email: string): PlayerRow[];
  /** Every seat this address ever had, in any game, replaced ones too (the reliability record). */
  everyByEmail(email: string): PlayerRow[];
  /** Whether any player of any game is registered with this address. */
  isRegistered(email: string): boolean;
  insert(
    row: Omit<PlayerRow, 'threadRoot' | 'zone' | 'status' | 'waitTurn' | 'pilot' | 'leaveUntil' | 'leaveUsed'> & {
      zone?: string | null;
      pilot?: PlayerRow['pilot'];
    },
  ): void;
  /** Who flies the seat: its player, or the stand-in every turn. */
  setPilot(gameId: string, id: string, pilot: PlayerRow['pilot']): void;
  /** LEAVE and BACK: until when the stand-in flies (null: not on leave) and the minutes of leave taken. */
  setLeave(gameId: string, id: string, until: number | null, used: number): void;
  setThreadRoot(gameId: string, id: string, messageId: string): void;
  /** A new secret (its hash) for a player who lost his: the old one no longer works. */
  setSecret(gameId: string, id: string, secretHash: string): void;
}

/** What a state kept by the store holds in place of its game's aircraft cards (migrations/011). */
export const CARDS_MARK = '"aircraft":"@game"';

export interface TurnRepo {
  get(gameId: string, turn: number): TurnRow | undefined;
  /** The state of a turn as stored (its JSON text), for comparing without reading it. */
  stateText(gameId: string, turn: number): string | undefined;
  /**
   * The states of turns `from` to `to` as kept, by turn, read at once (verify): JSON text with
   * CARDS_MARK in place of the aircraft cards when they are the game's, and the game's cards
   * (JSON.stringify of them; undefined when none are kept).
   */
  keptStateTexts(gameId: string, from: number, to: number): { cards: string | undefined; texts: Map<number, string> };
  insert(gameId: string, turn: number, state: GameState, openedAt: number): void;
  markResolved(gameId: string, turn: number, at: number): void;
}

export interface OrdersRepo {
  insert(
    row: Omit<OrdersRow, 'id' | 'warnings' | 'confirmedAt' | 'standin'> & {
      warnings?: string[];
      standin?: StandinMark | null;
    },
  ): number;
  /** The player's CONFIRM of warned orders. */
  confirm(id: number, at: number): void;
  /** The latest accepted submission of each player for the turn. */
  latestAccepted(gameId: string, turn: number): Map<string, OrdersRow>;
  /** `latestAccepted` of every turn from `from` to `to`, by turn, read at once (verify); a turn with none is left out. */
  latestAcceptedOf(gameId: string, from: number, to: number): Map<number, Map<string, OrdersRow>>;
  /** Every submission of a player for a turn, oldest first. */
  history(gameId: string, playerId: string, turn: number): OrdersRow[];
}

export interface InboundRepo {
  findByPlace(key: InboundKey): InboundRow | undefined;
  findByContent(messageId: string, contentSha256: string): InboundRow | undefined;
  insert(row: Omit<InboundRow, 'id' | 'movedAt'>): number;
  finish(id: number, outcome: InboundOutcome, folder: Folder, detail: string): void;
  /** Records the mailbox place of a mail first seen elsewhere (a second copy of it). */
  markMoved(id: number, at: number): void;
}

export interface EventRepo {
  /** A resolved turn's events, stored once (a turn with none stores nothing). */
  insertAll(gameId: string, turn: number, events: GameEvent[]): void;
  list(gameId: string, turn: number): GameEvent[];
  /**
   * The events of every turn from `from` to `to` as one JSON array text each (as stored: what
   * JSON.stringify of the turn's events gave), by turn, read at once (verify); a turn with none is
   * left out.
   */
  arraysOf(gameId: string, from: number, to: number): Map<number, string>;
}

export interface OutboxRepo {
  insert(row: NewOutboxRow, now: number): number;
  get(id: number): OutboxRow | undefined;
  /** Rows in the order queued; `sinceTurn` keeps rows of that turn and later (not those without a turn). */
  list(filter?: {
    gameId?: string;
    status?: OutboxStatus;
    recipient?: string;
    playerId?: string;
    sinceTurn?: number;
    limit?: number;
  }): OutboxRow[];
  /**
   * Takes up to `limit` due rows for `owner` until `until`; rows whose lease ran out are due again.
   * Acknowledgements and answers first, then the rest; each in the order they became due.
   */
  lease(owner: string, now: number, until: number, limit: number): OutboxRow[];
  markSent(id: number, owner: string, at: number, response: string, rejected: string[]): void;
  /**
   * Marks a row sent whoever holds its lease (the server took it before a crash: the transport's
   * journal says so); false when it was no longer pending.
   */
  recordSent(id: number, at: number, response: string, rejected: string[]): boolean;
  /** The workers holding leases on pending rows. */
  leaseOwners(): string[];
  /** Releases the leases `owner` holds on pending rows (it has stopped); how many. */
  release(owner: string): number;
  markRetry(id: number, owner: string, nextAttemptAt: number, error: string): void;
  markDead(id: number, owner: string, error: string): void;
  counts(gameId?: string): Record<OutboxStatus, number>;
  /**
   * The player's mails of the turn and later, each with its kind and the envelopes it
   * carries as stored (migrations/006), or `copies` null and the text when not parsed yet.
   */
  orderCopies(
    gameId: string,
    playerId: string,
    sinceTurn: number,
  ): { id: number; kind: OutboxKind; copies: string[] | null; text: string | null }[];
  /** Stores the envelopes a mail carries (see orderCopies). */
  saveOrderCopies(id: number, copies: string[]): void;
}

/** A turn's dice (migrations/002_turn_dice.sql, docs/fair-dice.md). */
export interface TurnDiceRow {
  gameId: string;
  turn: number;
  /** Hex; secret until the turn is resolved. */
  serverSeed: string;
  /** SHA-256 of serverSeed, published in the mail that opens the turn. */
  commitment: string;
  drawnAt: number;
  /** Set when the turn is resolved. */
  ordersDigest: string | null;
  effectiveSeed: string | null;
  resolvedAt: number | null;
}

export interface DiceRepo {
  get(gameId: string, turn: number): TurnDiceRow | undefined;
  /** The dice of every turn from `from` to `to` that has them, by turn, read at once (verify). */
  range(gameId: string, from: number, to: number): Map<number, TurnDiceRow>;
  /** Records a freshly drawn seed for a turn, replacing an unresolved one (a turn opened again). */
  open(row: Pick<TurnDiceRow, 'gameId' | 'turn' | 'serverSeed' | 'commitment' | 'drawnAt'>): void;
  /** Records what threw the turn's dice when it is resolved. */
  seal(gameId: string, turn: number, ordersDigest: string, effectiveSeed: string, at: number): void;
  /** Writes a whole row as it was (tallyho import). */
  restore(row: TurnDiceRow): void;
}

/**
 * The menus of plans kept once worked out (app/game/menus.ts): a plane's menu for a view of a turn
 * (the turn's state as a side sees it, known by its digest), as JSON.
 */
export interface MenuRepo {
  get(gameId: string, turn: number, view: string, planeId: string): string | undefined;
  put(gameId: string, turn: number, view: string, planeId: string, json: string): void;
  /** Forgets the game's menus of the turns before `turn`; returns how many rows went. */
  prune(gameId: string, turn: number): number;
}

export interface SettingsRepo {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** Read-only views for the public web archive (src/app/archive/games.ts). */
/** A game in a page of the archive's game list. */
export interface ArchiveGameRow {
  id: string;
  name: string;
  status: GameRow['status'];
  turn: number;
  startedAt: number | null;
  /** The latest public activity: created, started, ended, a turn opened, resolved or rolled back. */
  activityAt: number;
  /** Turns resolved. */
  resolved: number;
  /** Active players. */
  players: number;
}

/** What a resolved turn's page is made of, in brief: when it changes, so does the page. */
export interface TurnStamp {
  resolvedAt: number;
  /** The seed its dice were thrown with ('' before migration 002): a rolled-back turn resolves with another. */
  dice: string;
  /** The next turn is resolved too (its page exists). */
  hasNext: boolean;
}

export interface ArchiveRepo {
  /** The resolved turns of a game, oldest first. */
  resolvedTurns(gameId: string): { turn: number; resolvedAt: number }[];
  /** The deadline of a turn, when one is set. */
  deadline(gameId: string, turn: number): number | null;
  /** The number of games. */
  gameCount(): number;
  /** A page of the game list: latest activity first, then by id. */
  gamePage(limit: number, offset: number): ArchiveGameRow[];
  /** A resolved turn whose next turn is stored (a turn with a page), or undefined. */
  turnStamp(gameId: string, turn: number): TurnStamp | undefined;
}

export interface StoreTx {
  games: GameRepo;
  players: PlayerRepo;
  turns: TurnRepo;
  orders: OrdersRepo;
  inbound: InboundRepo;
  events: EventRepo;
  outbox: OutboxRepo;
  settings: SettingsRepo;
  archive: ArchiveRepo;
  dice: DiceRepo;
  control: ControlRepo;
  replies: ReplyRepo;
  campaigns: CampaignRepo;
  club: ClubRepo;
  menus: MenuRepo;
}

export interface Store {
  /** Runs `fn` in one transaction: all its writes commit together or none do. */
  tx<T>(fn: (tx: StoreTx) => T): T;
  /**
   * Runs `fn` inside the current transaction (or a new one) so that, if it throws, its own writes
   * are undone and the error passes on; the transaction around it goes on (a savepoint).
   */
  savepoint<T>(fn: (tx: StoreTx) => T): T;
  /** Runs `fn` and undoes every write it made (a savepoint inside a transaction); returns its value. */
  dryRun<T>(fn: (tx: StoreTx) => T): T;
  close(): void;
}

export interface RenderedMail {
  text: string;
  html: string;
}

export interface Renderer {
  /** Renders the template `name` (welcome, ack, report, notice) with its view model. */
  render(name: string, view: object): RenderedMail;
}
