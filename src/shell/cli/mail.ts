/**
 * `tallyho mail list|show`: the outbox, readable on the command line (in local mode the outbox is
 * where players' mail stays).
 *   mail list [--game g] [--to address] [--status pending|sent|dead] [--limit n] [--json]
 *   mail show <id> [--html | --json]    one mail with its headers
 *   mail show --latest [--to <address>] [--game g] [--html | --json]  the newest mail (to an address, of a game)
 * The --json shapes are docs/cli.md "tallyho mail": keep them stable, add fields rather than change them.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { when } from '../../app/words/text.ts';
import type { OutboxRow, OutboxStatus } from '../../app/ports/store.ts';
import { cliError } from '../errors.ts';
import { withRuntime } from '../runtime.ts';

export function listLine(m: OutboxRow): string {
  return `${String(m.id).padStart(5)}  ${m.status.padEnd(7)} ${when(m.createdAt).slice(0, 16)}  ${m.recipient.padEnd(26)} ${m.subject}`;
}

export function showText(m: OutboxRow, from: string, html = false): string {
  const head = [
    `Message #${m.id} (${m.status}${m.status === 'sent' && m.sentAt ? ` ${when(m.sentAt)}` : ''}${m.attempts ? `, ${m.attempts} attempt${m.attempts === 1 ? '' : 's'}` : ''})`,
    `From: ${from}`,
    `To: ${m.recipient}`,
    `Subject: ${m.subject}`,
    `Message-ID: ${m.messageId}`,
    ...(m.inReplyTo ? [`In-Reply-To: ${m.inReplyTo}`] : []),
    ...(m.lastError ? [`Last error: ${m.lastError}`] : []),
    ...(m.rejected.length ? [`Refused recipients: ${m.rejected.join(', ')}`] : []),
  ];
  return `${head.join('\n')}\n\n${html ? (m.html ?? '(no HTML part)\n') : m.text}`;
}

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** One mail in `mail list --json` (docs/cli.md): what the list line shows and what it is about. */
export function listJson(m: OutboxRow) {
  return {
    id: m.id,
    status: m.status,
    kind: m.kind,
    game: m.gameId,
    player: m.playerId,
    turn: m.turn,
    to: m.recipient,
    subject: m.subject,
    createdAt: iso(m.createdAt),
    sentAt: iso(m.sentAt),
    attempts: m.attempts,
    lastError: m.lastError,
  };
}

/** One mail in `mail show --json` (docs/cli.md): the list's fields, the headers and both parts. */
export function showJson(m: OutboxRow, from: string) {
  return {
    ...listJson(m),
    from,
    messageId: m.messageId,
    inReplyTo: m.inReplyTo,
    references: m.references,
    rejected: m.rejected,
    text: m.text,
    html: m.html,
  };
}

const STATUSES: OutboxStatus[] = ['pending', 'sent', 'dead'];

/** A whole number of at least 1, or undefined. */
const positiveWhole = (raw: string): number | undefined =>
  /^\d+$/.test(raw) && Number(raw) >= 1 && Number.isSafeInteger(Number(raw)) ? Number(raw) : undefined;

/** --limit's value; commander turns the error into its usage error (exit code 2). */
function limitArg(raw: string): number {
  const n = positiveWhole(raw);
  if (n === undefined) throw new InvalidArgumentError(`'${raw}' is not a whole number from 1 up.`);
  return n;
}

interface ListOptions {
  game?: string;
  to?: string;
  status?: string;
  limit?: number;
  json?: boolean;
}

function listMail(opts: ListOptions): Promise<void> {
  if (opts.status !== undefined && !STATUSES.includes(opts.status as OutboxStatus))
    throw cliError('E_USAGE', `--status '${opts.status}' is not one of ${STATUSES.join(', ')}`);
  return withRuntime((rt) => {
    let rows = rt.store.tx((tx) =>
      tx.outbox.list({
        gameId: opts.game,
        recipient: opts.to?.toLowerCase(),
        status: opts.status as OutboxStatus | undefined,
      }),
    );
    if (opts.limit) rows = rows.slice(-opts.limit);
    if (opts.json) process.stdout.write(`${JSON.stringify(rows.map(listJson), null, 2)}\n`);
    else process.stdout.write(rows.length ? `${rows.map(listLine).join('\n')}\n` : 'No mail.\n');
  });
}

interface ShowOptions {
  latest?: boolean;
  to?: string;
  game?: string;
  html?: boolean;
  json?: boolean;
}

/** The usage errors of `mail show`, before the database is opened. */
function showProblem(id: string | undefined, opts: ShowOptions): string | null {
  if (id === undefined && !opts.latest) return 'give a mail number (tallyho mail list) or --latest [--to <address>]';
  if (id !== undefined && opts.latest) return 'give a mail number or --latest, not both';
  if (id !== undefined && (opts.to !== undefined || opts.game !== undefined))
    return '--to and --game go with --latest: a mail number names one mail already';
  if (opts.html && opts.json) return '--json prints both parts (text and html): leave out --html';
  return null;
}

function showMail(id: string | undefined, opts: ShowOptions): Promise<void> {
  const problem = showProblem(id, opts);
  if (problem) throw cliError('E_USAGE', problem);
  const number = id === undefined ? undefined : positiveWhole(id);
  if (id !== undefined && number === undefined)
    throw cliError('E_USAGE', `'${id}' is not a mail number: a whole number from 1 up (tallyho mail list)`);
  return withRuntime((rt) => {
    const row = rt.store.tx((tx) => {
      if (number !== undefined) return tx.outbox.get(number);
      return tx.outbox.list({ recipient: opts.to?.toLowerCase(), gameId: opts.game }).at(-1);
    });
    if (!row) {
      const which = `${opts.to ? ` to ${opts.to}` : ''}${opts.game ? ` of game ${opts.game}` : ''}`;
      throw cliError('E_NOT_FOUND', number !== undefined ? `there is no mail #${number}` : `no mail${which} yet`);
    }
    if (opts.json) process.stdout.write(`${JSON.stringify(showJson(row, rt.config.mailFrom), null, 2)}\n`);
    else process.stdout.write(showText(row, rt.config.mailFrom, opts.html));
  });
}

export function registerMailCommands(program: Command): void {
  const mail = program.command('mail').description("the referee's outgoing mail (the outbox)");
  mail
    .command('list')
    .description('outgoing mail, oldest first')
    .option('--game <game>', 'only this game')
    .option('--to <address>', 'only mail to this address')
    .option('--status <status>', 'pending, sent or dead')
    .option('--limit <n>', 'at most the n newest', limitArg)
    .option('--json', 'print an array of mails as JSON (docs/cli.md)')
    .action((opts: ListOptions) => listMail(opts));
  mail
    .command('show [id]')
    .description('one outgoing mail: headers and text')
    .option('--latest', 'the newest mail (with --to: the newest to that address)')
    .option('--to <address>', 'with --latest: the newest mail to this address')
    .option('--game <game>', 'with --latest: the newest mail of this game')
    .option('--html', 'print the HTML part instead of the text')
    .option('--json', 'print the mail, headers and both parts, as JSON (docs/cli.md)')
    .action((id: string | undefined, opts: ShowOptions) => showMail(id, opts));
}
