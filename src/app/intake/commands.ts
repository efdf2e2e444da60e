/**
 * The players' commands by mail (docs/orders.md "Commands"): HELP, STATUS, RESEND, HISTORY, MAP,
 * CARD, WAIT, NOWAIT, ZONE, CALENDAR and READY (the muster's: setup/muster.ts), each answering a few
 * paragraphs and sections; the answers of one envelope go out in one mail. STATUS, MAP and HISTORY also serve the game master, who sees every plane.
 */
import { standsIn } from '../game/standin.ts';
import { comeBack, parseLeaveDays, takeLeave } from '../setup/leave.ts';
import { fogEvents, fogState, sideOfPlayer } from '../../core/spotting/fog.ts';
import { casualties } from '../../report/combat-log.ts';
import { sideNames, turnLog } from '../../report/turn-log.ts';
import { flexibleShots } from '../../report/clock.ts';
import { formatCommand, type Command, type OrderError } from '../../orders/index.ts';
import { cardsAsked } from '../views/cards.ts';
import { settingsText } from '../gm/control.ts';
import { currentDeadline, deadlineParagraph, turnReadiness } from '../game/deadlines.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { playerHelp } from '../views/help.ts';
import { publicUrlOf } from '../words/doc-links.ts';
import { isQuickGame } from '../setup/games.ts';
import { queueAnswer, utf8Bytes, type Answer, type AnswerInput, type Section } from '../mail/notify.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { situationPicture } from '../views/pictures.ts';
import { situationMap } from '../views/sheet.ts';
import { myPlanes } from '../../core/outcome.ts';
import { wrap } from '../words/text.ts';
import { canonicalZone } from '../game/zones.ts';
import { newPlayerSecret } from '../setup/roster.ts';
import { musterReady, musterStatus } from '../setup/muster.ts';
import { campaignAnswer, rosterAnswer } from '../campaigns/commands.ts';
import { notifyCommand } from '../hooks/commands.ts';
import { maskedCommand } from '../hooks/address.ts';
import { publishedRecords } from '../game/record.ts';
import { calendarUrl } from '../calendar/feed.ts';

export interface CommandContext {
  deps: AppDeps;
  tx: StoreTx;
  game: GameRow;
  /** The player; null in the game master's envelope. */
  player: PlayerRow | null;
  inboundId: number;
  replyTo: string;
}

/**
 * The text the commands of one envelope may answer with, in all (RESEND's copies counted): past it
 * the other commands are not carried out. The HTML part can weigh as much again and more, so this is
 * well under MAX_REPLY_BYTES, which queueAnswer holds the mail to whatever the answers weigh.
 */
const COMMANDS_BUDGET = 80 * 1024;

const MAX_HISTORY = 10;

/** The commands that only answer and change nothing: they are answered even beside mistakes. */
export const READ_ONLY_COMMANDS: ReadonlySet<string> = new Set([
  'HELP',
  'STATUS',
  'MAP',
  'HISTORY',
  'RESEND',
  'CARD',
  'ROSTER',
  'CAMPAIGN',
  'CALENDAR',
]);
/**
 * Commands taken without an envelope from a registered address (bare-commands.ts): those that
 * change nothing, SECRET, whose answer goes only to that address, and READY, the one-line answer to
 * a muster (its answer goes to that address too, so a READY the player did not send is seen).
 */
export const BARE_COMMANDS: ReadonlySet<string> = new Set([...READ_ONLY_COMMANDS, 'SECRET', 'READY']);
/** Commands carried out in a game that has not started, beside orders it cannot take yet: the muster's READY. */
export const SETUP_COMMANDS: ReadonlySet<string> = new Set(['READY']);
const say = (...paragraphs: string[]): Answer => ({ paragraphs, sections: [] });

/** The last resolved turn, or null. */
function lastResolved(tx: StoreTx, game: GameRow): number | null {
  const turns = tx.archive.resolvedTurns(game.id);
  return turns.length ? (turns[turns.length - 1] as { turn: number }).turn : null;
}

