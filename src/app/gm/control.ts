/**
 * The game master's hand on a running game (docs/gm-guide.md), the same by mail and on the command
 * line: settings, pause and resume, extensions within the game's limits, resolving now, a preview
 * that is never saved or sent, and termination. Every change is announced to every player.
 */
import type { GameEvent } from '../../core/events.ts';
import type { GameState } from '../../core/state.ts';
import { casualties } from '../../report/combat-log.ts';
import { sideNames, turnLog } from '../../report/turn-log.ts';
import { flexibleShots } from '../../report/clock.ts';
import {
  currentDeadline,
  deadlineParagraph,
  refreshDeadline,
  saveClock,
  turnClock,
  turnReadiness,
} from '../game/deadlines.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { requireGame } from '../setup/games.ts';
import { announce, missedFlight, queueAnswer, type Section } from '../mail/notify.ts';
import { campaignBlock } from '../views/campaign.ts';
import { quickCasualties } from '../views/quick.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import { applySetting, durationText, parseDuration, scheduleWords, settingLines } from '../game/settings.ts';
import { type GameSettings } from '../ports/control.ts';
import { attemptTurn, resolveReady } from '../turn/resolve.ts';
import { openStall, stallLine } from '../turn/stalls.ts';
import { reportPicture } from '../views/pictures.ts';
import { situationMap } from '../views/sheet.ts';
import { inPlayIds } from '../../core/outcome.ts';
import { wrap } from '../words/text.ts';
import { afterGameOver } from '../campaigns/lifecycle.ts';
import { debriefOf, debriefText } from '../game/standin.ts';
import { DEFAULT_LEVEL, levelName } from '../../core/standin/levels.ts';
import { hooksDeadline, hooksGameEnded } from '../hooks/events.ts';

const MINUTE = 60_000;

export interface ControlResult {
  game: GameRow;
  /** What was done, for the CLI and the GM's answer. */
  lines: string[];
  sections?: Section[];
  /** Nothing was done (a turn that could not be resolved): the CLI exits with an error. */
  failed?: boolean;
}

function running(tx: StoreTx, id: string): GameRow {
  const g = requireGame(tx, id);
  if (g.status !== 'running')
    throw new AppError('E_STATE', `game '${g.id}' is ${g.status === 'setup' ? 'not started yet' : 'over'}`);
  return g;
}

/** The deadline for the GM's answer and the CLI: in the game's zone. */
const deadlineWords = (tx: StoreTx, game: GameRow): string[] => [deadlineParagraph(tx, game, null)];

/** Settings in words, one per line. */
export function settingsWords(s: GameSettings): string[] {
  return [
    `time zone: ${s.zone}`,
    `schedule: ${scheduleWords(s.schedule, s.zone)}`,
    `grace after the deadline: ${s.graceMinutes ? durationText(s.graceMinutes) : 'none'}`,
    `reminders: ${s.remindMinutes ? `${durationText(s.remindMinutes)} before the deadline${s.schedule.kind === 'none' ? ' (none while there is no deadline)' : ''}` : 'none'}`,
    `a turn stays open at least: ${s.minimumMinutes ? durationText(s.minimumMinutes) : 'no minimum'}`,
    `the game master is told after ${s.maxMisses ? `${s.maxMisses} missed turn${s.maxMisses === 1 ? '' : 's'}` : 'no number of missed turns'}`,
    `extensions: at most ${s.maxExtensionsPerTurn} a turn and ${s.maxExtensionsTotal} in all, ${durationText(s.extendMinutes)} each unless the GM says`,
    `sign-up by mail (JOIN): ${s.signup ? 'open' : 'closed'}`,
    `orders with a warning hold the turn for: ${s.confirmMinutes ? `${durationText(s.confirmMinutes)}, or until their player's CONFIRM or new orders` : 'no time (the turn is never held for a warning)'}`,
    `a missed turn: ${s.missed === 'standin' ? "the stand-in pilot flies the missing player's planes" : "the missing player's planes fly the default (forwards, fire held)"}`,
    `the stand-in pilot flies as ${levelName(s.standinLevel)}${s.standinLevel === DEFAULT_LEVEL ? ' (its best)' : ''}`,
    `leave (LEAVE n DAYS): ${s.leaveMinutes ? `up to ${Math.floor(s.leaveMinutes / 1440)} days for each player, the stand-in pilot flying their planes` : 'none'}`,
    `players' records of turns on time and missed: ${s.records === 'public' ? "published to every player (STATUS, the game's web page)" : "the game master's only"}`,
  ];
}

