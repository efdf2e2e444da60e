/**
 * `tallyho player add <game> <player> --email <address> --planes <ids>` (docs/gm-guide.md): a player
 * and the planes they fly. Prints the player's secret, once; only its hash is stored.
 */
import type { Command } from 'commander';
import { addPlayer } from '../../app/games.ts';
import { withRuntime } from '../runtime.ts';

export function registerPlayerCommands(program: Command): void {
  const player = program.command('player').description('the players of a game');
  player
    .command('add <game> <player>')
    .description('add a player flying the given planes; prints their secret, once')
    .requiredOption('--email <address>', "the player's address: the only one Tallyho will ever write to")
    .requiredOption('--planes <ids>', 'the planes the player flies, comma-separated (e.g. R1,R2)')
    .action((gameId: string, playerId: string, opts: { email: string; planes: string }) => withRuntime((rt) => {
      const { player: p, secret } = addPlayer(rt.deps, { gameId, playerId, email: opts.email, planes: opts.planes.split(',') });
      process.stdout.write(`${[
        `Player ${p.id} added to game ${p.gameId}, flying ${p.planes.join(', ')}, mail to ${p.email}.`,
        `Secret: ${secret}`,
        'The secret is shown this once and stored only as a hash: give it to the player now.',
      ].join('\n')}\n`);
    }));
}
