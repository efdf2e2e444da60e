/**
 * The envelopes of a mail, grouped by game and player: of each group one envelope counts (duplicates.ts
 * chooses), or the player is asked which (two different edited envelopes) or whether his lines outside
 * the envelope count (outside.ts); the chosen one goes to its handler (envelope.ts).
 */
import { formatOrders, type Envelope, type OrderError, type ParseResult } from '../../orders/index.ts';
import { GM_ID } from '../ports/ids.ts';
import type { AppDeps } from '../ports/deps.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';
import { queueAnswer } from '../mail/notify.ts';
import { quotedOrders, when } from '../words/text.ts';
import { chooseEnvelope, onlyCopies, refereeCopies } from './duplicates.ts';
import { askOutside } from './outside.ts';
import { type Auth, authenticate } from './envelope.ts';
import type { EnvelopeContext, EnvelopeOutcome } from './context.ts';

type Result = { outcome: EnvelopeOutcome; gameId?: string };

/** The handler of the envelope that counts (intake.ts routes: the game master's, or a player's). */
export type EnvelopeHandler = (ctx: EnvelopeContext, env: Envelope, errors: OrderError[], known?: Auth) => Result;

/**
 * Every group of the mail's envelopes handled; null for list mail none of whose groups begins with a
 * player's envelope with a right secret or token (only those are taken from a list).
 */
export function handleEnvelopes(
  ctx: EnvelopeContext,
  parsed: ParseResult,
  listed: boolean,
  handleEnvelope: EnvelopeHandler,
): Result[] | null {
  const { deps, tx } = ctx;
  // List mail: the groups of envelopes whose first is a player's with a right secret or token
  // (checked once: handleEnvelope is given the answer, as it is of any secret checked here).
  const listAuth = new Map<Envelope, Auth>();
  const groups = groupEnvelopes(parsed.envelopes).filter((group) => {
    if (!listed) return true;
    const env = parsed.envelopes[group[0] as number] as Envelope;
    const game = env.game ? tx.games.get(env.game) : undefined;
    const player = game && env.player !== GM_ID ? tx.players.get(game.id, env.player) : undefined;
    if (!game || !player || player.status === 'replaced') return false;
    const auth = authenticate(deps, env, game, player);
    listAuth.set(env, auth);
    return auth.ok;
  });
  if (!groups.length) return null;
  return groups.flatMap((group) => handleGroup(ctx, parsed, group, listAuth, handleEnvelope));
}

/** One group: the envelope that counts handled, or the player asked. */
function handleGroup(
  ctx: EnvelopeContext,
  parsed: ParseResult,
  group: number[],
  listAuth: Map<Envelope, Auth>,
  handleEnvelope: EnvelopeHandler,
): Result[] {
  const { deps, tx, mail } = ctx;
  const outside = parsed.outside ?? [];
  const env = parsed.envelopes[group[0] as number] as Envelope;
  const errorsOf = (i: number) => parsed.errors.filter((e) => e.envelope === i);
  const game = env.game ? tx.games.get(env.game) : undefined;
  const player = game && env.player !== GM_ID ? tx.players.get(game.id, env.player) : undefined;
  // Unknown games and players, and the GM's envelope: the first of the group counts.
  const choice =
    game && player
      ? chooseEnvelope(parsed.envelopes, group, errorsOf, () => refereeCopies(tx, game.id, player.id, game.turn))
      : {
          chosen: group[0] as number,
          ambiguous: [],
          notes: group
            .slice(1)
            .map(
              (i) =>
                `the envelope on line ${(parsed.envelopes[i] as Envelope).line} is for the same game and player as the one on line ${env.line}; only the first envelope counts, so it was ignored`,
            ),
        };
  if (choice.chosen === null && game && player) {
    // The player is asked only when one of the envelopes is his (a right secret or token);
    // else they are orders with a wrong secret, like any other.
    const secrets = [...new Map(choice.ambiguous.map((e) => [e.secret.trim(), e])).values()];
    const own = secrets.some((e) => authenticate(deps, e, game, player).ok);
    if (!own) return [handleEnvelope(ctx, choice.ambiguous[0] as Envelope, [], { ok: false })];
    askWhichEnvelope(deps, tx, {
      game,
      player,
      envelopes: choice.ambiguous,
      inboundId: ctx.inboundId,
      replyTo: mail.messageId,
    });
    return [{ outcome: 'refused' as const, gameId: game.id }];
  }
  // The only envelope an unchanged copy of a template the referee sent, and orders outside it:
  // which count? Nothing is taken; the player is asked (when the envelope is his).
  if (
    outside.length &&
    game &&
    player &&
    onlyCopies(parsed.envelopes, group, errorsOf, () => refereeCopies(tx, game.id, player.id, game.turn)) &&
    authOnce(listAuth, deps, env, game, player).ok
  ) {
    askOutside(deps, tx, { game, player, envelope: env, outside, inboundId: ctx.inboundId, replyTo: mail.messageId });
    return [{ outcome: 'refused' as const, gameId: game.id }];
  }
  const i = choice.chosen as number;
  const chosen = parsed.envelopes[i] as Envelope;
  return [
    handleEnvelope(
      { ...ctx, mail: { ...ctx.mail, notes: [...ctx.mail.notes, ...choice.notes] } },
      chosen,
      errorsOf(i),
      listAuth.get(chosen),
    ),
  ];
}

/** An envelope's secret checked once (one scrypt): kept in `known`, which the envelope's handler is given. */
function authOnce(known: Map<Envelope, Auth>, deps: AppDeps, env: Envelope, game: GameRow, player: PlayerRow): Auth {
  let auth = known.get(env);
  if (!auth) known.set(env, (auth = authenticate(deps, env, game, player)));
  return auth;
}

/** The envelopes of a mail grouped by game and player (indexes, in mail order). */
function groupEnvelopes(envelopes: readonly Envelope[]): number[][] {
  const groups = new Map<string, number[]>();
  envelopes.forEach((e, i) => {
    const key = `${e.game.toLowerCase()} ${e.player.toLowerCase()}`;
    groups.set(key, [...(groups.get(key) ?? []), i]);
  });
  return [...groups.values()];
}

/** Two different edited envelopes for one player: nothing counts, and the player is asked. */
function askWhichEnvelope(
  deps: AppDeps,
  tx: StoreTx,
  a: { game: GameRow; player: PlayerRow; envelopes: Envelope[]; inboundId: number; replyTo: string },
): void {
  const earlier = tx.orders.latestAccepted(a.game.id, a.game.turn).get(a.player.id);
  queueAnswer(deps, tx, {
    to: a.player.email,
    game: a.game,
    player: a.player,
    kind: 'notice',
    inboundId: a.inboundId,
    replyTo: a.replyTo,
    title: `turn ${a.game.turn}: which of your envelopes counts?`,
    paragraphs: [
      `Your mail holds ${a.envelopes.length} different envelopes for game ${a.game.id}, player ${a.player.id} (on lines ${a.envelopes.map((e) => e.line).join(' and ')}). The referee does not guess which one you meant, so none of them was taken.`,
      earlier
        ? `Your orders sent at ${when(earlier.submittedAt)} still stand.`
        : `No orders of yours are in for turn ${a.game.turn} yet.`,
      'Which one counts? Send that one again, alone in its mail (or with the others quoted behind ">").',
    ],
    sections: a.envelopes.map((e) => ({
      heading: `The envelope on line ${e.line}`,
      text: quotedOrders(formatOrders([{ ...e, secret: '(secret)' }], { unread: '' })),
    })),
  });
}
