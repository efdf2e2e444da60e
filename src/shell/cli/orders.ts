/**
 * `tallyho orders check <file>`: reads an orders mail (or `-` for standard input) the way the referee
 * does, prints the envelopes in canonical form on standard output and every error on standard error
 * (docs/orders.md). Exit code 1 when there are errors.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { formatOrders, GM_COMMANDS, parseOrders, type OrderError } from '../../orders/index.ts';
import { cliError } from '../errors.ts';

export interface CheckReport {
  stdout: string;
  stderr: string;
  exitCode: number;
}

function errorLine(name: string, e: OrderError): string {
  return `${name}:${e.line}:${e.column}: ${e.code}: ${e.message}`;
}

/** The check of one text, as printed (kept apart from the I/O for tests). */
export function checkOrdersText(text: string, name: string, options: { json?: boolean } = {}): CheckReport {
  const result = parseOrders(text, { commands: GM_COMMANDS });
  const exitCode = result.errors.length ? 1 : 0;
  if (options.json) return { stdout: `${JSON.stringify(result, null, 2)}\n`, stderr: '', exitCode };
  const n = result.envelopes.length;
  const out = result.outside ?? [];
  const summary = `${n} envelope${n === 1 ? '' : 's'}, ${result.errors.length} error${result.errors.length === 1 ? '' : 's'}${out.length ? `, ${out.length} order line${out.length === 1 ? '' : 's'} outside the envelopes (not read)` : ''}`;
  // Order lines outside every envelope are not read by the referee: said, never passed over.
  const outside = out.map((l) => `${name}:${l.line}:1: outside the envelope, not read: ${l.text}\n`).join('');
  const errors = `${result.errors.map((e) => `${errorLine(name, e)}\n`).join('')}${outside}`;
  return { stdout: formatOrders(result.envelopes), stderr: `${errors}${summary}\n`, exitCode };
}

async function readInput(file: string): Promise<string> {
  try {
    if (file !== '-') return await readFile(file, 'utf8');
    const chunks: Buffer[] = [];
    for await (const c of process.stdin) chunks.push(c as Buffer);
    return Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    throw cliError('E_IO', `cannot read ${file}: ${(e as Error).message}`);
  }
}

export function registerOrdersCommands(program: Command): void {
  const orders = program.command('orders').description('the order language (docs/orders.md)');
  orders
    .command('check <file>')
    .description(
      'read an orders mail as the referee does: canonical orders on stdout, errors on stderr (- reads stdin)',
    )
    .option('--json', 'print the parse result as JSON')
    .action(async (file: string, opts: { json?: boolean }) => {
      const report = checkOrdersText(await readInput(file), file === '-' ? '<stdin>' : file, opts);
      process.stdout.write(report.stdout);
      process.stderr.write(report.stderr);
      if (report.exitCode) process.exitCode = report.exitCode;
    });
}
