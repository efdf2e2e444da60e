/**
 * One orders envelope of a mail: who sent it (the secret or turn token authenticates), whether the
 * orders read and are legal for the turn (planAll, the same check the turn itself runs), then the
 * submission row and the acknowledgement, in the intake's transaction. A wrong secret changes
 * nothing and is told to the player's registered address only, at most once an hour (attacks.ts).
 */
import { overParagraphs } from './over.ts';
import { fogState, sideOfPlayer } from '../../core/spotting/fog.ts';
import { planAll, type TurnOrders } from '../../core/turn.ts';
import { checkFireOrders } from '../../core/combat/fire-check.ts';
import { checkQuickOrders } from '../../core/quick/game.ts';
import { quickPreviews } from '../views/quick.ts';
import type { Envelope, OrderError } from '../../orders/index.ts';
import { formatFireOrder, formatMoveOrder, formatOrders } from '../../orders/index.ts';
import type { PlaneStatus } from '../../core/state.ts';
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
import { GM_ID, TURN_TOKEN_RE } from '../ports/ids.ts';
import { forecast } from '../views/forecast.ts';
import { unitPreviews } from '../views/units.ts';
import { unitGoneWords } from '../../core/units/plan.ts';
import type { UnitState } from '../../core/units/types.ts';
import { handleGmEnvelope } from './gm-envelope.ts';
import { turnReadiness, warnedOrders } from '../game/deadlines.ts';
import { deadlineText } from '../game/settings.ts';
import { queueAck, queueNotice, type AckInput } from '../mail/messages.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { firesAtPlaneGone, previews } from '../views/sheet.ts';
import { flying, myPlanes, myUnits } from '../../core/outcome.ts';
import { readyEnvelope } from '../views/template.ts';
import { readPicks } from './picks.ts';