export function statusAnswer(ctx: CommandContext): Answer {
  const { tx, game } = ctx;
  const player = ctx.player && (tx.players.get(game.id, ctx.player.id) ?? ctx.player);
  const control = tx.control.get(game.id);
  const s = control.settings;
  const what =
    game.status === 'setup'
      ? 'is being set up: it has not started'
      : game.status === 'over'
        ? `is over${((n) => (n === null ? '' : ` (its last turn was ${n})`))(lastResolved(tx, game))}`
        : `is at turn ${game.turn}`;
  const out: string[] = [`Game ${game.id} (${game.name}) ${what}.`];
  if (game.status === 'running') {
    if (control.pausedAt !== null) out.push(`It is paused${control.pauseReason ? `: ${control.pauseReason}` : ''}.`);
    out.push(deadlineParagraph(tx, game, player));
    const now = ctx.deps.clock.now();
    const ready = turnReadiness(tx, game, now);
    const missing = ready.missing.map((p) => p.id);
    const players = tx.players.list(game.id);
    const standin = players.filter((p) => standsIn(p, now)).map((p) => p.id);
    const inn = players.map((p) => p.id).filter((id) => !missing.includes(id) && !standin.includes(id));
    out.push(
      `Orders in: ${inn.join(', ') || 'none'}. Still missing: ${missing.join(', ') || 'none'}.${standin.length ? ` Flown by the stand-in pilot: ${standin.join(', ')}.` : ''}`,
    );
    const hold = missing.length ? null : ready.hold;
    if (hold) out.push(`Every order is in, but the turn waits: ${hold}.`);
  }
  const muster = musterStatus(tx, game, player);
  if (muster) out.push(muster);
  if (player) {
    const state = tx.turns.get(game.id, game.turn)?.state;
    const planes = state
      ? myPlanes(state, player.planes).map((p) => `${p.id}${p.status === 'flying' ? '' : ` (${p.status})`}`)
      : player.planes;
    const misses = tx.control.misses(game.id, player.id);
    out.push(
      `You are ${player.id}, flying ${planes.join(', ') || 'nothing'}; missed turns: ${misses}; ` +
        `deadlines in ${player.zone ? `your time zone ${player.zone} and the game's` : `the game's time zone ${s.zone} (ZONE <zone> adds yours)`}` +
        `${player.waitTurn === game.turn && game.status === 'running' ? '; you asked to WAIT this turn' : ''}.`,
    );
  }
  // The players' records, when the game master published them (SET records public).
  const records = publishedRecords(ctx.tx, game.id);
  return {
    paragraphs: out,
    sections: [
      { heading: 'Settings', text: settingsText(s) },
      ...(records.length
        ? [{ heading: "The players' records", text: records.map((l) => wrap(`- ${l}`, 2)).join('\n') }]
        : []),
    ],
  };
}

function mapAnswer(ctx: CommandContext): Answer {
  const { tx, game, player } = ctx;
  const whole = tx.turns.get(game.id, game.turn)?.state;
  if (!whole) return say('There is no map yet.');
  // A player sees what the side has identified (docs/spotting.md), everything once the game is over.
  const state = fogState(whole, player && game.status !== 'over' ? sideOfPlayer(whole, player.planes) : null);
  const focus = player ? player.planes : state.planes.map((p) => p.id);
  const when = game.status === 'over' ? 'at the end of the game' : `at the start of turn ${game.turn}`;
  return {
    paragraphs: [],
    sections: [
      {
        heading: `The map ${when}`,
        text: situationMap(state, focus),
        picture: situationPicture(state, player ? player.planes : [], game.name),
      },
    ],
  };
}

/** CARD [plane or type]: the aircraft cards, which are public (src/app/views/cards.ts). */
function cardAnswer(ctx: CommandContext, arg: string | undefined): Answer {
  const { tx, game, player } = ctx;
  const state = tx.turns.get(game.id, game.turn)?.state;
  if (!state) return say('The game has no planes yet: the cards come when it starts.');
  const own = player ? player.planes : state.planes.map((p) => p.id);
  const { cards, error } = cardsAsked(state, arg, own);
  if (error) return say(error);
  if (!cards.length)
    return say('You have no planes in this game: CARD <plane> or CARD <type> sends the card of that plane or type.');
  return {
    paragraphs: [],
    sections: cards.map((c) => ({
      heading: `Card of ${c.planes.length ? c.planes.join(', ') : c.type}`,
      text: c.text,
    })),
  };
}

