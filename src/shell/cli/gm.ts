/**
 * `tallyho gm set|show` (docs/gm-guide.md "Commands by mail"): a game's game master, whose
 * address gets the alerts and the answers to GM commands, and whose secret opens the GM envelope
 * `#TALLYHO <game> gm "<GM secret>"`. The installation's GM (GM_EMAIL, GM_SECRET in .env) can act
 * on every game and create games by mail.
 */
import type { Command } from 'commander';
import { gameClock } from '../../app/gm/overview.ts';
import { setGm } from '../../app/setup/roster.ts';
import { cliError } from '../errors.ts';
import { withRuntime } from '../runtime.ts';

export function registerGmCommands(program: Command): void {
  const gm = program.command('gm').description("a game's game master: address and secret for commands by mail");
  gm.command('set <game>')
    .description("set the game master's address and/or make a new GM secret (printed once)")
    .option('--email <address>', "the game master's address: alerts and answers to GM commands go there only")
    .option('--new-secret', 'make a new GM secret (the old one stops working)')
    .action((id: string, opts: { email?: string; newSecret?: boolean }) => {
      if (opts.email === undefined && !opts.newSecret)
        throw cliError('E_USAGE', 'give --email <address>, --new-secret or both');
      return withRuntime((rt) => {
        const current = gameClock(rt.deps, id).gmEmail;
        if (opts.newSecret && !(opts.email ?? current) && !rt.config.gmEmail)
          throw cliError('E_USAGE', 'a GM secret needs an address to answer: add --email <address>');
        const r = setGm(rt.deps, id, {
          ...(opts.email !== undefined ? { email: opts.email } : {}),
          newSecret: !!opts.newSecret,
        });
        const lines = [
          `Game master of ${id}: ${r.email ?? `none (the installation's: ${rt.config.gmEmail ?? 'none'})`}`,
        ];
        if (r.secret)
          lines.push(`GM secret: ${r.secret}`, `Shown this once: use it in #TALLYHO ${id} gm "<GM secret>" envelopes.`);
        process.stdout.write(`${lines.join('\n')}\n`);
      });
    });
  gm.command('show <game>')
    .description("the game master's address and whether a GM secret is set")
    .action((id: string) =>
      withRuntime((rt) => {
        const c = gameClock(rt.deps, id);
        const has = rt.store.tx((tx) => tx.control.get(id).gmSecretHash !== null);
        process.stdout.write(
          `Game master of ${id}: ${c.gmEmail ?? 'none'}; GM secret ${has ? 'set' : 'not set'}; installation GM: ${rt.config.gmEmail ?? 'none'}${rt.config.gmSecret ? ' (GM_SECRET set)' : ''}\n`,
        );
      }),
    );
}