/** A plane out of the fight, as a player reads it. */
const STATUS_WORDS: Record<PlaneStatus, string> = {
  flying: 'flying',
  'shot-down': 'shot down',
  'bailed-out': 'lost: its crew bailed out',
  crashed: 'lost: it crashed',
  exited: 'off the map',
};

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
  if (env.player === GM_ID) return handleGmEnvelope(ctx, env, errors);
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
  const notice = (
    to: string,
    title: string,
    paragraphs: string[],
    g: GameRow | null = game ?? null,
    p: PlayerRow | null = player ?? null,
  ) =>
    queueNotice(deps, tx, {
      to,
      game: g,
      player: p,
      title,
      paragraphs,
      inboundId,
      replyTo: mail.messageId,
      turn: g?.turn ?? null,
    });

  if (!game || !player) {
    if (ctx.senderKnown) {
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
      replyUnasked(deps, tx, inbound, {
        kind: 'notice',
        to: mail.from,
        gameId: null,
        title,
        queue: (more) =>
          notice(
            mail.from,
            title,
            [
              `${what} The orders in your mail (line ${env.line}) were not read.`,
              mine.length ? `This address plays in: ${mine.join(', ')}.` : 'This address plays in no game at present.',
              'Copy the first line of the envelope from your latest report: it names the game, your player id and a turn token.',
              ...errors.filter((e) => e.line === env.line).map((e) => e.message),
              ...more,
            ],
            null,
            null,
          ),
      });
    }
    return { outcome: 'unknown' };
  }
  const auth = known ?? authenticate(deps, env, game, player);
  // The "(secret)" the referee prints in WHAT WAS READ, copied back from the player's own address:
  // a placeholder, not a forgery; answered with the envelope as sent, its turn token put in.
  // Not a proof of identity (a From can be forged): it counts as unauthenticated mail, within the rate limits.
  if (
    !auth.ok &&
    !ctx.limited &&
    isPlaceholder(env.secret) &&
    mail.from.toLowerCase() === player.email.toLowerCase() &&
    game.status === 'running'
  ) {
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
    return { outcome: 'auth-failed' };
  }
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
  // Commands are answered in a mail of their own, after the orders beside them are taken; an
  // envelope of commands only (or of words that are no command) brings no orders, and gets the
  // HELP text when a word was not understood. Nothing in a refused envelope takes effect: commands
  // that change the game (WAIT, NOWAIT, ZONE) are carried out only beside accepted orders or alone
  // in an envelope without mistakes. A plot or fire line that could not be read makes it an
  // envelope of orders, refused.
  const unknown = errors.some((e) => e.code === 'E_UNKNOWN_WORD');
  const ordersTried = errors.some((e) => !COMMAND_ERRORS.has(e.code));
  const commandsOnly =
    !env.plots.length &&
    !env.picks?.length &&
    !env.quick?.length &&
    !env.fire.length &&
    !env.moves?.length &&
    !env.initiative &&
    !ordersTried &&
    (env.commands.length > 0 || unknown);
  const answer = (help: boolean, readOnly: ReadOnly) =>
    answerCommands(
      { deps, tx, game, player, inboundId, replyTo: mail.messageId },
      env.commands,
      help ? errors : [],
      help && unknown,
      readOnly,
    );
  if (commandsOnly) {
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

function checkOrders(
  ctx: EnvelopeContext,
  written: Envelope,
  errors: OrderError[],
  game: GameRow,
  player: PlayerRow,
  tokenTurn: number | null,
): { accepted: boolean; ack: Omit<AckInput, 'waiting' | 'hold'> } {
  const { deps, tx, mail, inboundId } = ctx;
  const turnRow = tx.turns.get(game.id, game.turn);
  if (!turnRow) throw new Error(`game ${game.id} has no state for turn ${game.turn}`);
  const state = turnRow.state;
  // What the player's side has identified (docs/spotting.md): the menus of plans picked by letter,
  // and the fire orders, are read against it.
  const seen = fogState(state, sideOfPlayer(state, player.planes));
  const mine = new Set(player.planes);
  // A line for one of the player's planes that is out of the fight is left aside, with a note.
  const gone = new Map(
    state.planes.filter((p) => mine.has(p.id) && p.status !== 'flying').map((p) => [p.id, p.status]),
  );
  const goneNote = (id: string, what: string) =>
    `${id} is ${STATUS_WORDS[gone.get(id) as PlaneStatus]}: its ${what} was left aside`;
  // Plans picked by letter (R1 PLAN C) stand for their plots from here on (picks.ts).
  const picks = readPicks(
    seen,
    written,
    game.turn,
    tokenTurn ?? written.turn ?? null,
    player.planes,
    gone,
    (id) => `${id} is ${STATUS_WORDS[gone.get(id) as PlaneStatus]}`,
  );
  const env = picks.env;
  const problemText = (p: Problem): string => problemLine(p, publicUrlOf(deps));
  const problems: string[] = errors.map((e) => e.message);
  if (tokenTurn !== null && tokenTurn !== game.turn) {
    problems.push(
      `this envelope's turn token is for turn ${tokenTurn}; the game is at turn ${game.turn}. Copy the first line of the envelope in your latest report, or use your secret`,
    );
  }
  if (env.turn !== undefined && env.turn !== game.turn) {
    problems.push(
      `these orders say TURN ${env.turn}; the game is at turn ${game.turn}. Remove the TURN line or write TURN ${game.turn}`,
    );
  }
  problems.push(...picks.problems);
  for (const p of env.plots)
    if (!mine.has(p.plane))
      problems.push(`${p.plane} is not one of your planes (${player.planes.join(', ')}); its plot was not taken`);
  for (const f of env.fire)
    if (!mine.has(f.plane))
      problems.push(`${f.plane} is not one of your planes (${player.planes.join(', ')}); its fire order was not taken`);
  for (const m of env.moves ?? [])
    if (!mine.has(m.unit))
      problems.push(`${m.unit} is not one of your units (${player.planes.join(', ')}); its MOVE order was not taken`);
  // A MOVE line for one of the player's units that has left the game is left aside, with a note.
  const unitsGone = new Map(
    (state.units ?? []).filter((u) => mine.has(u.id) && u.status !== 'active').map((u) => [u.id, u]),
  );
  const goneMoves = (env.moves ?? []).filter((m) => unitsGone.has(m.unit));
  const moves = (env.moves ?? []).filter((m) => mine.has(m.unit) && !unitsGone.has(m.unit));
  const gonePlots = env.plots.filter((p) => gone.has(p.plane));
  const goneFire = env.fire.filter((f) => gone.has(f.plane));
  const orders: TurnOrders = {
    plots: {},
    fire: env.fire.filter((f) => mine.has(f.plane) && !gone.has(f.plane)),
    ...(moves.length ? { moves } : {}),
  };
  // INITIATIVE FIRST/LAST: the side's standing choice in a two-phase game (seed 003, docs/orders.md).
  if (env.initiative) {
    if (state.options.sequence !== 'two-phase')
      problems.push(
        `INITIATIVE ${env.initiative.toUpperCase()}: this game is played in twelve impulses (seed 000), where nobody rolls for initiative; leave the line out`,
      );
    else {
      const side = sideOfPlayer(state, player.planes);
      if (side) orders.initiative = { [side]: env.initiative };
    }
  }
  for (const p of env.plots) if (mine.has(p.plane) && !gone.has(p.plane)) orders.plots[p.plane] = p;
  // The quick game's moves (seed 004, `S1: 2L1`): the player's own aircraft still flying.
  for (const q of env.quick ?? [])
    if (!mine.has(q.plane))
      problems.push(`${q.plane} is not one of your aircraft (${player.planes.join(', ')}); its move was not taken`);
  const quickMoves = (env.quick ?? []).filter((q) => mine.has(q.plane) && !gone.has(q.plane));
  if (quickMoves.length) orders.quick = Object.fromEntries(quickMoves.map((q) => [q.plane, q.steps]));
  // Fire orders are checked, previewed and forecast against what the player's side has identified
  // (docs/spotting.md): an unseen enemy is no more a target than one that does not exist.
  const deadTargets = orders.fire.filter((f) => firesAtPlaneGone(seen, f));
  const planes = flying(myPlanes(state, player.planes));
  // Plots and moves are checked for the player's planes and units alone; fire orders against the whole game (targets).
  if (state.quick) {
    // The quick game (seed 004): the moves of the player's aircraft, the weapons its FIRE lines name.
    if (env.plots.length || env.moves?.length)
      problems.push(
        "this is a quick game: write each aircraft's move as SPEED and turns, e.g. S1: 2L1 (two SPEED forward, one clock point left, one forward)",
      );
    problems.push(...checkQuickOrders({ ...state, planes }, orders.quick ?? {}, orders.fire, state).map(problemText));
  } else {
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
    if (!checked.ok) problems.push(...checked.error.map(problemText));
    problems.push(...checkFireOrders(seen, orders.fire).map(problemText));
  }
  const accepted = problems.length === 0;
  // A bounded acknowledgement (docs/orders.md "Limits"): 64 plots of 40 wrong boxes make thousands.
  if (problems.length > MAX_PROBLEMS) {
    const more = problems.length - MAX_PROBLEMS;
    problems.splice(
      MAX_PROBLEMS,
      more,
      `... and ${more} more problems, not listed: correct these and send the orders again`,
    );
  }
  const notes = env.commands.map((c) =>
    accepted
      ? `${shownCommand(c)} (line ${c.line}): answered in a mail of its own`
      : `${shownCommand(c)} (line ${c.line}): not carried out: nothing in a refused envelope counts`,
  );
  notes.push(
    ...picks.notes,
    ...gonePlots.map((p) => goneNote(p.plane, 'plot')),
    ...goneFire.map((f) => goneNote(f.plane, `fire order ${formatFireOrder(f)}`)),
  );
  notes.push(
    ...goneMoves.map(
      (m) => `${m.unit} ${unitGoneWords(unitsGone.get(m.unit) as UnitState)}: its ${formatMoveOrder(m)} was left aside`,
    ),
  );
  notes.push(
    ...deadTargets.map(
      (f) => `${formatFireOrder(f)}: ${f.target.toUpperCase()} is out of the fight, so this order cannot fire`,
    ),
  );
  // A plot that could not be read is not checked against the rules either: say so, so that a
  // corrected plot refused for a bank or a turn mode next time is no surprise.
  const unreadPlots = [
    ...new Set(
      (env.unread ?? []).flatMap((u) => {
        const m = /^\s*(?:PLOT\s+)?([A-Za-z0-9_-]{1,16})\s*:/i.exec(u.text);
        return m && mine.has((m[1] as string).toUpperCase()) ? [(m[1] as string).toUpperCase()] : [];
      }),
    ),
  ];
  notes.push(
    ...unreadPlots.map((id) =>
      state.quick
        ? `${id}'s move could not be read, so it was not checked against the rules (SPEED, turns) yet: correct it, and the next acknowledgement checks it whole`
        : `${id}'s plot could not be read, so it was not checked against the rules (banks, turn modes, climb and dive, power) yet: correct it, and the next acknowledgement checks it whole`,
    ),
  );
  notes.push(...mail.notes);
  const earlier = tx.orders.latestAccepted(game.id, game.turn).get(player.id) ?? null;
  const canonical = masked(env);
  const shown = !accepted
    ? []
    : state.quick
      ? quickPreviews(state, orders.quick ?? {}, player.planes)
      : previews(seen, orders.plots, player.planes, moves);
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
    orders,
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
      forecast: accepted && !state.quick ? forecast(seen, orders, player.planes) : '',
      unitMoves: accepted && !state.quick ? unitPreviews(state, moves, player.planes) : [],
      defaulted: !accepted
        ? []
        : state.quick
          ? planes.filter((p) => !orders.quick?.[p.id]).map((p) => p.id)
          : planes.filter((p) => !orders.plots[p.id] && !p.ground).map((p) => p.id),
      picked: accepted ? picks.picked : [],
      ways: picks.menu,
      notes,
      inboundId,
      replyTo: mail.messageId,
      sender: mail.from,
      // A refusal the player can answer: his envelope as sent, this turn's token in it, the lines
      // that could not be read kept as written, ready to correct and send back.
      // Accepted with a WARNING: the same orders with CONFIRM, ready to send (messages.ts keeps it
      // only where the game holds the turn for a confirmation).
      ready:
        game.status !== 'running'
          ? ''
          : !accepted
            ? readyEnvelope(deps.keys, game, player.id, env, { unread: '' })
            : warnings.length
              ? readyEnvelope(deps.keys, game, player.id, {
                  ...env,
                  commands: [
                    ...env.commands.filter((c) => c.name !== 'CONFIRM'),
                    { name: 'CONFIRM', args: [], line: 0 },
                  ],
                })
              : '',
    },
  };
}