/** Settings in words as a preformatted block. */
export const settingsText = (s: GameSettings): string =>
  settingsWords(s)
    .map((l) => wrap(`- ${l}`, 2))
    .join('\n');

/** Changes one setting (`deadline every 2 days at 20:00`, `zone Europe/Berlin`, ...) and announces it. */
export function setSetting(deps: AppDeps, gameId: string, key: string, value: string): ControlResult {
  return deps.store.tx((tx) => {
    const game = requireGame(tx, gameId);
    if (game.status === 'over') throw new AppError('E_STATE', `game '${game.id}' is over`);
    const control = tx.control.get(game.id);
    const r = applySetting(control.settings, key, value);
    if (!r.ok)
      throw new AppError(
        'E_USAGE',
        r.error,
        settingLines(control.settings).map((l) => `now: ${l}`),
      );
    const before = currentDeadline(tx, game);
    tx.control.save({ ...control, settings: r.value });
    refreshDeadline(tx, game, deps.clock.now());
    const after = currentDeadline(tx, game);
    // A deadline moved by the change (a new schedule, zone or minimum): the hooks are told, as of EXTEND.
    if (game.status === 'running' && control.pausedAt === null && after !== before) {
      hooksDeadline(deps, tx, game, after === null ? 'no deadline any more' : 'the deadline moved', false);
    }
    const changed = settingLines(r.value).filter((l) => !settingLines(control.settings).includes(l));
    const lines = changed.length ? changed.map((l) => `set ${l}`) : ['nothing changed'];
    if (changed.length && game.status === 'running') {
      announce(
        deps,
        tx,
        game,
        'the game settings changed',
        [`The game master changed the settings of game ${game.id}: ${changed.join('; ')}.`],
        {
          deadline: true,
          sections: [{ heading: 'The settings now', text: settingsText(r.value) }],
        },
      );
    }
    return { game, lines: [...lines, ...(game.status === 'running' ? deadlineWords(tx, game) : [])] };
  });
}

export function pauseGame(deps: AppDeps, gameId: string, reason = ''): ControlResult {
  return deps.store.tx((tx) => {
    const game = running(tx, gameId);
    const control = tx.control.get(game.id);
    if (control.pausedAt !== null) throw new AppError('E_STATE', `game '${game.id}' is paused already`);
    tx.control.save({ ...control, pausedAt: deps.clock.now(), pauseReason: reason || null });
    announce(deps, tx, game, 'the game is paused', [
      `The game master paused game ${game.id} at turn ${game.turn}${reason ? `: ${reason}` : ''}.`,
      'While it is paused no turn is resolved and the deadline does not run; orders are still taken. When the game resumes, the deadline moves on by the time it was paused.',
    ]);
    hooksDeadline(deps, tx, game, 'the game is paused', true);
    return { game, lines: [`game ${game.id} paused at turn ${game.turn}`] };
  });
}

/** How long a pause lasted, for "resumed after ...": seconds under a minute, nothing under a second. */
function pausedFor(ms: number): string {
  if (ms < 1000) return '';
  return ` after ${ms < MINUTE ? `${Math.floor(ms / 1000)}s` : durationText(Math.round(ms / MINUTE))}`;
}

export function resumeGame(deps: AppDeps, gameId: string): ControlResult {
  return deps.store.tx((tx) => {
    const game = running(tx, gameId);
    const control = tx.control.get(game.id);
    if (control.pausedAt === null) throw new AppError('E_STATE', `game '${game.id}' is not paused`);
    const paused = deps.clock.now() - control.pausedAt;
    const resumed = { ...control, pausedAt: null, pauseReason: null };
    tx.control.save(resumed);
    const clock = turnClock(tx, game);
    // A turn opened during the pause (PROCESS) was paused only since it opened.
    saveClock(tx, resumed, {
      ...clock,
      pausedMs: clock.pausedMs + deps.clock.now() - Math.max(control.pausedAt, clock.anchorAt),
    });
    announce(deps, tx, game, 'the game goes on', [`The game master resumed game ${game.id} at turn ${game.turn}.`], {
      deadline: true,
    });
    hooksDeadline(deps, tx, game, 'the game goes on', false);
    return { game, lines: [`game ${game.id} resumed${pausedFor(paused)}`, ...deadlineWords(tx, game)] };
  });
}

