/**
 * The intake use case: one mail in, in one transaction with its ledger row. The ledger is keyed by
 * the mail's place (mailbox, UIDVALIDITY, UID) and by its content (Message-ID + SHA-256): a mail
 * seen before is not handled again, only filed where it went the first time. Automatic mail is
 * never answered (loop guard); answers go only to registered addresses; a mail without a valid
 * secret or token gets no work past the rate limits (rate-limits.ts) and its replies are within
 * the reply budget of the address (reply-budget.ts); a mail with one is always taken.
 */
import { formatOrders, GM_COMMANDS, parseOrders, type Envelope } from '../../orders/index.ts';
import { isQuickGame } from '../setup/games.ts';
import { answerBareCommand } from './bare-commands.ts';
import { chooseEnvelope, onlyCopies, refereeCopies } from './duplicates.ts';
import { finishedSeat, overParagraphs, seatAbout } from './over.ts';
import { askOutside, outsideNote, outsideParagraph, readyWithOutside } from './outside.ts';
import { GM_ID } from '../ports/ids.ts';
import { queueAnswer } from '../mail/notify.ts';
import type { AppDeps } from '../ports/deps.ts';
import { type Auth, authenticate, handleEnvelope } from './envelope.ts';
import { type EnvelopeOutcome } from './context.ts';
import { loopGuard, onlyListMail, type IncomingMail } from '../ports/mail.ts';
import { queueNotice } from '../mail/messages.ts';
import { when } from '../words/text.ts';
import { quotedOrders } from '../words/text.ts';
import type { Folder, GameRow, InboundKey, InboundOutcome, PlayerRow, StoreTx } from '../ports/store.ts';
import { preauthLimit, recordPreauth } from '../mail/rate-limits.ts';
import { replyUnasked, type Inbound } from '../mail/budget.ts';
import { confirmJoin } from '../setup/signup.ts';
import { musteringGames } from '../setup/muster.ts';
import { resolveReady } from '../turn/resolve.ts';
import { tellHeld } from '../turn/held.ts';
import { sha256Hex } from '../../core/sha256.ts';

export interface IntakeResult {
  inboundId: number;
  /** The mail was in the ledger already: nothing was done but filing it. */
  duplicate: boolean;
  outcome: InboundOutcome;
  folder: Folder;
  detail: string;
  /** Games in which this mail brought orders (their turn may now be complete). */
  games: string[];
}

const HOW_TO =
  'Orders go in an envelope: copy the one at the end of your latest report or welcome mail (its first line names the game, your player id and a turn token), edit its plots and send it.';

const HOW_TO_BELOW =
  'Orders go in an envelope: the one at the end of this mail holds your orders for this turn, ready to send (its first line names the game, your player id and the turn token); edit its plots and send it back, at the top of a reply.';
/** An envelope in quoted lines (behind ">"), which is never read as orders. */
const QUOTED_ENVELOPE = /^[ \t]*>[> \t]*#TALLYHO\b/im;
const QUOTED =
  'Your mail has an envelope in quoted lines (behind ">"): quoted text is never read as orders, so that an old mail quoted in a reply changes nothing. Take away the ">" in front of each line of the envelope you edited, or write your orders in the envelope at the end of this mail.';

/** The mail's text without its quoted lines: what a player wrote himself. */
const unquoted = (text: string): string =>
  text
    .split(/\r\n|\r|\n/)
    .filter((l) => !/^\s*>/.test(l))
    .join('\n')
    .trim();

/**
 * The registered sender's seat the mail is about (over.ts seatAbout: the game its subject names,
 * else the game whose mails it answers, else his only open game); null when that game is not
 * running (a game over is over.ts's).
 */
function seatOf(tx: StoreTx, mail: IncomingMail): { game: GameRow; player: PlayerRow } | null {
  const seat = seatAbout(tx, mail, (mine) => mine.filter((p) => tx.games.get(p.gameId)?.status === 'running'));
  return seat && seat.game.status === 'running' ? seat : null;
}

