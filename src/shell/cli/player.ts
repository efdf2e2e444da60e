/**
 * `tallyho player ...` (docs/gm-guide.md):
 *   player add <game> <player> --email a --planes ids [--zone z]   prints the secret, once (stored hashed);
 *                                                ids as R1,R2 or R1 R2
 *   player zone <game> <player> <zone|game>      the player's time zone for deadlines in mail
 *   player requests <game>                       sign-up requests (JOIN by mail)
 *   player approve <game> <player> --planes ids  the player is added and mailed the secret
 *   player decline <game> <player>
 *   player record <address> [--json]             the address's record over every game: turns on time, missed, stand-in, left
 */
import type { Command } from 'commander';
import { addPlayer } from '../../app/setup/games.ts';
import { gameClock } from '../../app/gm/overview.ts';
import { approveJoin, declineJoin, newPlayerSecret, setPlayerZone } from '../../app/setup/roster.ts';
import { withRuntime } from '../runtime.ts';
import { recordLines, reliabilityRecord } from '../../app/game/record.ts';

/** The plane ids of `--planes`, written `H1,H2`, `H1 H2` or `H1, H2`: one list. */
export const planeIds = (words: string[]): string[] =>
  words
    .flatMap((w) => w.split(','))
    .map((id) => id.trim())
    .filter(Boolean);

export function registerPlayerCommands(program: Command): void {
  const player = program.command('player').description('the players of a game');
  player
    .command('add <game> <player>')
    .description('add a player flying the given planes; prints their secret, once')
    .requiredOption('--email <address>', "the player's address: the only one Tallyho will ever write to")
    .requiredOption('--planes <ids...>', 'the planes the player flies: R1,R2 or R1 R2')
    .option('--zone <zone>', "the player's time zone (IANA, e.g. America/New_York): deadlines in mail in it too")
    .action((gameId: string, playerId: string, opts: { email: string; planes: string[]; zone?: string }) =>
      withRuntime((rt) => {
        const { player: p, secret } = addPlayer(rt.deps, {
          gameId,
          playerId,
          email: opts.email,
          planes: planeIds(opts.planes),
          zone: opts.zone ?? null,
        });
        process.stdout.write(
          `${[
            `Player ${p.id} added to game ${p.gameId}, flying ${p.planes.join(', ')}, mail to ${p.email}.`,
            `Secret: ${secret}`,
            'The secret is shown this once and stored only as a hash: give it to the player now.',
          ].join('\n')}\n`,
        );
      }),
    );
  player
    .command('secret <game> <player>')
    .description(
      'a new secret for a player who lost his (campaign players get turn tokens only); the old one stops working',
    )
    .action((gameId: string, playerId: string) =>
      withRuntime((rt) => {
        const { player: p, secret } = rt.store.tx((tx) => newPlayerSecret(rt.deps, tx, gameId, playerId));
        process.stdout.write(
          `${[
            `Player ${p.id} of game ${p.gameId} (${p.email}) has a new secret: ${secret}`,
            'The old secret no longer works. The secret is shown this once and stored only as a hash: give it to the player now.',
          ].join('\n')}\n`,
        );
      }),
    );
  player
    .command('zone <game> <player> <zone>')
    .description("the player's time zone (IANA name), or 'game' for the game's only")
    .action((gameId: string, playerId: string, zone: string) =>
      withRuntime((rt) => {
        const z = setPlayerZone(rt.deps, gameId, playerId, /^game$/i.test(zone) ? null : zone);
        process.stdout.write(`${playerId}: deadlines in ${z ? `${z} and the game's zone` : "the game's zone only"}\n`);
      }),
    );
  player
    .command('record <address>')
    .description(
      "a player's record over every game on this referee: turns with his orders in, missed, flown by the stand-in, games left",
    )
    .option('--json', 'as JSON')
    .action((address: string, opts: { json?: boolean }) =>
      withRuntime((rt) => {
        const r = rt.store.tx((tx) => reliabilityRecord(tx, address));
        process.stdout.write(`${opts.json ? JSON.stringify(r, null, 2) : recordLines(r).join('\n')}\n`);
      }),
    );
  player
    .command('requests <game>')
    .description('sign-up requests sent by mail (JOIN)')
    .action((gameId: string) =>
      withRuntime((rt) => {
        const list = gameClock(rt.deps, gameId).joinRequests;
        process.stdout.write(
          list.length
            ? `${list.map((j) => `${j.playerId.padEnd(12)} ${j.email.padEnd(30)} ${j.note}`.trimEnd()).join('\n')}\n`
            : 'No requests.\n',
        );
      }),
    );
  player
    .command('approve <game> <player>')
    .description('approve a sign-up request: the player is added and mailed the secret')
    .requiredOption('--planes <ids...>', 'the planes the player flies: R1,R2 or R1 R2')
    .action((gameId: string, playerId: string, opts: { planes: string[] }) =>
      withRuntime((rt) => {
        const r = approveJoin(rt.deps, gameId, playerId, planeIds(opts.planes));
        process.stdout.write(
          `Player ${r.player.id} added to game ${gameId}, flying ${r.player.planes.join(', ')}; the secret was mailed to ${r.player.email}.\n`,
        );
      }),
    );
  player
    .command('decline <game> <player>')
    .description('decline a sign-up request; the sender is told')
    .action((gameId: string, playerId: string) =>
      withRuntime((rt) => {
        process.stdout.write(`${declineJoin(rt.deps, gameId, playerId).join('\n')}\n`);
      }),
    );
}
