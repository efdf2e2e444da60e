/** `tallyho impulses <speed> [--json]`: the impulse schedule of seed 000 section XII. */
import type { Command } from 'commander';
import { MAX_ROW, movementRow, schedule } from '../../core/impulse/index.ts';
import { cliError } from '../errors.ts';

/** Parses a speed as players write it: "5", "5.5" (tenths at most). */
export function parseSpeedArg(text: string): number {
  const m = /^\s*(\d{1,2})(?:\.(\d))?\s*$/.exec(text);
  if (!m)
    throw cliError(
      'E_BAD_SPEED',
      `'${text}' is not a speed: write a number of speed points with at most one decimal, e.g. 5 or 5.5`,
    );
  const tenths = Number(m[1]) * 10 + Number(m[2] ?? 0);
  if (movementRow(tenths) > MAX_ROW)
    throw cliError(
      'E_BAD_SPEED',
      `speed ${text} is faster than ${MAX_ROW}.5, the fastest the impulse schedule covers (speeds round to the nearest whole number, .5 down)`,
    );
  return tenths;
}

export function registerImpulsesCommand(program: Command): void {
  program
    .command('impulses <speed>')
    .description('show the impulses in which a plane of this speed is active (seed 000 XII)')
    .option('--json', 'print JSON')
    .action((speedText: string, opts: { json?: boolean }) => {
      const s = schedule(parseSpeedArg(speedText));
      if (opts.json) {
        process.stdout.write(`${JSON.stringify(s)}\n`);
        return;
      }
      const lines = [`speed ${s.speed} moves on row ${s.row}: ${s.row} hex${s.row === 1 ? '' : 'es'} a turn`];
      lines.push(s.impulses.length ? `active impulses: ${s.impulses.join(', ')}` : 'no active impulse (speed 0)');
      if (s.double.length) lines.push(`second hex in impulses: ${s.double.join(', ')}`);
      const bar = Array.from({ length: 12 }, (_, i) => {
        const n = i + 1;
        return s.double.includes(n) ? '2' : s.impulses.includes(n) ? 'X' : '.';
      })
        .map((c) => c.padStart(3))
        .join('');
      lines.push(`impulse ${Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(3)).join('')}`);
      lines.push(`        ${bar}`);
      process.stdout.write(`${lines.join('\n')}\n`);
    });
}
