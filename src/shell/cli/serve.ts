/**
 * `tallyho serve` (what `npm start` runs): the referee's server. Reads the configuration (.env and
 * the environment; .env.example lists every key), then serves until SIGTERM or SIGINT.
 */
import type { Command } from 'commander';
import { serveUntilSignalled } from '../serve.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('run the referee: inbox, outbox and HTTP; local mode when no mail server is configured (docs/local-mode.md)')
    .option('--solo', 'local mode: play the demo duel alone, the stand-in pilot flying the other side (docs/local-mode.md "Playing alone")')
    .action(async (opts: { solo?: boolean }) => {
      await serveUntilSignalled(opts.solo ? { solo: true } : {});
    });
}