function historyAnswer(ctx: CommandContext, args: string[]): Answer {
  const { tx, game, player } = ctx;
  const last = lastResolved(tx, game);
  if (last === null) return say(`No turn of game ${game.id} has been resolved yet.`);
  // HISTORY: the last turns; HISTORY n: from turn n on; HISTORY n m: turns n to m.
  const from = Math.max(1, args[0] ? Number(args[0]) : last - MAX_HISTORY + 1);
  const to = Math.min(last, args[1] ? Number(args[1]) : last);
  if (from > last || from > to)
    return say(
      `Turns ${from}${args[1] ? ` to ${args[1]}` : ''} are not resolved; the resolved turns are 1 to ${last}.`,
    );
  const end = Math.min(to, from + MAX_HISTORY - 1);
  const sections: Section[] = [];
  for (let n = from; n <= end; n++) {
    const after = tx.turns.get(game.id, n + 1)?.state;
    const side = after && player && game.status !== 'over' ? sideOfPlayer(after, player.planes) : null;
    const events = after ? fogEvents(tx.events.list(game.id, n), after, side) : tx.events.list(game.id, n);
    const shot = casualties(events);
    // The cards, for the words of each shot's clock: any state of the game holds them.
    const cards = after ?? tx.turns.get(game.id, n)?.state ?? { planes: [], aircraft: {} };
    sections.push({
      heading: `Turn ${n}`,
      text: `${shot.length ? `${wrap(shot.join('\n'), 4)}\n\n` : ''}${turnLog(events, undefined, after ? sideNames(after) : {}, { flexible: flexibleShots(cards) })}`,
    });
  }
  const more =
    end < to ? [`At most ${MAX_HISTORY} turns go in one mail: HISTORY ${end + 1} ${to} sends the next.`] : [];
  return {
    paragraphs: [
      `${isQuickGame(ctx.tx, game.id) ? 'What happened in' : 'The impulse logs of'} turns ${from} to ${end} of game ${game.id}.`,
      ...more,
    ],
    sections,
  };
}

/** RESEND: a copy of the report of that turn as it was mailed to the player. */
function resendAnswer(ctx: CommandContext, args: string[]): Answer {
  const { deps, tx, game, player } = ctx;
  if (!player) return say("RESEND is a player's command: it sends a player's own report again.");
  const turn = args[0] ? Number(args[0]) : lastResolved(tx, game);
  if (turn === null) return say(`No turn of game ${game.id} has been resolved yet.`);
  const report = tx.outbox
    .list({ gameId: game.id, recipient: player.email })
    .filter((m) => m.kind === 'report' && m.turn === turn && m.playerId === player.id)
    .at(-1);
  if (!report)
    return say(
      `No report of turn ${turn} was mailed to you${lastResolved(tx, game) !== null ? `; HISTORY ${turn} sends its impulse log` : ''}.`,
    );
  tx.outbox.insert(
    {
      ...report,
      messageId: deps.keys.newMessageId(`tallyho.${game.id}.${player.id}.report.${turn}.again`),
      subject: `${report.subject} (sent again)`,
      inReplyTo: ctx.replyTo || report.inReplyTo,
      references: [...new Set([...report.references, ...(ctx.replyTo ? [ctx.replyTo] : [])])],
      inboundId: ctx.inboundId,
    },
    deps.clock.now(),
  );
  return {
    ...say(`The report of turn ${turn} is sent again, in a mail of its own.`),
    aside: utf8Bytes(report.text) + utf8Bytes(report.html ?? ''),
  };
}

function waitAnswer(ctx: CommandContext, wait: boolean): Answer {
  const { tx, game, player } = ctx;
  if (!player) return say("WAIT and NOWAIT are players' commands.");
  if (game.status !== 'running') throw new AppError('E_STATE', `game ${game.id} is not running`);
  tx.control.setWait(game.id, player.id, wait ? game.turn : null);
  const d = currentDeadline(tx, game);
  if (!wait) return say(`Your WAIT is taken back: turn ${game.turn} is resolved as soon as every order is in.`);
  return say(
    d === null
      ? `Turn ${game.turn} waits, even when every order is in, until you send NOWAIT or the game master resolves it (the game has no deadline).`
      : `Turn ${game.turn} is not resolved before its deadline, even when every order is in (NOWAIT takes this back).`,
  );
}

/** CONFIRM: the player's accepted orders with a WARNING fly as they are (deadlines.ts warnedOrders). */
function confirmAnswer(ctx: CommandContext): Answer {
  const { deps, tx, game, player } = ctx;
  if (!player) return say("CONFIRM is a player's command.");
  if (game.status !== 'running') throw new AppError('E_STATE', `game ${game.id} is not running`);
  const latest = tx.orders.latestAccepted(game.id, game.turn).get(player.id);
  if (!latest)
    return say(
      `You have no orders in for turn ${game.turn}, so there is nothing to confirm. Send your orders; with a WARNING in their acknowledgement, CONFIRM flies them as they are.`,
    );
  if (!latest.warnings.length)
    return say(
      `Your orders for turn ${game.turn} carry no warning: there is nothing to confirm, and they stand as sent.`,
    );
  if (latest.confirmedAt === null) tx.orders.confirm(latest.id, deps.clock.now());
  return {
    paragraphs: [
      `Your orders for turn ${game.turn} are flown as they are, warnings and all; the turn no longer waits for you. If yours were the last orders it waited for, it is resolved now and its report follows; otherwise new orders of yours before it is resolved still replace them.`,
    ],
    sections: [
      {
        heading: 'The warnings',
        text: latest.warnings.map((w) => wrap(`- ${w.replace(/^WARNING: /, '')}`, 2)).join('\n'),
      },
    ],
  };
}

