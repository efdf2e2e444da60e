/**
 * `tallyho mail list|show`: the outbox, readable on the command line (in local mode the outbox is
 * where players' mail stays).
 *   mail list [--game g] [--to address] [--status pending|sent|dead] [--limit n]
 *   mail show <id> [--html]            one mail with its headers
 *   mail show --latest --to <address> [--game g]  the newest mail to an address (e.g. to save its orders template)
 */
import type { Command } from 'commander';
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

const STATUSES: OutboxStatus[] = ['pending', 'sent', 'dead'];

export function registerMailCommands(program: Command): void {
  const mail = program.command('mail').description("the referee's outgoing mail (the outbox)");
  mail
    .command('list')
    .description('outgoing mail, oldest first')
    .option('--game <game>', 'only this game')
    .option('--to <address>', 'only mail to this address')
    .option('--status <status>', 'pending, sent or dead')
    .option('--limit <n>', 'at most the n newest', (v) => Number(v))
    .action((opts: { game?: string; to?: string; status?: string; limit?: number }) =>
      withRuntime((rt) => {
        if (opts.status && !STATUSES.includes(opts.status as OutboxStatus))
          throw cliError('E_USAGE', `--status is one of ${STATUSES.join(', ')}`);
        let rows = rt.store.tx((tx) =>
          tx.outbox.list({
            gameId: opts.game,
            recipient: opts.to?.toLowerCase(),
            status: opts.status as OutboxStatus | undefined,
          }),
        );
        if (opts.limit && opts.limit > 0) rows = rows.slice(-opts.limit);
        process.stdout.write(rows.length ? `${rows.map(listLine).join('\n')}\n` : 'No mail.\n');
      }),
    );
  mail
    .command('show [id]')
    .description('one outgoing mail: headers and text')
    .option('--latest', 'the newest mail (with --to: the newest to that address)')
    .option('--to <address>', 'with --latest: the newest mail to this address')
    .option('--game <game>', 'with --latest: the newest mail of this game')
    .option('--html', 'print the HTML part instead of the text')
    .action((id: string | undefined, opts: { latest?: boolean; to?: string; game?: string; html?: boolean }) =>
      withRuntime((rt) => {
        if (!id && !opts.latest)
          throw cliError('E_USAGE', 'give a mail number (tallyho mail list) or --latest [--to <address>]');
        const row = rt.store.tx((tx) => {
          if (id) return tx.outbox.get(Number(id));
          return tx.outbox.list({ recipient: opts.to?.toLowerCase(), gameId: opts.game }).at(-1);
        });
        if (!row)
          throw cliError(
            'E_NOT_FOUND',
            id ? `there is no mail #${id}` : `no mail${opts.to ? ` to ${opts.to}` : ''} yet`,
          );
        process.stdout.write(showText(row, rt.config.mailFrom, opts.html));
      }),
    );
}
