/**
 * A player command without an envelope: a mail from a registered address whose subject, or whose
 * own text (above any quoted mail or signature), is just `HELP`, `STATUS`, `MAP`, ... Without a
 * secret the sender is not proven, so only the commands that change nothing are carried out (and
 * SECRET, and the muster's READY, which may have a line after it: a reply `READY` signed), and
 * the answer goes to the registered address (docs/players.md "Commands without an envelope"),
 * within the reply budget of that address (mail/budget.ts).
 * The game is the one named in the subject (`[demo]`, as in every mail of a game's thread), else
 * the only game the address plays in (for READY, the only one of them that musters); otherwise the
 * answer lists the games.
 */
import { formatCommand, parseCommand, type Command } from '../../orders/index.ts';
import { maybeOrderLine } from '../../orders/outside.ts';
import { BARE_COMMANDS, runCommands } from './commands.ts';
import type { AppDeps } from '../ports/deps.ts';
import { playerHelp } from '../views/help.ts';
import { publicUrlOf } from '../words/doc-links.ts';
import { type IncomingMail, MAX_QUOTE_LINE, ownLines } from '../ports/mail.ts';
import { queueAnswer, type AnswerInput } from '../mail/notify.ts';
import { COMMAND_BUDGET, holdBack, replyUnasked, type Inbound } from '../mail/budget.ts';
import { musteringGames } from '../setup/muster.ts';
import type { GameRow, PlayerRow, StoreTx } from '../ports/store.ts';

const REPLY_PREFIX = /^\s*(?:(?:re|fwd?|aw|wg|sv|vs|tr|rif|antw)\s*:\s*)+/i;

/** The game a subject names in square brackets ("Re: [duel] Turn 1 report"), lower-cased; null for none. */
export function subjectGame(subject: string): string | null {
  const tag = /\[([a-z0-9_-]{1,32})\]/i.exec(subject.slice(0, MAX_QUOTE_LINE));
  return tag ? (tag[1] as string).toLowerCase() : null;
}

/** The command a mail holds alone (own text first, then subject), and the game its subject names. */
export function bareCommand(mail: Pick<IncomingMail, 'subject' | 'text'>): {
  command: Command | null;
  error: string | null;
  game: string | null;
  loose?: boolean;
} {
  const game = subjectGame(mail.subject);
  // A full stop or an exclamation mark after the word is no part of it ("Ready!").
  const own = ownLines(mail.text).map((l) => l.replace(/\s*[.!]+$/, ''));
  // READY, the answer to a muster, may have a line after it (a name, a greeting): it is the first line that counts.
  if (own.length > 1 && /^ready$/i.test(own[0] as string))
    return { command: { name: 'READY', args: [], line: 1 }, error: null, game };
  // "Ready - count me in!", "Ready, see you over Kent": READY with words after it on its line is
  // taken only from a player with a game that musters (answerBareCommand checks), loose.
  if (own.length >= 1 && /^ready\s*[-–—,;:!.]/i.test(own[0] as string))
    return { command: { name: 'READY', args: [], line: 1 }, error: null, game, loose: true };
  // Any command alone on the first line, a sign-off after it ("CONFIRM" then "Ann"), as READY: not an order line after it.
  if (own.length > 1 && !maybeOrderLine(own[1] as string)) {
    const r = parseCommand(own[0] as string);
    if (r && 'command' in r) return { command: r.command, error: null, game };
  }
  const subject = mail.subject
    .slice(0, MAX_QUOTE_LINE)
    .replace(REPLY_PREFIX, '')
    .replace(/\[[^\]]*\]/g, '')
    .trim();
  for (const text of [own.length === 1 ? (own[0] as string) : '', subject]) {
    const r = text ? parseCommand(text) : null;
    if (r && 'command' in r) return { command: r.command, error: null, game };
    if (r) return { command: null, error: `${text.length > 80 ? `${text.slice(0, 80)}...` : text}: ${r.error}`, game };
  }
  return { command: null, error: null, game };
}

const gameLine = (tx: StoreTx, g: GameRow | undefined, id: string): string =>
  `${id}${g ? ` (${g.name}: ${g.status === 'running' ? `turn ${g.turn}` : g.status === 'over' ? 'over' : tx.club.muster(g.id) ? 'mustering' : 'not started'})` : ''}`;

/**
 * Answers a bare command from `from` (a registered address). Returns false when the mail holds no
 * command, so that the caller sends its "no orders" notice instead.
 */