function zoneAnswer(ctx: CommandContext, zone: string): Answer {
  const { tx, game, player } = ctx;
  if (!player) return say("ZONE is a player's command (SET zone sets the game's).");
  const z = /^game$/i.test(zone) ? null : canonicalZone(zone);
  if (z === null && !/^game$/i.test(zone))
    throw new AppError(
      'E_USAGE',
      `'${zone}' is not a time zone name: write it as in ZONE Europe/Berlin, ZONE America/New_York or ZONE UTC`,
    );
  tx.control.setZone(game.id, player.id, z);
  return say(
    z
      ? `Deadlines are now given in ${z} too.`
      : `Deadlines are now given in the game's time zone only (${tx.control.get(game.id).settings.zone}).`,
  );
}

/** CALENDAR: the link of the address's private calendar feed (app/calendar/feed.ts), for all its games. */
function calendarAnswer(ctx: CommandContext): Answer {
  if (!ctx.player) return say("CALENDAR is a player's command.");
  const url = calendarUrl(ctx.deps, ctx.tx, ctx.player.email);
  if (!url)
    return say(
      'This referee has no web address (its game master has not set PUBLIC_URL), so it offers no calendar. Every mail gives the deadline; ZONE adds your own time zone.',
    );
  return say(
    `Your deadlines as a calendar, for every game you play on this referee:\n  ${url}`,
    'Subscribe to it by this address in your calendar program (add a calendar from a URL): it follows new turns, extensions and pauses by itself. Keep the link to yourself: anyone who has it sees your deadlines.',
  );
}

/** Answers one player command (or STATUS, MAP, CARD, HISTORY, HELP for the game master). */
export function playerCommand(ctx: CommandContext, c: Command): Answer {
  switch (c.name) {
    case 'HELP':
      return {
        paragraphs: [],
        sections: [{ heading: 'Commands', text: playerHelp(isQuickGame(ctx.tx, ctx.game.id), publicUrlOf(ctx.deps)) }],
      };
    case 'STATUS':
      return statusAnswer(ctx);
    case 'MAP':
      return mapAnswer(ctx);
    case 'CARD':
      return cardAnswer(ctx, c.args[0]);
    case 'HISTORY':
      return historyAnswer(ctx, c.args);
    case 'RESEND':
      return resendAnswer(ctx, c.args);
    case 'WAIT':
      return waitAnswer(ctx, true);
    case 'NOWAIT':
      return waitAnswer(ctx, false);
    case 'CONFIRM':
      return confirmAnswer(ctx);
    case 'LEAVE': {
      if (!ctx.player)
        return say(
          "LEAVE is a player's command (the game master hands a seat to the computer with COMPUTER <player>).",
        );
      const n = parseLeaveDays(c.args);
      if (n === null) return say(`LEAVE takes a number of days from 1 to 366: LEAVE 5 DAYS.`);
      return say(...takeLeave(ctx.deps, ctx.tx, ctx.game, ctx.player, n));
    }
    case 'BACK':
      if (!ctx.player) return say("BACK is a player's command.");
      return say(...comeBack(ctx.deps, ctx.tx, ctx.game, ctx.player));
    case 'SECRET': {
      if (!ctx.player) return say("SECRET is a player's command (tallyho gm set gives the game master a new secret).");
      const { secret } = newPlayerSecret(ctx.deps, ctx.tx, ctx.game.id, ctx.player.id);
      return say(
        `Your new secret for game ${ctx.game.id} is: ${secret}\nYour old secret no longer works; the turn tokens in the referee's mails still do. Keep this mail to yourself: with the secret anyone can send orders in your name. This mail goes only to your registered address.`,
      );
    }
    case 'ZONE':
      return zoneAnswer(ctx, c.args[0] ?? '');
    case 'NOTIFY':
      if (!ctx.player) return say("NOTIFY is a player's command (SET NOTIFY sets the game's own).");
      return say(...notifyCommand(ctx.deps, ctx.tx, ctx.game, ctx.player, c.args));
    case 'JOIN':
      return say(`You play in game ${ctx.game.id} already.`);
    case 'READY':
      if (!ctx.player) return say("READY is a player's answer to a muster (MUSTER calls it).");
      return say(...musterReady(ctx.deps, ctx.tx, ctx.game, ctx.player));
    case 'ROSTER':
      return rosterAnswer(ctx.tx, ctx.game.id, ctx.player?.id ?? '');
    case 'CAMPAIGN':
      return campaignAnswer(ctx.tx, ctx.game.id, ctx.player?.id ?? null);
    case 'CALENDAR':
      return calendarAnswer(ctx);
    default:
      return say(`${c.name} is a game master's command; it was ignored. HELP lists yours.`);
  }
}

