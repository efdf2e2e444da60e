/**
 * One orders envelope of a mail: who sent it (the secret or turn token authenticates), whether the
 * orders read and are legal for the turn (planAll, the same check the turn itself runs), then the
 * submission row and the acknowledgement, in the intake's transaction. A wrong secret changes
 * nothing and is told to the player's registered address only.
 */
import { planAll, type TurnOrders } from '../core/turn.ts';
import { checkFireOrders } from '../core/combat/fire-check.ts';
import type { Envelope, OrderError } from '../orders/index.ts';
import { formatOrders } from '../orders/index.ts';
import type { AppDeps } from './deps.ts';
import type { IncomingMail } from './incoming.ts';
import { answerCommands, answerJoin } from './commands.ts';
import { GM_ID } from './games.ts';
import { forecast } from './forecast.ts';
import { handleGmEnvelope } from './gm-commands.ts';
import { queueAck, queueNotice } from './messages.ts';
import type { GameRow, PlayerRow, StoreTx } from './ports.ts';
import { flying, myPlanes, previews } from './views.ts';

export type EnvelopeOutcome = 'accepted' | 'refused' | 'auth-failed' | 'unknown' | 'not-running' | 'commands' | 'join';

export interface EnvelopeContext {
  deps: AppDeps;
  tx: StoreTx;
  mail: IncomingMail;
  inboundId: number;
  /** Whether the sender's address is registered for some player (notices only go to such). */
  senderKnown: boolean;
}

const TOKEN_SHAPE = /^t(\d{1,4})-[0-9a-f]{24}$/i;

type Auth = { ok: true; tokenTurn: number | null } | { ok: false };

function authenticate(deps: AppDeps, env: Envelope, game: GameRow, player: PlayerRow): Auth {
  const m = TOKEN_SHAPE.exec(env.secret.trim());
  if (m) {
    const turn = Number(m[1]);
    return deps.keys.verifyTurnToken(env.secret, game.id, player.id, turn) ? { ok: true, tokenTurn: turn } : { ok: false };
  }
  return env.secret && deps.keys.verifySecret(env.secret, player.secretHash) ? { ok: true, tokenTurn: null } : { ok: false };
}

const masked = (env: Envelope): string => formatOrders([{ ...env, secret: '(secret)', commands: env.commands }]);

function problemText(p: { message: string; plane?: string; box?: number; rule?: string }): string {
  const where = p.plane && !p.message.startsWith(p.plane) ? `${p.plane}${p.box ? `, box ${p.box}` : ''}: ` : '';
  return `${where}${p.message}${p.rule ? ` [${p.rule}]` : ''}`;
}

/** Handles one envelope; returns what became of it and the game to look at for a full turn. */
export function handleEnvelope(ctx: EnvelopeContext, env: Envelope, errors: OrderError[]): { outcome: EnvelopeOutcome; gameId?: string } {
  const { deps, tx, mail, inboundId } = ctx;
  if (env.player === GM_ID) return handleGmEnvelope(ctx, env, errors);
  const game = env.game ? tx.games.get(env.game) : undefined;
  const player = game && env.player ? tx.players.get(game.id, env.player) : undefined;
  const join = env.commands.find((c) => c.name === 'JOIN');
  if (game && !player && join && mail.from && answerJoin({ deps, tx, game, from: mail.from, inboundId, replyTo: mail.messageId }, env.player, join.args[0] ?? '')) {
    return { outcome: 'join' };
  }
  const notice = (to: string, title: string, paragraphs: string[], g: GameRow | null = game ?? null, p: PlayerRow | null = player ?? null) =>
    queueNotice(deps, tx, { to, game: g, player: p, title, paragraphs, inboundId, replyTo: mail.messageId, turn: g?.turn ?? null });

  if (!game || !player) {
    if (ctx.senderKnown) {
      const what = !env.game ? 'The first line of the envelope names no game that could be read.' : !game ? `There is no game '${env.game}' here.` : `Game '${game.id}' has no player '${env.player}'.`;
      notice(mail.from, 'orders for an unknown game or player', [
        `${what} The orders in your mail (line ${env.line}) were not read.`,
        'Copy the first line of the envelope from your latest report: it names the game, your player id and a turn token.',
        ...errors.filter((e) => e.line === env.line).map((e) => e.message),
      ], null, null);
    }
    return { outcome: 'unknown' };
  }
  const auth = authenticate(deps, env, game, player);
  if (!auth.ok) {
    notice(player.email, 'orders with a wrong secret were refused', [
      `A mail from ${mail.from || 'an unknown sender'}${mail.subject ? ` (subject "${mail.subject.slice(0, 80)}")` : ''} carried orders for player '${player.id}' in game '${game.id}' with a wrong secret or turn token. Nothing was changed.`,
      'If you sent it: copy the first line of the envelope in your latest report (its turn token is valid for the current turn only), or use your secret.',
      'If you did not send it, someone tried to send orders in your name. They did not have your secret; nothing needs doing.',
    ]);
    deps.log.warn({ game: game.id, player: player.id, sender: mail.from }, 'orders with a wrong secret refused');
    return { outcome: 'auth-failed' };
  }
  if (player.status === 'replaced') {
    notice(player.email, 'you no longer play in this game', [`The game master handed your planes in game '${game.id}' to another player; nothing in your mail was taken.`]);
    return { outcome: 'not-running' };
  }
  // Commands are answered in a mail of their own, after the orders beside them are taken; an
  // envelope of commands only (or of words that are no command) brings no orders, and gets the
  // HELP text when a word was not understood.
  const unknown = errors.some((e) => e.code === 'E_UNKNOWN_WORD');
  const commandsOnly = !env.plots.length && !env.fire.length && (env.commands.length > 0 || unknown);
  const answer = (help: boolean) =>
    answerCommands({ deps, tx, game, player, inboundId, replyTo: mail.messageId }, env.commands, help ? errors : [], help && unknown);
  if (commandsOnly) {
    answer(true);
    return { outcome: 'commands', gameId: game.id };
  }
  let result: { outcome: EnvelopeOutcome; gameId?: string };
  if (game.status !== 'running') {
    notice(player.email, game.status === 'setup' ? 'the game has not started' : 'the game is over', [
      game.status === 'setup'
        ? `Game '${game.id}' has not started yet; orders are taken from the welcome mail on. Nothing was changed.`
        : `Game '${game.id}' is over; no more orders are taken.`,
    ]);
    result = { outcome: 'not-running' };
  } else {
    result = checkOrders(ctx, env, errors, game, player, auth.tokenTurn);
  }
  if (env.commands.length) answer(false);
  return result;
}