export function answerBareCommand(deps: AppDeps, tx: StoreTx, inbound: Inbound): boolean {
  const { mail, inboundId } = inbound;
  const found = bareCommand(mail);
  if (!found.command && !found.error) return false;
  // A loose READY ("Ready - count me in!") from a player with no game mustering is no command.
  if (found.loose && !musteringGames(tx, mail.from).length) return false;
  if (inbound.limited) {
    // Past a rate limit nothing is worked out for a mail without a secret (rate-limits.ts).
    holdBack(deps, tx, {
      to: mail.from,
      gameId: found.game,
      reason: 'rate-limit',
      title: `answer to ${found.command?.name ?? 'a command'}`,
      inboundId,
      why: inbound.limited,
    });
    return true;
  }
  const mine = tx.players.byEmail(mail.from).filter((p) => p.status !== 'replaced');
  const games = new Map(mine.map((p) => [p.gameId, tx.games.get(p.gameId)]));
  const list = [...games.entries()].map(([id, g]) => gameLine(tx, g, id)).join(', ');
  const send = (a: AnswerInput) => sendAnswer(deps, tx, inbound, a);
  const reply = (title: string, paragraphs: string[], player: PlayerRow | null = null, game: GameRow | null = null) =>
    send({ to: mail.from, game, player, title, paragraphs, inboundId, replyTo: mail.messageId });
  if (found.error) {
    reply('your command could not be read', [found.error, 'HELP lists the commands.']);
    return true;
  }
  const command = found.command as Command;
  const open = mine.filter((p) => games.get(p.gameId)?.status !== 'over');
  // READY is for a game that musters: the only one of his, whatever else he plays.
  const mustering = command.name === 'READY' ? open.filter((p) => tx.club.muster(p.gameId)) : [];
  const player =
    found.game !== null
      ? mine.find((p) => p.gameId === found.game)
      : mustering.length === 1
        ? mustering[0]
        : open.length === 1
          ? open[0]
          : mine.length === 1
            ? mine[0]
            : undefined;
  if (!player && command.name === 'HELP') {
    send({
      to: mail.from,
      game: null,
      player: null,
      title: 'commands you can send',
      paragraphs: [`Your games: ${list || 'none'}.`],
      sections: [{ heading: 'Commands', text: playerHelp(false, publicUrlOf(deps)) }],
      inboundId,
      replyTo: mail.messageId,
    });
    return true;
  }
  if (!player) {
    const why =
      found.game !== null
        ? `You do not play in a game '${found.game}' (the subject names it).`
        : `You play in several games, so the referee cannot tell which one ${formatCommand(command)} is for.`;
    reply(`which game is ${command.name} for?`, [
      why,
      `Your games: ${list || 'none'}.`,
      `Put the game in the subject in square brackets, e.g. "[${open[0]?.gameId ?? [...games.keys()][0] ?? 'game'}] ${formatCommand(command)}", or send the command inside your envelope for that game.`,
    ]);
    return true;
  }
  const game = games.get(player.gameId) as GameRow;
  if (!BARE_COMMANDS.has(command.name)) {
    needsEnvelope(deps, command, player, game, reply);
    return true;
  }
  const answer = runCommands({ deps, tx, game, player, inboundId, replyTo: mail.messageId }, [command], [], false);
  if (answer) send(answer);
  return true;
}

/**
 * A command that changes the game, sent without an envelope: the envelope it must come in, written
 * out (in a running game with this turn's token, so that sent back as it is it does what was asked).
 */
function needsEnvelope(
  deps: AppDeps,
  command: Command,
  player: PlayerRow,
  game: GameRow,
  reply: (title: string, paragraphs: string[], player: PlayerRow | null, game: GameRow | null) => void,
): void {
  const running = game.status === 'running';
  const token = running ? `TURN ${game.turn}` : '';
  reply(
    `${command.name} needs your envelope`,
    running
      ? [
          `${formatCommand(command)} changes the game, so it must come inside your envelope for game ${game.id}. Here it is, with this turn's token in its first line: send it back as it is (a reply with it at the top will do).`,
          `#TALLYHO ${game.id} ${player.id} "${deps.keys.turnToken(game.id, player.id, game.turn)}"\n${token}\n${formatCommand(command)}\n#END`,
          'Nothing was changed yet.',
        ]
      : [
          `${formatCommand(command)} changes the game, so it must come inside your envelope for game ${game.id}, whose first line carries your secret:`,
          `#TALLYHO ${game.id} ${player.id} "<your secret>"\n${formatCommand(command)}\n#END`,
          'Nothing was changed.',
        ],
    player,
    game,
  );
}

/** An answer to a mail without a secret: within the reply budget (mail/budget.ts), the same answer not twice running. */
function sendAnswer(deps: AppDeps, tx: StoreTx, inbound: Inbound, a: AnswerInput): void {
  const repeat = JSON.stringify([a.game?.id ?? '', a.title, a.paragraphs, a.sections ?? []]);
  replyUnasked(deps, tx, inbound, {
    kind: 'answer',
    to: a.to,
    gameId: a.game?.id ?? null,
    title: a.title,
    repeat,
    queue: (more) =>
      queueAnswer(deps, tx, { ...a, paragraphs: [...a.paragraphs, ...(more.length ? more : [BUDGET_NOTE])] }),
  });
}

/** Why a second mail of the same command may go unanswered, said in the first answer. */
const BUDGET_NOTE = `A command without an envelope is answered at most ${COMMAND_BUDGET} times a day (apart from the notices a mail without orders brings), and never with the same answer twice running; inside your envelope (with your secret or turn token) commands are always answered.`;