/** Moves the current deadline on, within the game's limits (per turn and in all). */
export function extendTurn(deps: AppDeps, gameId: string, span?: string): ControlResult {
  return deps.store.tx((tx) => {
    const game = running(tx, gameId);
    const control = tx.control.get(game.id);
    const s = control.settings;
    let minutes = s.extendMinutes;
    if (span) {
      const d = parseDuration(span);
      if (!d.ok) throw new AppError('E_USAGE', d.error);
      minutes = d.value;
    }
    if (minutes <= 0) throw new AppError('E_USAGE', 'an extension needs a time: EXTEND 24h');
    if (currentDeadline(tx, game) === null)
      throw new AppError('E_STATE', `turn ${game.turn} has no deadline to extend (SET deadline sets a schedule)`);
    const clock = turnClock(tx, game);
    if (clock.extensions >= s.maxExtensionsPerTurn) {
      throw new AppError(
        'E_STATE',
        `turn ${game.turn} was extended ${clock.extensions} time(s) already, the most a turn may be (SET extensions ${s.maxExtensionsPerTurn + 1} ${s.maxExtensionsTotal} allows more)`,
      );
    }
    if (control.extensions >= s.maxExtensionsTotal) {
      throw new AppError(
        'E_STATE',
        `game '${game.id}' has had ${control.extensions} extensions, the most it may have (SET extensions ${s.maxExtensionsPerTurn} ${s.maxExtensionsTotal + 1} allows more)`,
      );
    }
    const ctl = { ...control, extensions: control.extensions + 1 };
    tx.control.save(ctl);
    saveClock(tx, ctl, {
      ...clock,
      extensions: clock.extensions + 1,
      extendedMs: clock.extendedMs + minutes * MINUTE,
      remindedAt: null,
      lateAt: null,
    });
    const left = `${s.maxExtensionsPerTurn - clock.extensions - 1} more this turn, ${s.maxExtensionsTotal - ctl.extensions} in all`;
    announce(
      deps,
      tx,
      game,
      `turn ${game.turn} is extended`,
      [`The game master gave turn ${game.turn} of game ${game.id} ${durationText(minutes)} more.`],
      { deadline: true },
    );
    hooksDeadline(deps, tx, game, `extended by ${durationText(minutes)}`, false);
    return {
      game,
      lines: [
        `turn ${game.turn} extended by ${durationText(minutes)} (extensions left: ${left})`,
        ...deadlineWords(tx, game),
      ],
    };
  });
}

/**
 * Resolves the current turn now; planes without orders fly the default (no miss is counted). A turn
 * that cannot be resolved is answered with every problem (`failed`), and recorded and told as any
 * stall is (app/turn/stalls.ts): the answer does not undo that.
 */
export function processTurn(deps: AppDeps, gameId: string): ControlResult {
  return deps.store.tx((tx) => {
    const game = running(tx, gameId);
    const absent = turnReadiness(tx, game, deps.clock.now()).missing;
    const missing = absent.map((p) => p.id);
    const before = tx.turns.get(game.id, game.turn)?.state;
    const missed = tx.control.get(game.id).settings.missed;
    const turn = resolveReady(deps, game.id, { withDefaults: true });
    if (turn === null) {
      const stall = openStall(tx, game);
      return {
        game,
        failed: true,
        lines: [
          `turn ${game.turn} of game '${game.id}' could not be resolved; nothing was moved and no dice were thrown:`,
          ...(stall?.problems ?? []).map(stallLine),
          'the players have been told the turn is delayed; put the cause right and PROCESS again, or ROLLBACK',
        ],
      };
    }
    const after = requireGame(tx, game.id);
    // Each player the game master did not wait for is told so, apart from his report: never a turn
    // gone without its player knowing why (not counted as a missed deadline: none had passed).
    for (const p of absent) {
      const planes = inPlayIds(before, p.planes);
      queueAnswer(deps, tx, {
        to: p.email,
        game: after,
        player: p,
        kind: 'notice',
        title: `Turn ${turn}: resolved by the game master without your orders`,
        paragraphs: [
          `The game master resolved turn ${turn} (PROCESS) before your orders for it were in. ${planes.join(', ')} ${missedFlight(missed, before, true, planes.length)}. The turn report shows what happened.`,
          after.status === 'running'
            ? `This is not counted as a missed turn. Your orders for turn ${after.turn} are below, ready to send.`
            : 'This is not counted as a missed turn.',
        ],
      });
    }
    return {
      game: after,
      lines: [
        `turn ${turn} resolved${missing.length ? `; without orders from ${missing.join(', ')} (their planes ${missed === 'standin' ? 'were flown by the stand-in pilot' : 'flew the default'}; each was told)` : ''}`,
        after.status === 'over' ? 'the game is over' : `the game is at turn ${after.turn}`,
      ],
    };
  });
}

