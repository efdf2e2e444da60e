/**
 * Club life in the store (migrations/014_club.sql): the webhooks beside the mail and their
 * deliveries (docs/notifications.md), the players' calendar feeds, the muster before turn 1.
 */

/** How a hook's messages are written (app/hooks/formats.ts): one documented body per service. */
export type HookFormat = 'discord' | 'slack' | 'matrix' | 'matrix-api' | 'ntfy' | 'json';
export type HookStatus = 'active' | 'off' | 'dead';

export interface HookRow {
  id: number;
  gameId: string;
  /** null: the game's own hook (SET NOTIFY), for a club's room. */
  playerId: string | null;
  format: HookFormat;
  url: string;
  status: HookStatus;
  createdAt: number;
  endedAt: number | null;
  deadReason: string | null;
}

/** What a hook is told: the events of docs/notifications.md "Events". */
export type HookEvent = 'welcome' | 'turn' | 'reminder' | 'deadline' | 'held' | 'report' | 'over' | 'test';

/** A message as it is kept: what is said, in no service's format yet (nothing secret in it). */
export interface HookMessage {
  event: HookEvent;
  game: string;
  gameName: string;
  turn: number | null;
  /** The player the message is for; null for the game's hook. */
  player: string | null;
  /** One line: the title in a chat room, a notification's heading. */
  title: string;
  /** The words, a few short lines. */
  text: string;
  /** The deadline (ms), when the message is about one. */
  deadline: number | null;
  /** The zone the text gives the deadline in. */
  zone: string | null;
  /** A link for the reader: the turn's page in the web archive, when the referee has one. */
  url: string | null;
}

export type DeliveryStatus = 'pending' | 'sent' | 'dead';

export interface DeliveryRow {
  id: number;
  hookId: number;
  gameId: string;
  event: HookEvent;
  turn: number | null;
  message: HookMessage;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAt: number;
  leaseOwner: string | null;
  leaseUntil: number | null;
  lastError: string | null;
  response: string | null;
  createdAt: number;
  sentAt: number | null;
}

export interface MusterRow {
  gameId: string;
  openedAt: number;
  until: number;
  /** When the players not ready were reminded, or null. */
  remindedAt: number | null;
  /** When the game master was told who is missing, or null. */
  toldAt: number | null;
}

export interface ClubRepo {
  hook(id: number): HookRow | undefined;
  /** The active hook of a player (playerId) or of the game (null), if any. */
  activeHook(gameId: string, playerId: string | null): HookRow | undefined;
  /** The game's active hooks, the game's own first. */
  activeHooks(gameId: string): HookRow[];
  /** Every hook of a game, ended ones too, oldest first. */
  hooks(gameId: string): HookRow[];
  /** A new active hook; the owner's earlier active one is turned off. */
  addHook(row: Pick<HookRow, 'gameId' | 'playerId' | 'format' | 'url'>, now: number): number;
  /** Turns a hook off (NOTIFY OFF) or gives it up (dead, with why); its pending deliveries end too. */
  endHook(id: number, status: 'off' | 'dead', now: number, reason?: string): void;

  queueDelivery(hookId: number, gameId: string, message: HookMessage, now: number): number;
  delivery(id: number): DeliveryRow | undefined;
  deliveries(filter?: { gameId?: string; hookId?: number; status?: DeliveryStatus }): DeliveryRow[];
  /**
   * Takes up to `limit` due deliveries for `owner` until `until`: the oldest pending one of each
   * hook (a hook's messages go in order, one at a time), leaving out `skipHooks` (rate-limited).
   */
  leaseDeliveries(
    owner: string,
    now: number,
    until: number,
    limit: number,
    skipHooks?: readonly number[],
  ): DeliveryRow[];
  markDelivered(id: number, owner: string, at: number, response: string): void;
  markDeliveryRetry(id: number, owner: string, nextAttemptAt: number, error: string): void;
  markDeliveryDead(id: number, owner: string, error: string): void;
  /** The workers holding leases on pending deliveries. */
  deliveryLeaseOwners(): string[];
  /** Releases the leases `owner` holds (it has stopped); how many. */
  releaseDeliveries(owner: string): number;
  deliveryCounts(gameId?: string): Record<DeliveryStatus, number>;

  /** The calendar token of an address, if it has one. */
  calendarToken(email: string): string | undefined;
  /** The address a calendar token is of. */
  calendarOwner(token: string): string | undefined;
  setCalendarToken(email: string, token: string, now: number): void;

  muster(gameId: string): MusterRow | undefined;
  musters(): MusterRow[];
  /** Opens a muster, or gives an open one a new limit: its reminder and its alert to come again. */
  openMuster(row: Omit<MusterRow, 'toldAt' | 'remindedAt'>): void;
  musterReminded(gameId: string, at: number): void;
  musterTold(gameId: string, at: number): void;
  closeMuster(gameId: string): void;
  /** When each player of the game said READY (players not ready are left out). */
  ready(gameId: string): Map<string, number>;
  setReady(gameId: string, playerId: string, at: number | null): void;
}