/**
 * Why only the commands that change nothing are carried out: the envelope has mistakes, or the
 * game is not running (then the muster's READY is carried out too, SETUP_COMMANDS).
 */
export type ReadOnly = false | 'mistakes' | 'not-running';

/**
 * Answers the commands of a player's envelope in one mail. With `help` (an envelope of commands
 * only, with a word that is no command) the HELP text comes too, after the errors; with `readOnly`
 * only the commands that change nothing are carried out.
 */
export function answerCommands(
  ctx: CommandContext,
  commands: Command[],
  errors: OrderError[],
  help: boolean,
  readOnly: ReadOnly = false,
): void {
  const a = runCommands(ctx, commands, errors, help, readOnly);
  if (a) queueAnswer(ctx.deps, ctx.tx, a);
}

/** A command as written in an answer: a hook's address masked (docs/notifications.md "Addresses"). */
export const shownCommand = (c: Command): string => formatCommand(maskedCommand(c));

/** Carries out the commands and returns their answer mail, to be queued by the caller. */
export function runCommands(
  ctx: CommandContext,
  written: Command[],
  errors: OrderError[],
  help: boolean,
  readOnly: ReadOnly = false,
): AnswerInput | null {
  const { deps, tx, game, player } = ctx;
  if (!player) return null;
  const paragraphs: string[] = [];
  const sections: Section[] = [];
  // The same command written twice is answered once (bounded work and a bounded reply).
  const commands = [...new Map(written.map((c) => [formatCommand(c), c])).values()];
  if (commands.length < written.length)
    paragraphs.push(
      `Commands written more than once are answered once: ${[...new Set(written.map(shownCommand).filter((t, i, all) => all.indexOf(t) !== i))].join(', ')}.`,
    );
  const single = commands.length === 1 && !errors.length;
  // Bounded work and a bounded answer: once the answers weigh COMMANDS_BUDGET, the rest wait.
  let spent = 0;
  const unanswered: string[] = [];
  for (const c of commands) {
    if (spent > COMMANDS_BUDGET) {
      unanswered.push(shownCommand(c));
      continue;
    }
    if (readOnly && !READ_ONLY_COMMANDS.has(c.name) && !(readOnly === 'not-running' && SETUP_COMMANDS.has(c.name))) {
      paragraphs.push(
        `${shownCommand(c)}: not carried out, because ${readOnly === 'mistakes' ? 'the envelope has mistakes (below): nothing in it that changes the game counts' : 'the game is not running'}.`,
      );
      continue;
    }
    try {
      const a = deps.store.savepoint(() => playerCommand(ctx, c));
      spent +=
        (a.aside ?? 0) +
        a.paragraphs.reduce((n, p) => n + p.length, 0) +
        a.sections.reduce((n, x) => n + x.text.length, 0);
      if (single) paragraphs.push(...a.paragraphs);
      else if (a.paragraphs.length) paragraphs.push(`${shownCommand(c)}: ${a.paragraphs.join('\n')}`);
      sections.push(...a.sections);
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      paragraphs.push(`${shownCommand(c)}: ${e.message}`);
    }
  }
  if (unanswered.length)
    paragraphs.push(
      `Not carried out, because this answer is as long as one mail may be: ${unanswered.join(', ')}. Send them again in a later mail.`,
    );
  paragraphs.push(...errors.map((e) => e.message));
  if (help) sections.push({ heading: 'Commands', text: playerHelp(isQuickGame(tx, game.id), publicUrlOf(deps)) });
  const names = [...new Set(commands.map((c) => c.name))];
  return {
    to: player.email,
    game: tx.games.get(game.id) ?? game,
    player,
    inboundId: ctx.inboundId,
    replyTo: ctx.replyTo,
    title: names.length ? `answer to ${names.join(', ')}` : 'commands you can send',
    paragraphs,
    sections,
  };
}
