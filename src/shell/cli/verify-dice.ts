/**
 * `tallyho verify-dice <report> [--previous <mail>] [--commitment <hex>]` (docs/fair-dice.md):
 * checks the dice of a turn from its report alone. The report may be a saved mail (.eml, any
 * transfer encoding), its text, its HTML, or `-` for standard input. The commitment published
 * before the turn comes from the mail that opened it (--previous: the welcome or the report of the
 * turn before) or is typed in (--commitment). Exit code 1 when any check fails.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { simpleParser } from 'mailparser';
import { checkFairDice, type DiceCheck } from '../../report/fair-dice-check.ts';
import { parseFairDice, type ParsedFairDice } from '../../report/fair-dice.ts';
import { cliError } from '../errors.ts';

const MAX_BYTES = 8 * 1024 * 1024;

async function readSource(file: string): Promise<Buffer> {
  try {
    if (file !== '-') return await readFile(file);
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  } catch (e) {
    throw cliError('E_IO', `cannot read ${file}: ${(e as Error).message}`);
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', quot: '"', amp: '&', apos: "'", nbsp: ' ' };

/** The text of an HTML mail body: tags dropped, entities decoded (the FAIR DICE part is a <pre>). */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
      if (e[0] === '#')
        return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)));
      return ENTITIES[e.toLowerCase()] ?? m;
    });
}

/** The readable text of a saved mail, its text part or HTML part, or of plain text as it is. */
export async function mailText(source: Buffer): Promise<string> {
  if (source.length > MAX_BYTES)
    throw cliError('E_USAGE', `the file is larger than ${MAX_BYTES / 1024 / 1024} MiB: give the one report mail`);
  let text = source.toString('utf8');
  if (/^[A-Za-z][A-Za-z0-9-]*:[ \t]/.test(text) && /\r?\n\r?\n/.test(text)) {
    const parsed = await simpleParser(source);
    text = parsed.text ?? (typeof parsed.html === 'string' ? htmlToText(parsed.html) : '');
  }
  return /<pre[\s>]/i.test(text) ? htmlToText(text) : text;
}

export async function readFairDice(file: string): Promise<ParsedFairDice> {
  return parseFairDice(await mailText(await readSource(file)));
}

export function checksText(checks: DiceCheck[]): string {
  const mark = { ok: 'ok  ', fail: 'FAIL', note: 'note' } as const;
  return checks.map((c) => `${mark[c.result]}  ${c.text}`).join('\n');
}

export function registerVerifyDiceCommand(program: Command): void {
  program
    .command('verify-dice <report>')
    .description('check the dice of a turn from its report mail (saved as a file; - reads stdin): docs/fair-dice.md')
    .option(
      '--previous <mail>',
      'the mail that opened the turn (the welcome, or the report of the turn before): its commitment',
    )
    .option('--commitment <hex>', 'the commitment published before the turn, typed in')
    .action(async (file: string, opts: { previous?: string; commitment?: string }) => {
      if (opts.previous && opts.commitment) throw cliError('E_USAGE', 'give --previous or --commitment, not both');
      if (opts.previous === '-' && file === '-')
        throw cliError('E_USAGE', 'only one of the mails can come from standard input');
      const report = await readFairDice(file);
      let published: { commitment: string; from: string } | undefined;
      if (opts.commitment) published = { commitment: opts.commitment, from: 'on the command line' };
      if (opts.previous && report.turn !== null) {
        const earlier = (await readFairDice(opts.previous)).next.get(report.turn);
        if (!earlier)
          throw cliError(
            'E_USAGE',
            `${opts.previous} publishes no commitment for turn ${report.turn}: give the mail that opened turn ${report.turn}`,
          );
        published = { commitment: earlier, from: `in ${opts.previous}` };
      }
      const checks = checkFairDice(report, { published });
      const title = report.turn === null ? 'No revealed dice found' : `The dice of turn ${report.turn}`;
      process.stdout.write(`${title}\n${checksText(checks)}\n`);
      const failed = checks.filter((c) => c.result === 'fail').length;
      if (failed) throw cliError('E_VERIFY', `${failed} check${failed === 1 ? '' : 's'} of the dice failed`);
    });
}
