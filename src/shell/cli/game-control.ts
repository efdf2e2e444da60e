/**
 * The game master's controls on the command line, the same operations as the GM commands by mail
 * (docs/gm-guide.md "Commands"); every change is announced to the players by mail:
 *   game set <game> [<setting> <value...>]       show the settings, or change one
 *   game schedule <game> <schedule...>           = game set <game> deadline <schedule...>
 *   game pause <game> [--reason r] | resume <game>
 *   game extend <game> [--by 24h]
 *   game process <game> | preview <game> | rollback <game>
 *   game replace <game> <player> <new-player> --email a [--zone z]
 *   game computer <game> <player|side>         the stand-in pilot flies a player's planes (docs/standin.md)
 *   game notify <game> [<format>] [<address> | test | off]   the game's notifications (= SET NOTIFY)
 *   game terminate <game> [--reason r]
 *   game tick [--at <ISO time>]                  run the clock once (serve does it every TICK_SECONDS)
 */
import type { Command } from 'commander';
import {
  extendTurn,
  pauseGame,
  previewTurn,
  processTurn,
  resumeGame,
  setSetting,
  settingsText,
  terminateGame,
  type ControlResult,
} from '../../app/gm/control.ts';
import { gameClock } from '../../app/gm/overview.ts';
import { rollbackTurn } from '../../app/gm/rollback.ts';
import { computerSeat, replacePlayer } from '../../app/setup/roster.ts';
import { settingLines } from '../../app/game/settings.ts';
import { tick } from '../../app/turn/tick.ts';
import { notifyCommand } from '../../app/hooks/commands.ts';
import { requireGame } from '../../app/setup/games.ts';
import { cliError } from '../errors.ts';
import { withRuntime } from '../runtime.ts';

const out = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};

export function resultText(r: ControlResult): string {
  const parts = [r.lines.join('\n')];
  for (const s of r.sections ?? []) parts.push(`${s.heading.toUpperCase()}\n\n${s.text}`);
  return parts.join('\n\n');
}

/** Registers the commands of the game's settings and its clock: set, schedule, pause, resume, extend. */
function registerClockCommands(game: Command): void {
  game
    .command('set <game> [setting] [value...]')
    .description(
      "show the game's settings, or change one (deadline, zone, grace, remind, minimum, misses, extensions, extend, signup, confirm, missed, leave)",
    )
    .action((id: string, setting: string | undefined, value: string[]) =>
      withRuntime((rt) => {
        if (!setting) {
          const c = gameClock(rt.deps, id);
          return out([...settingLines(c.settings), '', settingsText(c.settings)].join('\n'));
        }
        out(resultText(setSetting(rt.deps, id, setting, value.join(' '))));
      }),
    );
  game
    .command('schedule <game> <schedule...>')
    .description('the deadline schedule: none | every <n> days at HH:MM [weekdays] | dates YYYY-MM-DD HH:MM, ...')
    .action((id: string, schedule: string[]) =>
      withRuntime((rt) => {
        out(resultText(setSetting(rt.deps, id, 'deadline', schedule.join(' '))));
      }),
    );
  game
    .command('pause <game>')
    .description('stop the clock: no turn is resolved, the deadline stands still')
    .option('--reason <text>', 'told to the players')
    .action((id: string, opts: { reason?: string }) =>
      withRuntime((rt) => {
        out(resultText(pauseGame(rt.deps, id, opts.reason ?? '')));
      }),
    );
  game
    .command('resume <game>')
    .description('start the clock again; the deadline moves on by the time paused')
    .action((id: string) =>
      withRuntime((rt) => {
        out(resultText(resumeGame(rt.deps, id)));
      }),
    );
  game
    .command('extend <game>')
    .description("move the current deadline on, within the game's limits")
    .option('--by <time>', "how long, with its unit: 90m, 12h, 2d, 1d12h (default: the game's extend setting)")
    .action((id: string, opts: { by?: string }) =>
      withRuntime((rt) => {
        out(resultText(extendTurn(rt.deps, id, opts.by)));
      }),
    );
}

