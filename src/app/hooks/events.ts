/**
 * What the hooks are told (docs/notifications.md "Events"): queued in the transaction of what
 * happened, beside the mail, as deliveries the shell's worker sends (a durable outbox of their own).
 * A player's hook hears of his own game as his mail does; the game's hook (SET NOTIFY), a club's
 * room, hears what every player may know. Nothing secret is said: no secret, token or order, no
 * position or sighting (under fog of war a side sees only its own), only the game, the turn, the
 * deadline in the reader's zone, the ids of the players still to send orders, and a link to the
 * web archive.
 */
import type { HookEvent, HookMessage, HookRow } from '../ports/club.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { currentDeadline } from '../game/deadlines.ts';
import { deadlineText } from '../game/settings.ts';
import { onLeave } from '../game/standin.ts';
import { inPlay } from '../../core/outcome.ts';
import { paths, webUrl } from '../words/urls.ts';

/** How long until `deadline`, in words: "40 minutes", "5 hours", "3 days". */
export function timeLeft(ms: number): string {
  const minutes = Math.max(1, Math.round(ms / 60_000));
  if (minutes < 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} hours`;
  return `${Math.round(hours / 24)} days`;
}

interface Say {
  event: HookEvent;
  title: string;
  text: string;
  url?: string | null;
  deadline?: number | null;
  turn?: number | null;
}

function gameUrl(deps: AppDeps, game: GameRow, turn?: number): string | null {
  const base = deps.referee.publicUrl;
  if (!base) return null;
  return webUrl(base, turn === undefined ? paths.game(game.id) : paths.turn(game.id, turn));
}

/** Queues a message for one hook. */
export function tell(
  deps: AppDeps,
  tx: StoreTx,
  hook: HookRow,
  game: GameRow,
  player: PlayerRow | null,
  s: Say,
): number {
  const zone = player?.zone ?? tx.control.get(game.id).settings.zone;
  const message: HookMessage = {
    event: s.event,
    game: game.id,
    gameName: game.name,
    turn: s.turn === undefined ? game.turn : s.turn,
    player: player?.id ?? null,
    title: s.title,
    text: s.text,
    deadline: s.deadline ?? null,
    zone,
    url: s.url ?? null,
  };
  return tx.club.queueDelivery(hook.id, game.id, message, deps.clock.now());
}

/** The hooks of a game with their owners: the game's own (player null) and its players' (active, human). */
function hooksOf(tx: StoreTx, game: GameRow): { hook: HookRow; player: PlayerRow | null }[] {
  const players = new Map(
    tx.players
      .list(game.id)
      .filter((p) => p.pilot === 'human')
      .map((p) => [p.id, p]),
  );
  return tx.club.activeHooks(game.id).flatMap((hook): { hook: HookRow; player: PlayerRow | null }[] => {
    if (hook.playerId === null) return [{ hook, player: null }];
    const player = players.get(hook.playerId);
    return player ? [{ hook, player }] : [];
  });
}

function due(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  player: PlayerRow | null,
): { deadline: number | null; words: string } {
  const deadline = currentDeadline(tx, game);
  if (deadline === null)
    return {
      deadline: null,
      words: "This game has no deadlines: the turn is resolved when every player's orders are in.",
    };
  const s = tx.control.get(game.id).settings;
  return {
    deadline,
    words: `Orders are due ${deadlineText(deadline, s.zone, player?.zone ?? null)} (${timeLeft(deadline - deps.clock.now())} from now).`,
  };
}

/** What the player has to do this turn, in a line. */
function ownPart(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  player: PlayerRow,
  mail = 'The mail from the referee',
): string {
  if (onLeave(player, deps.clock.now())) return 'You are on leave: the stand-in pilot flies your planes.';
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (state && inPlay(state, player.planes) === 0)
    return 'Nothing of yours is in play any more: no orders are needed from you.';
  return `${mail} ends with your orders for ${player.planes.join(', ')}, ready to send.`;
}

/** A game started (START, or the last READY of a muster): welcomes to the players' hooks, the news to the game's. */
export function hooksGameStarted(deps: AppDeps, tx: StoreTx, game: GameRow): void {
  for (const { hook, player } of hooksOf(tx, game)) {
    const d = due(deps, tx, game, player);
    tell(
      deps,
      tx,
      hook,
      game,
      player,
      player
        ? {
            event: 'welcome',
            title: `[${game.id}] Welcome to ${game.name}`,
            text: `You play ${player.id} in game ${game.id}; turn ${game.turn} is open. ${d.words} ${ownPart(deps, tx, game, player, 'The welcome mail')}`,
            deadline: d.deadline,
            url: gameUrl(deps, game),
          }
        : {
            event: 'turn',
            title: `[${game.id}] ${game.name} has started`,
            text: `Turn ${game.turn} is open. ${d.words}`,
            deadline: d.deadline,
            url: gameUrl(deps, game),
          },
    );
  }
}

/** A turn resolved: its report is out; then the next turn is open, or the game is over. */
export function hooksTurnResolved(deps: AppDeps, tx: StoreTx, game: GameRow, resolved: number, over: boolean): void {
  // A turn resolved again after ROLLBACK: its report is the RERUN, which replaces the first.
  const rerun = (tx.control.clock(game.id, resolved)?.reruns ?? 0) > 0;
  const again = rerun ? ' (RERUN: it replaces the first report of that turn)' : '';
  for (const { hook, player } of hooksOf(tx, game)) {
    const url = gameUrl(deps, game, resolved);
    tell(deps, tx, hook, game, player, {
      event: 'report',
      turn: resolved,
      url,
      title: `[${game.id}] The report of turn ${resolved} is out${rerun ? ' (RERUN)' : ''}`,
      text: player
        ? `The report of turn ${resolved} of game ${game.id} is in your mail${again}.`
        : `Turn ${resolved} of game ${game.id} has been resolved${rerun ? ' again' : ''}; every player has the report in their mail${again}.`,
    });
    if (over) {
      tell(deps, tx, hook, game, player, {
        event: 'over',
        turn: resolved,
        url,
        title: `[${game.id}] The game is over`,
        text: `Game ${game.id} (${game.name}) ended with turn ${resolved}. The last report tells the outcome${url ? ", and so does the turn's page" : ''}.`,
      });
      continue;
    }
    const d = due(deps, tx, game, player);
    tell(deps, tx, hook, game, player, {
      event: 'turn',
      deadline: d.deadline,
      url: gameUrl(deps, game),
      title: `[${game.id}] Turn ${game.turn} is open`,
      text: `${player ? 'Your turn' : 'Turn'} ${game.turn} of game ${game.id} is open. ${d.words}${player ? ` ${ownPart(deps, tx, game, player, `The report of turn ${resolved}`)}` : ''}`,
    });
  }
}

/**
 * The game master rolled the last turn back (ROLLBACK): it is open again, to be resolved anew; a
 * turn-open message to every hook, saying so.
 */
export function hooksTurnReopened(deps: AppDeps, tx: StoreTx, game: GameRow): void {
  for (const { hook, player } of hooksOf(tx, game)) {
    // A turn rolled back waits for its deadline or the game master's PROCESS, never for the orders alone.
    const d = due(deps, tx, game, player);
    if (d.deadline === null) d.words = 'No deadline runs: it is resolved when the game master says so.';
    tell(deps, tx, hook, game, player, {
      event: 'turn',
      deadline: d.deadline,
      url: gameUrl(deps, game),
      title: `[${game.id}] Turn ${game.turn} is open again`,
      text: `The game master rolled turn ${game.turn} of game ${game.id} back: it will be resolved again, and its first report no longer counts. ${d.words}${player ? ' The mail that says so tells whether your orders for it still stand.' : ''}`,
    });
  }
}

/** The reminder before the deadline: to the missing players' hooks, and who is missing to the game's. */
export function hooksReminder(deps: AppDeps, tx: StoreTx, game: GameRow, missing: readonly PlayerRow[]): void {
  const ids = new Set(missing.map((p) => p.id));
  for (const { hook, player } of hooksOf(tx, game)) {
    if (player && !ids.has(player.id)) continue;
    const d = due(deps, tx, game, player);
    const left = d.deadline === null ? '' : `${timeLeft(d.deadline - deps.clock.now())} left`;
    tell(
      deps,
      tx,
      hook,
      game,
      player,
      player
        ? {
            event: 'reminder',
            deadline: d.deadline,
            url: gameUrl(deps, game),
            title: `[${game.id}] Reminder: ${left} for turn ${game.turn}`,
            text: `Your orders for turn ${game.turn} of game ${game.id} are not in yet. ${d.words} The reminder mail has them ready to send.`,
          }
        : {
            event: 'reminder',
            deadline: d.deadline,
            url: gameUrl(deps, game),
            title: `[${game.id}] Reminder: ${left} for turn ${game.turn}`,
            text: `Still to send orders for turn ${game.turn}: ${[...ids].join(', ')}. ${d.words}`,
          },
    );
  }
}

/**
 * The muster's one reminder (setup/muster-clock.ts): to the hooks of the players whose READY is not
 * in, and who is still to answer to the game's; the muster's limit as the deadline.
 */
export function hooksMusterReminder(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  missing: readonly PlayerRow[],
  until: number,
): void {
  const ids = new Set(missing.map((p) => p.id));
  const s = tx.control.get(game.id).settings;
  for (const { hook, player } of hooksOf(tx, game)) {
    if (player && !ids.has(player.id)) continue;
    const by = `${deadlineText(until, s.zone, player?.zone ?? null)} (${timeLeft(until - deps.clock.now())} from now)`;
    tell(
      deps,
      tx,
      hook,
      game,
      player,
      player
        ? {
            event: 'reminder',
            deadline: until,
            url: gameUrl(deps, game),
            title: `[${game.id}] Muster: your READY is due`,
            text: `Game ${game.id} (${game.name}) starts when every player has answered READY, and yours is not in yet. Answer by ${by}; the reminder mail has it ready to send.`,
          }
        : {
            event: 'reminder',
            deadline: until,
            url: gameUrl(deps, game),
            title: `[${game.id}] Muster: READY still due`,
            text: `Still to answer READY for game ${game.id}: ${[...ids].join(', ')}. The muster ends ${by}.`,
          },
    );
  }
}

/**
 * The deadline moved: the game master extended the turn, paused the game (no deadline runs) or
 * resumed it. `what`: the title's words ("extended by 1d", "the game is paused").
 */
export function hooksDeadline(deps: AppDeps, tx: StoreTx, game: GameRow, what: string, paused: boolean): void {
  for (const { hook, player } of hooksOf(tx, game)) {
    const d = paused
      ? { deadline: null, words: 'No deadline runs while the game is paused; orders are still taken.' }
      : due(deps, tx, game, player);
    tell(deps, tx, hook, game, player, {
      event: 'deadline',
      deadline: d.deadline,
      url: gameUrl(deps, game),
      title: `[${game.id}] Turn ${game.turn}: ${what}`,
      text: `Game ${game.id}, turn ${game.turn}: ${what}. ${d.words}`,
    });
  }
}

/**
 * Every order of the turn is in and something still holds it (game/deadlines.ts turnReadiness, its hold: a
 * WARNING waiting for its CONFIRM, a WAIT, the game's minimum time): a `held` message to every hook,
 * with what it waits for and until when.
 */
export function hooksHeld(deps: AppDeps, tx: StoreTx, game: GameRow, why: string): void {
  for (const { hook, player } of hooksOf(tx, game)) {
    tell(deps, tx, hook, game, player, {
      event: 'held',
      url: gameUrl(deps, game),
      title: `[${game.id}] Turn ${game.turn} waits`,
      text: `Every player's orders for turn ${game.turn} of game ${game.id} are in, but the turn is not resolved yet: ${why}.`,
    });
  }
}

/** The game master ended the game (TERMINATE) at `turn`: an `over` message to every hook. */
export function hooksGameEnded(deps: AppDeps, tx: StoreTx, game: GameRow, turn: number, reason: string): void {
  for (const { hook, player } of hooksOf(tx, game)) {
    tell(deps, tx, hook, game, player, {
      event: 'over',
      turn,
      url: gameUrl(deps, game),
      title: `[${game.id}] The game is over`,
      text: `The game master ended game ${game.id} (${game.name}) at turn ${turn}${reason ? `: ${reason}` : ''}. No more orders are taken.`,
    });
  }
}

/** NOTIFY TEST, SET NOTIFY TEST: a message that says where it comes from. */
export function hookTest(deps: AppDeps, tx: StoreTx, hook: HookRow, game: GameRow, player: PlayerRow | null): number {
  return tell(deps, tx, hook, game, player, {
    event: 'test',
    url: gameUrl(deps, game),
    title: `[${game.id}] A test from the referee`,
    text: player
      ? `Notifications of game ${game.id} for ${player.id} come here.`
      : `Notifications of game ${game.id} (${game.name}) for the whole game come here.`,
  });
}