/** Envelope outcomes that come after the secret or token was checked and found right. */
const AUTHENTICATED: ReadonlySet<EnvelopeOutcome> = new Set(['accepted', 'refused', 'commands', 'not-running']);

export function intake(deps: AppDeps, mail: IncomingMail, key: InboundKey): IntakeResult {
  const now = deps.clock.now();
  return deps.store.tx((tx) => {
    const seen = tx.inbound.findByPlace(key) ?? tx.inbound.findByContent(mail.messageId, mail.contentSha256);
    if (seen) {
      deps.log.info(
        { inbound: seen.id, messageId: mail.messageId, folder: seen.folder },
        'mail seen before: filed, not handled again',
      );
      return {
        inboundId: seen.id,
        duplicate: true,
        outcome: seen.outcome,
        folder: seen.folder,
        detail: seen.detail,
        games: [],
      };
    }
    const inboundId = tx.inbound.insert({
      ...key,
      messageId: mail.messageId,
      contentSha256: mail.contentSha256,
      sender: mail.from,
      subject: mail.subject.slice(0, 200),
      receivedAt: now,
      outcome: 'orders',
      folder: 'Processed',
      detail: '',
    });
    const done = (outcome: InboundOutcome, folder: Folder, detail: string, games: string[] = []): IntakeResult => {
      tx.inbound.finish(inboundId, outcome, folder, detail);
      const level = outcome === 'orders' ? 'info' : 'warn';
      deps.log[level](
        { inbound: inboundId, sender: mail.from, messageId: mail.messageId, outcome, folder, detail },
        `mail ${outcome}`,
      );
      return { inboundId, duplicate: false, outcome, folder, detail, games };
    };
    const guard = loopGuard(mail, [deps.referee.address]);
    // Mail through a club's mailing list: only its envelopes with a right secret or token are
    // taken, answered to the player's registered address; nothing else of it is answered.
    const listed = guard !== null && onlyListMail(mail, [deps.referee.address]);
    if (guard && !listed) return done('loop-guard', 'Rejected', guard);
    if (!listed && !mail.unreadable && confirmJoin(deps, tx, mail, inboundId))
      return done('orders', 'Processed', 'a JOIN confirmed');
    const unanswered = `${guard}: no envelope with a right secret or token, so not answered`;
    const parsed = mail.unreadable
      ? null
      : parseOrders(mail.text, { commands: GM_COMMANDS, quick: (g) => isQuickGame(tx, g) });
    const named = [...new Set((parsed?.envelopes ?? []).map((e) => e.game.toLowerCase()).filter(Boolean))];
    // The rate limits count the mails that brought no valid secret or token (rate-limits.ts).
    const limited = preauthLimit(deps, tx, mail.from, named);
    const inbound: Inbound = { mail, inboundId, limited };
    const finish = (
      authenticated: boolean,
      outcome: InboundOutcome,
      folder: Folder,
      detail: string,
      games: string[] = [],
    ): IntakeResult => {
      if (authenticated) return done(outcome, folder, detail, games);
      recordPreauth(deps, tx, mail.from, named);
      return limited
        ? done('rate-limited', folder, `${limited}; ${outcome}: ${detail}`, games)
        : done(outcome, folder, detail, games);
    };
    const senderKnown = mail.from !== '' && tx.players.isRegistered(mail.from);
    const notice = (title: string, paragraphs: string[]) =>
      replyUnasked(deps, tx, inbound, {
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
            paragraphs: [...paragraphs, ...more],
            inboundId,
            replyTo: mail.messageId,
          }),
      });
    if (listed && !parsed?.envelopes.length) return done('loop-guard', 'Rejected', unanswered);
    if (!parsed) {
      const why = mail.unreadable as string;
      if (!senderKnown) return finish(false, 'unreadable', 'Rejected', why);
      notice('your mail could not be read', [
        `Your mail${mail.subject ? ` "${mail.subject.slice(0, 80)}"` : ''} could not be read: ${why}. Nothing was changed.`,
        'Send your orders as plain text in the body of the mail, without attachments.',
      ]);
      return finish(false, 'unreadable', 'Processed', why);
    }
    const mailErrors = parsed.errors.filter((e) => e.envelope === undefined).map((e) => e.message);
    if (!parsed.envelopes.length) {
      if (!senderKnown)
        return finish(false, 'not-for-us', 'Rejected', 'no orders envelope and the sender is not a player');
      if (answerBareCommand(deps, tx, inbound))
        return finish(false, 'orders', 'Processed', 'a command without an envelope');
      // A registered player's game, when the mail tells which (its subject's [game], or his only
      // open game): the notice is his game's, and ends with his orders ready to send (notify.ts).
      const seat = seatOf(tx, mail);
      // A player called to a muster has no orders to send yet: he is told how READY is written.
      const mustering = seat ? [] : musteringGames(tx, mail.from);
      // A reply to a game that is over ("gg, thanks!" to its last report): that game's answer (over.ts).
      const over = seat || mustering.length ? null : finishedSeat(tx, mail);
      if (over) {
        const title = `game ${over.game.id} is over`;
        replyUnasked(deps, tx, inbound, {
          kind: 'notice',
          to: mail.from,
          gameId: over.game.id,
          title,
          queue: (more) =>
            queueNotice(deps, tx, {
              to: mail.from,
              game: over.game,
              player: over.player,
              title,
              paragraphs: [...overParagraphs(deps, tx, over.game, over.player), ...mailErrors, ...mail.notes, ...more],
              inboundId,
              replyTo: mail.messageId,
            }),
        });
        return finish(false, 'no-orders', 'Processed', `no envelope: game ${over.game.id} is over`);
      }
      const title = mustering.length ? 'no READY found in your mail' : 'no orders found in your mail';
      const paragraphs = mustering.length
        ? [
            `Your mail${mail.subject ? ` "${mail.subject.slice(0, 80)}"` : ''} was not read as a READY, so nothing was changed.`,
            `Game${mustering.length === 1 ? '' : 's'} ${mustering.join(', ')} ${mustering.length === 1 ? 'is' : 'are'} mustering: to answer, reply to the muster's mail with READY alone on the first line (your name or a greeting may follow on the next lines, the quoted mail below), or send a mail whose subject is READY${mustering.length > 1 ? ` with the game in square brackets, e.g. "[${mustering[0]}] READY"` : ''}. Orders come later: the welcome with your orders for turn 1 comes when the game starts.`,
            ...mailErrors,
            ...mail.notes,
          ]
        : [
            `Your mail${mail.subject ? ` "${mail.subject.slice(0, 80)}"` : ''} holds no orders envelope, so nothing was changed.`,
            ...(QUOTED_ENVELOPE.test(mail.text) ? [QUOTED] : []),
            ...(parsed.outside ? [outsideParagraph(parsed.outside)] : []),
            seat ? HOW_TO_BELOW : HOW_TO,
            ...mailErrors,
            ...mail.notes,
          ];
      if (seat) {
        // A player who writes orders (order-shaped lines of his own, outside any envelope) is a
        // person trying to play, even in a reply to one of these notices: answered, each new try
        // (the budget still bounds it). Anything else follows the loop rules (reply-budget.ts).
        const trying = (parsed.outside ?? []).length > 0;
        // His lines put into his orders for the turn, ready to send: the mail ends with them.
        const ready = trying ? readyWithOutside(deps, tx, seat.game, seat.player, parsed.outside ?? []) : null;
        if (ready)
          paragraphs.push(
            `Below are your orders for turn ${seat.game.turn} with ${(parsed.outside ?? []).length === 1 ? 'that line' : 'those lines'} put in, in the place of what they replace: check them and send them back (reply with them at the top; the rest may stay quoted).`,
          );
        replyUnasked(deps, tx, inbound, {
          kind: 'notice',
          to: mail.from,
          gameId: seat.game.id,
          title,
          human: trying,
          ...(trying ? { repeat: `${seat.game.id}\n${title}\n${sha256Hex(unquoted(mail.text))}` } : {}),
          queue: (more) =>
            queueAnswer(deps, tx, {
              to: mail.from,
              game: seat.game,
              player: seat.player,
              kind: 'notice',
              title,
              paragraphs: [...paragraphs, ...more],
              inboundId,
              replyTo: mail.messageId,
              ...(ready ? { sections: [{ heading: 'Ready to send, with your lines put in', text: ready }] } : {}),
            }),
        });
      } else if (mustering.length === 1) {
        // The one game he musters for: the answer is that game's ([club] in its subject).
        const game = tx.games.get(mustering[0] as string) as GameRow;
        replyUnasked(deps, tx, inbound, {
          kind: 'notice',
          to: mail.from,
          gameId: game.id,
          title,
          queue: (more) =>
            queueNotice(deps, tx, {
              to: mail.from,
              game,
              player: null,
              title,
              paragraphs: [...paragraphs, ...more],
              inboundId,
              replyTo: mail.messageId,
            }),
        });
      } else notice(title, paragraphs);
      return finish(false, 'no-orders', 'Processed', 'no envelope');
    }
    // Order-shaped lines outside every envelope are never passed over in silence (app/intake/outside.ts).
    const outside = parsed.outside ?? [];
    const ctx = {
      deps,
      tx,
      mail: { ...mail, notes: [...mail.notes, ...mailErrors, ...(outside.length ? [outsideNote(outside)] : [])] },
      inboundId,
      senderKnown,
      limited,
    };
    // List mail: the groups of envelopes whose first is a player's with a right secret or token
    // (checked once: handleEnvelope is given the answer).
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
    if (!groups.length) return done('loop-guard', 'Rejected', unanswered);
    const results = groups.flatMap((group) => {
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
        askWhichEnvelope(deps, tx, { game, player, envelopes: choice.ambiguous, inboundId, replyTo: mail.messageId });
        return [{ outcome: 'refused' as const, gameId: game.id }];
      }
      // The only envelope an unchanged copy of a template the referee sent, and orders outside it:
      // which count? Nothing is taken; the player is asked (when the envelope is his).
      if (
        outside.length &&
        game &&
        player &&
        onlyCopies(parsed.envelopes, group, errorsOf, () => refereeCopies(tx, game.id, player.id, game.turn)) &&
        authenticate(deps, env, game, player).ok
      ) {
        askOutside(deps, tx, { game, player, envelope: env, outside, inboundId, replyTo: mail.messageId });
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
    });
    const count = (o: EnvelopeOutcome) => results.filter((r) => r.outcome === o).length;
    const detail = (['accepted', 'refused', 'commands', 'join', 'auth-failed', 'unknown', 'not-running'] as const)
      .filter((o) => count(o))
      .map((o) => `${count(o)} ${o}`)
      .join(', ');
    const games = [
      ...new Set(
        results.flatMap((r) => ((r.outcome === 'accepted' || r.outcome === 'commands') && r.gameId ? [r.gameId] : [])),
      ),
    ];
    const authenticated = results.some((r) => AUTHENTICATED.has(r.outcome));
    if (count('unknown') === results.length && !senderKnown)
      return finish(false, 'not-for-us', 'Rejected', `envelopes for unknown games or players: ${detail}`);
    if (count('auth-failed')) return finish(authenticated, 'auth-failed', 'Processed', detail, games);
    return finish(authenticated, 'orders', 'Processed', detail, games);
  });
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

/**
 * Intake, then the turn of every game the mail completed, in one transaction: the mail that brings
 * the last orders of a turn commits together with the turn it completes.
 */
export function receive(
  deps: AppDeps,
  mail: IncomingMail,
  key: InboundKey,
): IntakeResult & { resolved: { game: string; turn: number }[] } {
  return deps.store.tx(() => {
    const result = intake(deps, mail, key);
    const resolved: { game: string; turn: number }[] = [];
    for (const g of result.games) {
      const turn = resolveReady(deps, g);
      if (turn !== null) resolved.push({ game: g, turn });
      else tellHeld(deps, g, result.inboundId);
    }
    return { ...result, resolved };
  });
}