/** Registers the commands on the current turn: process, preview, rollback. */
function registerTurnCommands(game: Command): void {
  game
    .command('process <game>')
    .description('resolve the current turn now; planes without orders fly the default')
    .action((id: string) =>
      withRuntime((rt) => {
        const r = processTurn(rt.deps, id);
        if (r.failed) {
          process.stderr.write(`tallyho: ${resultText(r)}\n`);
          process.exitCode = 1;
          return;
        }
        out(resultText(r));
      }),
    );
  game
    .command('preview <game>')
    .description('the current turn as it would be resolved now; nothing is saved or sent')
    .action((id: string) =>
      withRuntime((rt) => {
        out(resultText(previewTurn(rt.deps, id)));
      }),
    );
  game
    .command('rollback <game>')
    .description(
      'undo the last resolved turn; it is resolved again at its deadline or by process (reports marked RERUN)',
    )
    .action((id: string) =>
      withRuntime((rt) => {
        out(resultText(rollbackTurn(rt.deps, id)));
      }),
    );
}

export function registerGameControlCommands(game: Command): void {
  registerClockCommands(game);
  registerTurnCommands(game);
  game
    .command('replace <game> <player> <new-player>')
    .description("hand a player's planes to a new player, who is mailed a briefing; prints the new secret, once")
    .requiredOption('--email <address>', "the new player's address")
    .option('--zone <zone>', "the new player's time zone (IANA, e.g. Europe/Berlin)")
    .action((id: string, player: string, newPlayer: string, opts: { email: string; zone?: string }) =>
      withRuntime((rt) => {
        const r = replacePlayer(rt.deps, {
          gameId: id,
          oldId: player,
          newId: newPlayer,
          email: opts.email,
          zone: opts.zone ?? null,
        });
        out(
          [
            ...r.lines,
            `Secret: ${r.secret}`,
            'The secret is shown this once and stored only as a hash: give it to the player now.',
          ].join('\n'),
        );
      }),
    );
  game
    .command('computer <game> <player-or-side>')
    .description(
      "the stand-in pilot flies a player's planes from now on; before start, a seat it flies for a side's planes nobody has",
    )
    .action((id: string, name: string) =>
      withRuntime((rt) => {
        const lines = rt.store.tx((tx) => computerSeat(rt.deps, tx, id, name));
        out(lines.join('\n'));
      }),
    );
  game
    .command('notify <game> [words...]')
    .description(
      "the game's notifications beside the mail, as SET NOTIFY by mail: an address (its format told from it, or named first: discord, slack, matrix, ntfy, json), test, off, or nothing to show them (docs/notifications.md)",
    )
    .action((id: string, words: string[]) =>
      withRuntime((rt) => {
        const lines = rt.store.tx((tx) =>
          notifyCommand(rt.deps, tx, requireGame(tx, id), null, words, `tallyho game notify ${id}`),
        );
        out(lines.join('\n\n'));
      }),
    );
  game
    .command('terminate <game>')
    .description('end the game; the players are told')
    .option('--reason <text>', 'told to the players')
    .action((id: string, opts: { reason?: string }) =>
      withRuntime((rt) => {
        out(resultText(terminateGame(rt.deps, id, opts.reason ?? '')));
      }),
    );
  game
    .command('tick')
    .description('run the clock once: reminders, deadlines, turns ready (tallyho serve runs it every TICK_SECONDS)')
    .option('--at <time>', 'as if it were this time (ISO 8601), for trying a schedule out on a copy of the database')
    .action((opts: { at?: string }) => {
      const at = opts.at === undefined ? undefined : Date.parse(opts.at);
      if (at !== undefined && Number.isNaN(at))
        throw cliError('E_USAGE', `'${opts.at}' is not a time (e.g. 2026-01-12T20:00:00Z)`);
      return withRuntime((rt) => {
        const done = tick(rt.deps, at);
        out(
          done.length
            ? done
                .map(
                  (e) => `${e.game} turn ${e.turn}: ${e.what}${e.players.length ? ` (${e.players.join(', ')})` : ''}`,
                )
                .join('\n')
            : 'nothing to do',
        );
      });
    });
}
