/**
 * `tallyho campaign ...` (docs/campaigns.md), the same operations as the game master's CAMPAIGN
 * commands by mail:
 *   campaign create <file> --id <campaign> [--gm-email a]   a campaign from a campaign file
 *   campaign player <campaign> <player> <address>            a player slot's address
 *   campaign assign <campaign> <plane> <pilot|auto>          who flies a plane in the next game
 *   campaign next <campaign>                                  start the next game
 *   campaign show <campaign> [--json]                         standing, games, every roster
 *   campaign list                                             every campaign
 */
import type { Command } from 'commander';
import { basename } from 'node:path';
import { assignPilot, createCampaign, setCampaignPlayer, startNextGame } from '../../app/campaigns/lifecycle.ts';
import { recordOf, requireCampaign } from '../../app/views/campaign.ts';
import { rosterText, standingLines } from '../../app/views/campaign.ts';
import { loadCampaignFile } from '../campaign-source.ts';
import { withRuntime } from '../runtime.ts';

const out = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};

export function registerCampaignCommands(program: Command): void {
  const campaign = program
    .command('campaign')
    .description('campaigns: scenarios in turn with the same pilots (docs/campaigns.md)');
  campaign
    .command('create <file>')
    .description("create a campaign from a campaign file; each player's address comes next")
    .requiredOption('--id <campaign>', 'the campaign id (its games are <id>-1, <id>-2, ...)')
    .option('--gm-email <address>', "the game master's address, for the campaign's games")
    .action((file: string, opts: { id: string; gmEmail?: string }) => {
      // The file is read and checked against its scenarios before the database is opened.
      const spec = loadCampaignFile(file);
      return withRuntime(
        (rt) => {
          const row = createCampaign(rt.deps, {
            id: opts.id,
            spec,
            source: basename(file).replace(/\.yaml$/, ''),
            gmEmail: opts.gmEmail ?? null,
          });
          out(
            [
              `Campaign ${row.id} created: ${row.name}`,
              `Scenarios: ${row.spec.scenarios.map((s) => `${s.id} (${s.scenario})`).join(', ')}`,
              ...Object.entries(row.spec.players).map(
                ([p, s]) =>
                  `Player ${p} (side ${s.side}): ${s.pilots.map((x) => [x.name, x.quality, ...(x.crackShot ? ['crack shot'] : []), ...(x.keenEyes ? ['keen eyesight'] : [])].join(', ')).join('; ')}`,
              ),
              '',
              `Next: tallyho campaign player ${row.id} <player> <address> for ${Object.keys(row.spec.players).join(' and ')}, then tallyho campaign next ${row.id}`,
            ].join('\n'),
          );
        },
        { create: true },
      );
    });
  campaign
    .command('player <campaign> <player> <address>')
    .description('the address of a player of the campaign, for the games still to come')
    .action((id: string, player: string, address: string) =>
      withRuntime((rt) => {
        const c = setCampaignPlayer(rt.deps, { campaign: id, player, email: address });
        out(`${player.toLowerCase()} of campaign ${c.id} is ${address.toLowerCase()} from the next game on.`);
      }),
    );
  campaign
    .command('assign <campaign> <plane> <pilot>')
    .description('who flies a plane in the next game (a pilot id from campaign show; auto: the best free pilot)')
    .action((id: string, plane: string, pilot: string) =>
      withRuntime((rt) => {
        out(assignPilot(rt.deps, { campaign: id, plane, pilot }));
      }),
    );
  campaign
    .command('next <campaign>')
    .description("start the campaign's next game: its players are welcomed by mail")
    .action((id: string) =>
      withRuntime((rt) => {
        out(startNextGame(rt.deps, id).lines.join('\n'));
      }),
    );
  campaign
    .command('show <campaign>')
    .description('the standing, the games in order and every roster, every rating told')
    .option('--json', 'print the record as JSON')
    .action((id: string, opts: { json?: boolean }) =>
      withRuntime((rt) =>
        rt.store.tx((tx) => {
          const c = requireCampaign(tx, id);
          const r = recordOf(tx, c);
          if (opts.json)
            return out(
              JSON.stringify(
                {
                  id: c.id,
                  name: c.name,
                  status: c.status,
                  players: tx.campaigns.players(c.id),
                  games: tx.campaigns.games(c.id),
                  record: r,
                },
                null,
                2,
              ),
            );
          const players = tx.campaigns.players(c.id);
          out(
            [
              `Campaign ${c.id}: ${c.name} (${c.status})`,
              ...standingLines(tx, c, r),
              `Players: ${Object.keys(c.spec.players)
                .map(
                  (p) =>
                    `${p} ${players.find((x) => x.id === p)?.email ?? '(no address yet: tallyho campaign player)'}`,
                )
                .join(', ')}`,
              ...(Object.keys(c.assign).length
                ? [
                    `Chosen for the next game: ${Object.entries(c.assign)
                      .map(([pl, pi]) => `${pl} ${pi}`)
                      .join(', ')}`,
                  ]
                : []),
              '',
              ...Object.keys(c.spec.players).flatMap((p) => [
                `${p}'s pilots`,
                rosterText(r, p, 'all', c.status === 'over'),
                '',
              ]),
            ].join('\n'),
          );
        }),
      ),
    );
  campaign
    .command('list')
    .description('every campaign of this installation')
    .action(() =>
      withRuntime((rt) =>
        rt.store.tx((tx) => {
          const all = tx.campaigns.list();
          out(
            all.length
              ? all.map((c) => `${c.id}  ${c.status}  ${tx.campaigns.games(c.id).length} game(s)  ${c.name}`).join('\n')
              : 'No campaigns yet (tallyho campaign create).',
          );
        }),
      ),
    );
}