/** What resolving the turn now would give: the whole map and the log; nothing is saved or sent. */
export function previewTurn(deps: AppDeps, gameId: string): ControlResult {
  const game = deps.store.tx((tx) => running(tx, gameId));
  const r = deps.store.dryRun((tx) => {
    const missing = turnReadiness(tx, game, deps.clock.now()).missing.map((p) => p.id);
    const missed = tx.control.get(game.id).settings.missed;
    const a = attemptTurn(deps, game.id, { withDefaults: true });
    if (!('turn' in a)) return 'problems' in a ? a.problems : [];
    const turn = a.turn;
    const events: GameEvent[] = tx.events.list(game.id, turn);
    const before = tx.turns.get(game.id, turn)?.state as GameState;
    const state = tx.turns.get(game.id, turn + 1)?.state as GameState;
    return { missing, missed, events, before, state };
  });
  if (Array.isArray(r))
    throw new AppError(
      'E_STATE',
      `turn ${game.turn} of game '${game.id}' could not be resolved; nothing was moved`,
      r.map(stallLine),
    );
  const shot = r.before.quick ? quickCasualties(r.events) : casualties(r.events);
  return {
    game,
    lines: [
      `PREVIEW of turn ${game.turn} with the orders in now; nothing was saved or sent, and the dice may differ when orders change.`,
      r.missing.length
        ? `Without orders (their planes ${missedFlight(r.missed, r.before, false)}): ${r.missing.join(', ')}.`
        : "Every player's orders are in.",
    ],
    sections: [
      ...(shot.length ? [{ heading: 'Shot down', text: wrap(shot.join('\n'), 4) }] : []),
      {
        heading: `The map after turn ${game.turn}`,
        text: situationMap(
          r.state,
          r.state.planes.map((p) => p.id),
        ),
        picture: reportPicture(r.before, r.state, r.events, game.name),
      },
      {
        heading: 'Impulse by impulse',
        text: turnLog(r.events, undefined, sideNames(r.before), { flexible: flexibleShots(r.before) }),
      },
    ],
  };
}

/** The campaign block of a player's last mail of a game, as a section (none outside a campaign). */
function campaignSections(tx: StoreTx, gameId: string, playerId: string): Section[] {
  const block = campaignBlock(tx, gameId, playerId, 'last-report');
  return block ? [{ heading: 'The campaign', text: wrap(block, 4) }] : [];
}

export function terminateGame(deps: AppDeps, gameId: string, reason = ''): ControlResult {
  return deps.store.tx((tx) => {
    const game = requireGame(tx, gameId);
    if (game.status === 'over') throw new AppError('E_STATE', `game '${game.id}' is over already`);
    const now = deps.clock.now();
    tx.games.update(game.id, { status: 'over', endedAt: now });
    tx.control.save({ ...tx.control.get(game.id), terminatedAt: now, terminateReason: reason || null, pausedAt: null });
    const ended = requireGame(tx, game.id);
    // A campaign's game: afterGameOver works out its record first, and each player's notice ends
    // with the campaign block a played-out game's last report has (fates, wounds, the standing,
    // what comes next); afterGameOver does nothing for a game of no campaign.
    afterGameOver(deps, tx, ended);
    const campaign = !!tx.campaigns.ofGame(game.id);
    // The stand-in's debrief, as a game played out has it in its last report (docs/standin.md "The debrief").
    const debrief = debriefText(debriefOf(tx.orders.latestAcceptedOf(game.id, 1, game.turn - 1)));
    announce(
      deps,
      tx,
      ended,
      'the game has ended',
      [
        `The game master ended game ${game.id} at turn ${game.turn}${reason ? `: ${reason}` : ''}. No more orders are taken. Thank you for playing.`,
      ],
      {
        ...(debrief
          ? {
              sections: [
                { heading: "The stand-in's debrief: every turn it flew, what it chose and why", text: debrief },
              ],
            }
          : {}),
        ...(campaign ? { sectionsFor: (p) => campaignSections(tx, game.id, p.id) } : {}),
      },
    );
    if (game.status === 'running') hooksGameEnded(deps, tx, ended, game.turn, reason);
    return { game: ended, lines: [`game ${game.id} terminated at turn ${game.turn}`] };
  });
}
