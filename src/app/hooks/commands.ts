/**
 * NOTIFY (a player's hook, in his envelope) and SET NOTIFY (the game's hook, by its game master):
 * set, show, test and turn off a webhook beside the mail (docs/notifications.md). And a hook the
 * worker gave up on (it answered that it is gone, or failed for hours): ended, and its owner told
 * once, by mail.
 */
import type { HookRow } from '../ports/club.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { alertGm, queueAnswer } from '../mail/notify.ts';
import { FORMAT_WORDS, maskedAddress, readHookAddress } from './address.ts';
import { hookTest } from './events.ts';
import { formatInZone } from '../game/zones.ts';

const what = (h: HookRow): string => `${FORMAT_WORDS[h.format]} at ${maskedAddress(h.url)}`;

/** Whose hook: the player's own, or the game's (`player` null: the game master's SET NOTIFY). */
const owner = (player: PlayerRow | null): string => (player ? 'Your notifications' : "The game's notifications");

/**
 * The test messages one owner may cause in an hour (a new address sends one, as TEST does): the
 * referee is no tool to post at an address again and again (docs/notifications.md "Setting one").
 */
export const TESTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;

/** Refuses a test past TESTS_PER_HOUR in the last hour, saying when the next may go. */
function checkTestRate(tx: StoreTx, game: GameRow, player: PlayerRow | null, now: number, testCommand: string): void {
  const mine = new Set(
    tx.club
      .hooks(game.id)
      .filter((h) => h.playerId === (player?.id ?? null))
      .map((h) => h.id),
  );
  const recent = tx.club
    .deliveries({ gameId: game.id })
    .filter((d) => d.event === 'test' && mine.has(d.hookId) && d.createdAt > now - HOUR_MS)
    .map((d) => d.createdAt)
    .sort((a, b) => a - b);
  if (recent.length < TESTS_PER_HOUR) return;
  const next = recent[recent.length - TESTS_PER_HOUR]! + HOUR_MS;
  throw new AppError(
    'E_STATE',
    `nothing changed: ${TESTS_PER_HOUR} test messages went out for ${player ? 'you' : 'the game'} in game ${game.id} in the last hour (each new address sends one, as ${testCommand} does), the most an hour takes; the next may go from ${formatInZone(next, player?.zone ?? tx.control.get(game.id).settings.zone)}`,
  );
}

/** NOTIFY's words carried out; the answer's paragraphs. */
export function notifyCommand(
  deps: AppDeps,
  tx: StoreTx,
  game: GameRow,
  player: PlayerRow | null,
  words: readonly string[],
  label?: string,
): string[] {
  const now = deps.clock.now();
  // How the answer names the command: by mail, or `label` (the command line's `tallyho game notify <game>`).
  const command = label ?? (player ? 'NOTIFY' : 'SET NOTIFY');
  const OFF = label ? 'off' : 'OFF';
  const TEST = label ? 'test' : 'TEST';
  const current = tx.club.activeHook(game.id, player?.id ?? null);
  const first = (words[0] ?? '').toUpperCase();
  if (player && player.pilot === 'computer') throw new AppError('E_STATE', "the stand-in's seat has no notifications");
  if (!words.length) {
    if (current) {
      const c = tx.club.deliveries({ hookId: current.id });
      const sent = c.filter((d) => d.status === 'sent').length;
      const waiting = c.filter((d) => d.status === 'pending').length;
      return [
        `${owner(player)} for game ${game.id} go to ${what(current)}, set ${formatInZone(current.createdAt, tx.control.get(game.id).settings.zone)}: ${sent} delivered, ${waiting} waiting. ${command} ${OFF} stops them; ${command} ${TEST} sends a test.`,
      ];
    }
    const last = tx.club
      .hooks(game.id)
      .filter((h) => h.playerId === (player?.id ?? null))
      .pop();
    return [
      `No notifications are set for ${player ? 'you' : 'the game'} in game ${game.id}.${last?.status === 'dead' ? ` The last address, ${what(last)}, was given up: ${last.deadReason ?? ''}.` : ''} ${command} <address> sets one (docs/notifications.md).`,
    ];
  }
  if (words.length === 1 && first === 'OFF') {
    if (!current)
      return [`No notifications were set for ${player ? 'you' : 'the game'} in game ${game.id}; nothing changed.`];
    tx.club.endHook(current.id, 'off', now);
    return [
      `${owner(player)} for game ${game.id} are off: nothing more goes to ${what(current)}. The mail goes on as ever.`,
    ];
  }
  if (words.length === 1 && first === 'TEST') {
    if (!current)
      throw new AppError(
        'E_STATE',
        `no notification address is set for ${player ? 'you' : 'the game'}: ${command} <address> sets one`,
      );
    checkTestRate(tx, game, player, now, `${command} ${TEST}`);
    hookTest(deps, tx, current, game, player);
    return [`A test message is on its way to ${what(current)}. Should the address not take it, you are told by mail.`];
  }
  const address = readHookAddress(words);
  if (!address.ok) throw new AppError('E_USAGE', address.error);
  if (current && current.url === address.url && current.format === address.format)
    return [`${owner(player)} go to ${what(current)} already; nothing changed. ${command} ${TEST} sends a test.`];
  checkTestRate(tx, game, player, now, `${command} ${TEST}`);
  const id = tx.club.addHook(
    { gameId: game.id, playerId: player?.id ?? null, format: address.format, url: address.url },
    now,
  );
  const hook = tx.club.hook(id) as HookRow;
  hookTest(deps, tx, hook, game, player);
  return [
    `${owner(player)} for game ${game.id} now go to ${what(hook)}${current ? ` (in place of ${what(current)})` : ''}: ${
      player
        ? 'the turn open with its deadline, a reminder before it, the report out, the end of the game'
        : 'the start, each turn open with its deadline, the reminder of who is still to send orders, each report out, the end of the game'
    }. A test message is on its way now.`,
    `The mail stays the game's channel of record: orders, reports and everything secret go by mail only. ${command} ${OFF} stops them; should the address stop taking them, you are told by mail, once.`,
  ];
}

/**
 * The worker gave up on a hook (`reason`): it is ended and its owner told by mail, once (a hook
 * already ended is left as it is). Whether this call ended it.
 */
export function hookGivenUp(deps: AppDeps, tx: StoreTx, hookId: number, reason: string): boolean {
  const hook = tx.club.hook(hookId);
  if (!hook || hook.status !== 'active') return false;
  tx.club.endHook(hook.id, 'dead', deps.clock.now(), reason);
  const game = tx.games.get(hook.gameId);
  if (!game) return true;
  const paragraphs = (command: string) => [
    `The referee gave up calling ${what(hook)} for game ${game.id}: ${reason}. Nothing more is sent to it; the mail goes on as ever.`,
    `Once the address works again, set it again (or a new one) with ${command} <address>: a test message goes to it at once.`,
  ];
  if (hook.playerId === null) {
    alertGm(deps, tx, game, "the game's notification address was given up", paragraphs('SET NOTIFY'));
    return true;
  }
  const player = tx.players.get(game.id, hook.playerId);
  if (player?.email)
    queueAnswer(deps, tx, {
      to: player.email,
      game,
      player,
      kind: 'notice',
      title: 'your notification address was given up',
      paragraphs: paragraphs('NOTIFY'),
    });
  return true;
}
