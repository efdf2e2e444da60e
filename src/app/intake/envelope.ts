/**
 * One orders envelope of a mail: who sent it (the secret or turn token authenticates), whether the
 * orders read and are legal for the turn (planAll, the same check the turn itself runs), then the
 * submission row and the acknowledgement, in the intake's transaction. A wrong secret changes
 * nothing and is told to the player's registered address only, at most once an hour (wrong-secrets.ts).
 */
import { overParagraphs } from './over.ts';
import { fogState, sideOfPlayer } from '../../core/spotting/fog.ts';
import { planAll } from '../../core/turn.ts';
import { checkFireOrders } from '../../core/combat/fire-check.ts';
import { checkQuickOrders } from '../../core/quick/game.ts';
import { quickPreviews } from '../views/quick.ts';
import type { Envelope, OrderError } from '../../orders/index.ts';
import { formatOrders } from '../../orders/index.ts';
import type { GameState } from '../../core/state.ts';
import type { Problem } from '../../core/result.ts';
import { problemLine, publicUrlOf } from '../words/doc-links.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { EnvelopeContext, EnvelopeOutcome } from './context.ts';
import { answerCommands, runCommands, shownCommand, type ReadOnly } from './commands.ts';
import { maskedCommand } from '../hooks/address.ts';
import { wrongSecret } from '../mail/wrong-secrets.ts';
import { replyUnasked } from '../mail/budget.ts';
import { askToConfirm } from '../setup/signup.ts';
import { queueAnswer } from '../mail/notify.ts';
import { TURN_TOKEN_RE } from '../ports/ids.ts';
import { forecast } from '../views/forecast.ts';
import { unitPreviews } from '../views/units.ts';
import { turnReadiness, warnedOrders } from '../game/deadlines.ts';
import { deadlineText } from '../game/settings.ts';
import { queueAck, queueNotice, type AckInput } from '../mail/messages.ts';
import type { GameRow, OrdersRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { previews } from '../views/sheet.ts';
import {
  ordersForPlayer,
  planesGone,
  goneWords,
  turnProblems,
  unreadPlotNotes,
  type PlayerOrders,
} from './player-orders.ts';
import { myUnits } from '../../core/outcome.ts';
import { readyEnvelope } from '../views/template.ts';
import { readPicks } from './picks.ts';
import { keptMenus } from '../game/menus.ts';

/** Parse errors of command lines and of words that are no order: they leave an envelope one of commands. */
const COMMAND_ERRORS: ReadonlySet<string> = new Set([
  'E_UNKNOWN_WORD',
  'E_COMMAND_ARGS',
  'E_BAD_NUMBER',
  'E_TOO_MANY_COMMANDS',
]);

/** The most problems listed in an acknowledgement and kept with the orders. */
const MAX_PROBLEMS = 100;

export type Auth = { ok: true; tokenTurn: number | null } | { ok: false };

/** The envelope's secret or turn token checked against the player's (one scrypt or one HMAC). */
export function authenticate(deps: AppDeps, env: Envelope, game: GameRow, player: PlayerRow): Auth {
  const m = TURN_TOKEN_RE.exec(env.secret.trim());
  if (m) {
    const turn = Number(m[1]);
    return deps.keys.verifyTurnToken(env.secret, game.id, player.id, turn)
      ? { ok: true, tokenTurn: turn }
      : { ok: false };
  }
  return env.secret && deps.keys.verifySecret(env.secret, player.secretHash)
    ? { ok: true, tokenTurn: null }
    : { ok: false };
}

/** `unread`: also the lines that could not be read, each marked with it (the acknowledgement's WHAT WAS READ). */
const masked = (env: Envelope, unread?: string): string =>
  formatOrders(
    [{ ...env, secret: '(secret)', commands: env.commands.map(maskedCommand) }],
    unread === undefined ? {} : { unread },
  );
const NOT_READ = '   <- not read: see WHAT IS WRONG';

/** The placeholder printed in place of a secret in the orders shown back (masked). */
const isPlaceholder = (secret: string): boolean => secret.trim().toLowerCase() === '(secret)';

/**
 * Handles one envelope; returns what became of it and the game to look at for a full turn.
 * `known`: the envelope's secret already checked by the caller (one scrypt per secret is enough).
 */
export function handleEnvelope(
  ctx: EnvelopeContext,
  env: Envelope,
  errors: OrderError[],
  known?: Auth,
): { outcome: EnvelopeOutcome; gameId?: string } {
  const { deps, tx, mail, inboundId } = ctx;
  const game = env.game ? tx.games.get(env.game) : undefined;
  const player = game && env.player ? tx.players.get(game.id, env.player) : undefined;
  const join = env.commands.find((c) => c.name === 'JOIN');
  const inbound = { mail, inboundId, limited: ctx.limited };
  if (
    game &&
    !player &&
    join &&
    mail.from &&
    askToConfirm(deps, tx, inbound, game, mail.from, env.player, join.args[0] ?? '')
  ) {
    return { outcome: 'join' };
  }
  const notice = (to: string, title: string, paragraphs: string[]) =>
    queueNotice(deps, tx, {
      to,
      game: game ?? null,
      player: player ?? null,
      title,
      paragraphs,
      inboundId,
      replyTo: mail.messageId,
      turn: game?.turn ?? null,
    });
  if (!game || !player) {
    if (ctx.senderKnown) tellUnknown(ctx, env, errors, game);
    return { outcome: 'unknown' };
  }
  const auth = known ?? authenticate(deps, env, game, player);
  if (!auth.ok && placeholderAnswered(ctx, env, game, player)) return { outcome: 'auth-failed' };
  if (!auth.ok) {
    deps.log.warn({ game: game.id, player: player.id, sender: mail.from }, 'orders with a wrong secret refused');
    wrongSecret(
      deps,
      tx,
      { recipient: player.email, gameId: game.id, playerId: player.id },
      { sender: mail.from, inboundId, replyTo: mail.messageId },
    );
    return { outcome: 'auth-failed' };
  }
  if (player.status === 'replaced') {
    notice(player.email, 'you no longer play in this game', [
      `The game master handed your planes in game '${game.id}' to another player; nothing in your mail was taken.`,
    ]);
    return { outcome: 'not-running' };
  }
  // Commands are answered in a mail of their own (commandsOnly says when an envelope is only that).
  const unknown = errors.some((e) => e.code === 'E_UNKNOWN_WORD');
  const answer = (help: boolean, readOnly: ReadOnly) =>
    answerCommands(
      { deps, tx, game, player, inboundId, replyTo: mail.messageId },
      env.commands,
      help ? errors : [],
      help && unknown,
      readOnly,
    );
  if (commandsOnly(env, errors)) {
    answer(true, errors.length > 0 ? 'mistakes' : false);
    return { outcome: 'commands', gameId: game.id };
  }
  if (game.status !== 'running') {
    // A game over: how it ended, its archive and what comes next (over.ts), as to a reply to its last report.
    notice(
      player.email,
      game.status === 'setup' ? 'the game has not started' : `game ${game.id} is over`,
      game.status === 'setup'
        ? [`Game '${game.id}' has not started yet; orders are taken from the welcome mail on. Nothing was changed.`]
        : overParagraphs(deps, tx, game, player),
    );
    if (env.commands.length) answer(false, 'not-running');
    return { outcome: 'not-running' };
  }
  const checked = checkOrders(ctx, env, errors, game, player, auth.tokenTurn);
  // The commands are carried out first, so that the acknowledgement tells the turn as they left it
  // (a WAIT holds it); their answer goes out after it.
  const reply =
    checked.accepted && env.commands.length
      ? runCommands({ deps, tx, game, player, inboundId, replyTo: mail.messageId }, env.commands, [], false)
      : null;
  // CONFIRM in the same envelope: the warnings were answered already.
  const confirmed = checked.accepted && env.commands.some((c) => c.name === 'CONFIRM');
  queueAck(deps, tx, {
    ...checked.ack,
    ...turnProgress(tx, game, deps.clock.now(), player),
    ...(confirmed ? { warned: false } : {}),
  });
  if (reply) queueAnswer(deps, tx, reply);
  return { outcome: checked.accepted ? 'accepted' : 'refused', gameId: game.id };
}

/** Orders for a game or player that is not here, from a registered address: told what this address plays in. */
function tellUnknown(ctx: EnvelopeContext, env: Envelope, errors: OrderError[], game: GameRow | undefined): void {
  const { deps, tx, mail, inboundId } = ctx;
  const what = !env.game
    ? 'The first line of the envelope names no game that could be read.'
    : !game
      ? `There is no game '${env.game}' here.`
      : `Game '${game.id}' has no player '${env.player}'.`;
  const mine = tx.players
    .byEmail(mail.from)
    .filter((p) => p.status !== 'replaced')
    .map((p) => `${p.gameId} as ${p.id}`);
  const title = 'orders for an unknown game or player';
  replyUnasked(
    deps,
    tx,
    { mail, inboundId, limited: ctx.limited },
    {
      kind: 'notice',
      to: mail.from,
      gameId: null,
      title,
      queue: (more) =>
        queueNotice(deps, tx, {
          to: mail.from,
          game: null,
          player: null,
          title,
          paragraphs: [
            `${what} The orders in your mail (line ${env.line}) were not read.`,
            mine.length ? `This address plays in: ${mine.join(', ')}.` : 'This address plays in no game at present.',
            'Copy the first line of the envelope from your latest report: it names the game, your player id and a turn token.',
            ...errors.filter((e) => e.line === env.line).map((e) => e.message),
            ...more,
          ],
          inboundId,
          replyTo: mail.messageId,
          turn: null,
        }),
    },
  );
}

/**
 * The "(secret)" the referee prints in WHAT WAS READ, copied back from the player's own address: a
 * placeholder, not a forgery; answered with the envelope as sent, its turn token put in. Not a proof
 * of identity (a From can be forged): it counts as unauthenticated mail, within the rate limits.
 * Returns whether it was so answered.
 */
function placeholderAnswered(ctx: EnvelopeContext, env: Envelope, game: GameRow, player: PlayerRow): boolean {
  const { deps, tx, mail, inboundId } = ctx;
  if (
    ctx.limited ||
    !isPlaceholder(env.secret) ||
    mail.from.toLowerCase() !== player.email.toLowerCase() ||
    game.status !== 'running'
  )
    return false;
  const ready = readyEnvelope(deps.keys, game, player.id, env);
  queueAnswer(deps, tx, {
    to: player.email,
    game,
    player,
    kind: 'notice',
    inboundId,
    replyTo: mail.messageId,
    title: `turn ${game.turn}: "(secret)" is a placeholder`,
    paragraphs: [
      `The envelope on line ${env.line} has "(secret)" where the secret goes: that is the placeholder the referee prints where it shows your orders back (under WHAT WAS READ), not your secret. Nothing in it was taken.`,
      "Below is the same envelope with this turn's token in place of the placeholder: check it and send it back (reply with it at the top; the rest may stay quoted). Or write your secret between the quotes.",
    ],
    sections: [{ heading: 'Ready to send', text: ready }],
  });
  return true;
}

/**
 * Commands are answered in a mail of their own, after the orders beside them are taken; an envelope
 * of commands only (or of words that are no command) brings no orders, and gets the HELP text when a
 * word was not understood. Nothing in a refused envelope takes effect: commands that change the game
 * (WAIT, NOWAIT, ZONE) are carried out only beside accepted orders or alone in an envelope without
 * mistakes. A plot or fire line that could not be read makes it an envelope of orders, refused.
 */
function commandsOnly(env: Envelope, errors: OrderError[]): boolean {
  const unknown = errors.some((e) => e.code === 'E_UNKNOWN_WORD');
  const ordersTried = errors.some((e) => !COMMAND_ERRORS.has(e.code));
  return (
    !env.plots.length &&
    !env.picks?.length &&
    !env.quick?.length &&
    !env.fire.length &&
    !env.moves?.length &&
    !env.initiative &&
    !ordersTried &&
    (env.commands.length > 0 || unknown)
  );
}

/** Who is still to send orders for the game's turn, and what else holds it. */
function turnProgress(
  tx: StoreTx,
  game: GameRow,
  now: number,
  player: PlayerRow,
): Pick<AckInput, 'waiting' | 'hold' | 'confirmMinutes' | 'confirmUntil'> {
  const settings = tx.control.get(game.id).settings;
  // The player's own orders with a WARNING: until when the turn waits for him, in both zones.
  const own = warnedOrders(tx, game, now, settings.confirmMinutes).find((o) => o.playerId === player.id);
  const ready = turnReadiness(tx, game, now);
  return {
    waiting: ready.missing.map((p) => p.id),
    hold: ready.hold,
    confirmMinutes: settings.confirmMinutes,
    confirmUntil: own ? deadlineText(own.until, settings.zone, player.zone) : null,
  };
}

/** The rules' problems with the player's orders: the quick game's moves, or the plots and moves (planAll) and fire orders. */
function rulesProblems(
  deps: AppDeps,
  state: GameState,
  seen: GameState,
  env: Envelope,
  own: PlayerOrders,
  player: PlayerRow,
): string[] {
  const problemText = (p: Problem): string => problemLine(p, publicUrlOf(deps));
  const { orders, moves, planes } = own;
  // Plots and moves are checked for the player's planes and units alone; fire orders against the
  // whole game (targets), as his side has identified it (docs/spotting.md): an unseen enemy is no
  // more a target than one that does not exist.
  if (state.quick) {
    // The quick game (seed 004): the moves of the player's aircraft, the weapons its FIRE lines name.
    const problems =
      env.plots.length || env.moves?.length
        ? [
            "this is a quick game: write each aircraft's move as SPEED and turns, e.g. S1: 2L1 (two SPEED forward, one clock point left, one forward)",
          ]
        : [];
    return [
      ...problems,
      ...checkQuickOrders({ ...state, planes }, orders.quick ?? {}, orders.fire, state).map(problemText),
    ];
  }
  // The player's units, and the decks his planes stand on (a carrier he does not command is still
  // where his plane launches from: core/ground/deck.ts).
  const units = [
    ...new Set([
      ...myUnits(state, player.planes),
      ...(state.units ?? []).filter((u) => planes.some((p) => p.ground?.deck === u.id)),
    ]),
  ];
  const checked = planAll(
    { ...state, planes, units },
    { plots: orders.plots, fire: [], ...(moves.length ? { moves } : {}) },
  );
  return [
    ...(checked.ok ? [] : checked.error.map(problemText)),
    ...checkFireOrders(seen, orders.fire).map(problemText),
  ];
}

/** A bounded acknowledgement (docs/orders.md "Limits"): 64 plots of 40 wrong boxes make thousands. */
function bounded(problems: string[]): string[] {
  if (problems.length <= MAX_PROBLEMS) return problems;
  const more = problems.length - MAX_PROBLEMS;
  return [
    ...problems.slice(0, MAX_PROBLEMS),
    `... and ${more} more problems, not listed: correct these and send the orders again`,
  ];
}

/**
 * The player's orders read (plans picked by letter stand for their plots: picks.ts), filtered to his
 * (player-orders.ts) and checked against the rules, the same check the turn itself runs; kept, with
 * what the acknowledgement says of them.
 */
function checkOrders(
  ctx: EnvelopeContext,
  written: Envelope,
  errors: OrderError[],
  game: GameRow,
  player: PlayerRow,
  tokenTurn: number | null,
): { accepted: boolean; ack: Omit<AckInput, 'waiting' | 'hold'> } {
  const { tx, mail } = ctx;
  const turnRow = tx.turns.get(game.id, game.turn);
  if (!turnRow) throw new Error(`game ${game.id} has no state for turn ${game.turn}`);
  const state = turnRow.state;
  // What the player's side has identified (docs/spotting.md): the menus of plans picked by letter,
  // and the fire orders, are read against it.
  const seen = fogState(state, sideOfPlayer(state, player.planes));
  // A line for one of the player's planes that is out of the fight is left aside, with a note.
  const gone = planesGone(state, player.planes);
  // The menus the player's mails showed him, kept (app/game/menus.ts): read, not worked out again.
  const menuOf = keptMenus(tx, game.id, seen);
  const picks = readPicks(
    seen,
    written,
    game.turn,
    tokenTurn ?? written.turn ?? null,
    player.planes,
    gone,
    (id) => goneWords(gone, id),
    menuOf,
  );
  const env = picks.env;
  const own = ordersForPlayer(state, seen, env, player.planes, gone);
  const problems = bounded([
    ...errors.map((e) => e.message),
    ...turnProblems(env, game.turn, tokenTurn),
    ...picks.problems,
    ...own.problems,
    ...rulesProblems(ctx.deps, state, seen, env, own, player),
  ]);
  const accepted = problems.length === 0;
  const notes = [
    ...env.commands.map((c) =>
      accepted
        ? `${shownCommand(c)} (line ${c.line}): answered in a mail of its own`
        : `${shownCommand(c)} (line ${c.line}): not carried out: nothing in a refused envelope counts`,
    ),
    ...picks.notes,
    ...own.notes,
    ...unreadPlotNotes(env, player.planes, !!state.quick),
    ...mail.notes,
  ];
  const shown = !accepted
    ? []
    : state.quick
      ? quickPreviews(state, own.orders.quick ?? {}, player.planes)
      : previews(seen, own.orders.plots, player.planes, own.moves, menuOf);
  const { earlier, canonical, warnings } = recordOrders(ctx, game, player, env, own, problems, shown);
  return {
    accepted,
    ack: {
      game,
      player,
      turn: game.turn,
      accepted,
      earlier,
      same: accepted && earlier?.canonical === canonical,
      canonical: masked(env, NOT_READ),
      problems,
      previews: shown,
      state: seen,
      warned: warnings.length > 0,
      forecast: accepted && !state.quick ? forecast(seen, own.orders, player.planes) : '',
      unitMoves: accepted && !state.quick ? unitPreviews(state, own.moves, player.planes) : [],
      defaulted: accepted ? defaulted(state, own) : [],
      picked: accepted ? picks.picked : [],
      ways: picks.menu,
      notes,
      inboundId: ctx.inboundId,
      replyTo: mail.messageId,
      sender: mail.from,
      ready: readyToSend(ctx, game, player, env, accepted, warnings.length > 0),
    },
  };
}

/** The player's planes still flying that these orders leave to the default (no plot, no quick move). */
function defaulted(state: GameState, own: PlayerOrders): string[] {
  return state.quick
    ? own.planes.filter((p) => !own.orders.quick?.[p.id]).map((p) => p.id)
    : own.planes.filter((p) => !own.orders.plots[p.id] && !p.ground).map((p) => p.id);
}

/** The submission's row (accepted or refused), beside the player's orders that stood before it. */
function recordOrders(
  ctx: EnvelopeContext,
  game: GameRow,
  player: PlayerRow,
  env: Envelope,
  own: PlayerOrders,
  problems: string[],
  shown: AckInput['previews'],
): { earlier: OrdersRow | null; canonical: string; warnings: string[] } {
  const { deps, tx, inboundId } = ctx;
  const accepted = problems.length === 0;
  const earlier = tx.orders.latestAccepted(game.id, game.turn).get(player.id) ?? null;
  const canonical = masked(env);
  // The previews' warnings hold the turn these orders complete (deadlines.ts warnedOrders).
  const warnings = shown.flatMap((p) => (p.warning ? [p.warning] : []));
  tx.orders.insert({
    gameId: game.id,
    playerId: player.id,
    turn: game.turn,
    inboundId,
    submittedAt: deps.clock.now(),
    accepted,
    canonical,
    orders: own.orders,
    problems,
    warnings,
  });
  deps.log.debug(
    {
      game: game.id,
      player: player.id,
      turn: game.turn,
      accepted,
      problems: problems.length,
      replaced: !!earlier && accepted,
    },
    accepted ? 'orders accepted' : 'orders refused',
  );
  return { earlier, canonical, warnings };
}

/**
 * A refusal the player can answer: his envelope as sent, this turn's token in it, the lines that
 * could not be read kept as written, ready to correct and send back. Accepted with a WARNING: the
 * same orders with CONFIRM, ready to send (messages.ts keeps it only where the game holds the turn
 * for a confirmation).
 */
function readyToSend(
  ctx: EnvelopeContext,
  game: GameRow,
  player: PlayerRow,
  env: Envelope,
  accepted: boolean,
  warned: boolean,
): string {
  const keys = ctx.deps.keys;
  if (game.status !== 'running') return '';
  if (!accepted) return readyEnvelope(keys, game, player.id, env, { unread: '' });
  if (!warned) return '';
  return readyEnvelope(keys, game, player.id, {
    ...env,
    commands: [...env.commands.filter((c) => c.name !== 'CONFIRM'), { name: 'CONFIRM', args: [], line: 0 }],
  });
}
