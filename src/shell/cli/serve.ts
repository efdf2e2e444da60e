/**
 * `tallyho serve` (what `npm start` runs): the referee's server. Reads the configuration (.env and
 * the environment; .env.example lists every key), then serves until SIGTERM or SIGINT.
 */
import type { Command } from 'commander';
import { serveUntilSignalled } from '../serve.ts';
import { parseLevel, STANDIN_LEVELS, type StandinLevel } from '../../core/standin/levels.ts';
import { TallyhoError } from '../errors.ts';

export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description(
      'run the referee: inbox, outbox and HTTP; local mode when no mail server is configured (docs/local-mode.md)',
    )
    .option(
      '--solo [new]',
      'local mode: play the demo duel alone, the stand-in pilot flying the other side; a new game when the last is over, or with "new" at once (docs/local-mode.md "Playing alone")',
    )
    .option(
      '--level <level>',
      `with --solo: how well the stand-in flies, ${STANDIN_LEVELS.join(', ')} (docs/standin.md "Levels"; an ace unless told)`,
    )
    .action(async (opts: { solo?: boolean | string; level?: string }) => {
      if (typeof opts.solo === 'string' && opts.solo !== 'new')
        throw new TallyhoError(
          'E_USAGE',
          `--solo takes nothing or 'new' (a new solo game at once), not '${opts.solo}'`,
        );
      let level: StandinLevel | undefined;
      if (opts.level !== undefined) {
        level = parseLevel(opts.level);
        if (!level)
          throw new TallyhoError('E_USAGE', `--level '${opts.level}' is not a level: ${STANDIN_LEVELS.join(', ')}`);
      }
      await serveUntilSignalled({
        ...(opts.solo ? { solo: opts.solo === 'new' ? ('new' as const) : true } : {}),
        ...(level ? { level } : {}),
      });
    });
}