function checkOrders(ctx: EnvelopeContext, env: Envelope, errors: OrderError[], game: GameRow, player: PlayerRow, tokenTurn: number | null): { outcome: EnvelopeOutcome; gameId: string } {
  const { deps, tx, mail, inboundId } = ctx;
  const turnRow = tx.turns.get(game.id, game.turn);
  if (!turnRow) throw new Error(`game ${game.id} has no state for turn ${game.turn}`);
  const state = turnRow.state;
  const problems: string[] = errors.map((e) => e.message);
  if (tokenTurn !== null && tokenTurn !== game.turn) {
    problems.push(`this envelope's turn token is for turn ${tokenTurn}; the game is at turn ${game.turn}. Copy the first line of the envelope in your latest report, or use your secret`);
  }
  if (env.turn !== undefined && env.turn !== game.turn) {
    problems.push(`these orders say TURN ${env.turn}; the game is at turn ${game.turn}. Remove the TURN line or write TURN ${game.turn}`);
  }
  const mine = new Set(player.planes);
  for (const p of env.plots) if (!mine.has(p.plane)) problems.push(`${p.plane} is not one of your planes (${player.planes.join(', ')}); its plot was not taken`);
  for (const f of env.fire) if (!mine.has(f.plane)) problems.push(`${f.plane} is not one of your planes (${player.planes.join(', ')}); its fire order was not taken`);
  const orders: TurnOrders = { plots: {}, fire: env.fire.filter((f) => mine.has(f.plane)) };
  for (const p of env.plots) if (mine.has(p.plane)) orders.plots[p.plane] = p;
  const planes = flying(myPlanes(state, player.planes));
  // Plots are checked for the player's planes alone; fire orders against the whole game (targets).
  const checked = planAll({ ...state, planes }, { plots: orders.plots, fire: [] });
  if (!checked.ok) problems.push(...checked.error.map(problemText));
  problems.push(...checkFireOrders(state, orders.fire).map(problemText));
  const notes = env.commands.map((c) => `${c.name} (line ${c.line}): answered in a mail of its own`);
  notes.push(...mail.notes);
  const accepted = problems.length === 0;
  const earlier = tx.orders.latestAccepted(game.id, game.turn).get(player.id) ?? null;
  const canonical = masked(env);
  tx.orders.insert({
    gameId: game.id, playerId: player.id, turn: game.turn, inboundId, submittedAt: deps.clock.now(), accepted,
    canonical, orders, problems,
  });
  const latest = tx.orders.latestAccepted(game.id, game.turn);
  const waiting = tx.players.list(game.id)
    .filter((p) => !latest.has(p.id) && flying(myPlanes(state, p.planes)).length > 0)
    .map((p) => p.id);
  queueAck(deps, tx, {
    game, player, turn: game.turn, accepted, earlier, canonical, problems,
    previews: accepted ? previews(state, orders.plots, player.planes) : [],
    forecast: accepted ? forecast(state, orders, player.planes) : '',
    defaulted: accepted ? planes.filter((p) => !orders.plots[p.id]).map((p) => p.id) : [],
    waiting, notes, inboundId, replyTo: mail.messageId, sender: mail.from,
  });
  deps.log.debug({ game: game.id, player: player.id, turn: game.turn, accepted, problems: problems.length, replaced: !!earlier && accepted }, accepted ? 'orders accepted' : 'orders refused');
  return { outcome: accepted ? 'accepted' : 'refused', gameId: game.id };
}

