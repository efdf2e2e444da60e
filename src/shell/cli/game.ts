/**
 * `tallyho game create|start|status|list` (docs/gm-guide.md):
 *   game create <scenario> --id <game>    a new game from a scenario file, waiting for players
 *   game start <game>                     queues every player's welcome mail
 *   game status <game>                    players in and missing for the turn, mail, dead letters
 *   game list                             every game
 * The store is the one of the configuration (DATABASE_PATH, .env); the running server sends the mail.
 */
import type { Command } from 'commander';
import { createGame, gameStatus, startGame, type GameStatusView } from '../../app/games.ts';
import { when } from '../../app/messages.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import { loadScenarioFile } from '../scenario-file.ts';
import { withRuntime } from '../runtime.ts';

const out = (text: string): void => { process.stdout.write(text.endsWith('\n') ? text : `${text}\n`); };

export function statusText(v: GameStatusView): string {
  const g = v.game;
  const lines = [`Game ${g.id}: ${g.name}`, `  status: ${g.status}${g.status === 'setup' ? ' (tallyho game start)' : ''}, turn ${g.turn}`];
  if (g.status === 'running') {
    const missing = v.players.filter((p) => !p.ordersIn).map((p) => p.id);
    lines.push(`  orders for turn ${g.turn}: ${missing.length ? `waiting for ${missing.join(', ')}` : 'all in'}`);
  }
  lines.push('', 'Players');
  for (const p of v.players) {
    const state = g.status !== 'running' ? '' : p.flying === 0 ? 'nothing flying' : p.ordersIn ? `in (${when(p.submittedAt as number)})` : 'MISSING';
    lines.push(`  ${p.id.padEnd(12)} ${p.email.padEnd(30)} ${p.planes.join(',').padEnd(12)} ${state}`.trimEnd());
  }
  if (!v.players.length) lines.push('  none yet (tallyho player add)');
  lines.push('', `Mail: ${v.outbox.pending} waiting to be sent, ${v.outbox.sent} sent, ${v.outbox.dead} dead letters`);
  for (const d of v.deadLetters) {
    lines.push(`  DEAD #${d.id} to ${d.recipient}: ${d.subject}`, `       ${d.lastError ?? ''}`);
  }
  return lines.join('\n');
}

export function registerGameCommands(program: Command): void {
  const game = program.command('game').description('create, start and follow games (docs/gm-guide.md)');
  game
    .command('create <scenario>')
    .description('create a game from a scenario file; players are added next')
    .requiredOption('--id <game>', 'the game id players write in their orders (lower-case letters, digits, - or _)')
    .action((scenarioPath: string, opts: { id: string }) => withRuntime((rt) => {
      const catalog = loadAircraftDir();
      const scenario = loadScenarioFile(scenarioPath, catalog);
      const row = createGame(rt.deps, { id: opts.id, scenario, catalog });
      const planes = scenario.planes.map((p) => `  ${p.id.padEnd(6)} ${p.type.padEnd(14)} ${scenario.sides[p.side]?.name ?? p.side}`);
      out([`Game ${row.id} created: ${row.name}`, 'Planes:', ...planes, '',
        `Next: tallyho player add ${row.id} <player> --email <address> --planes <ids>, then tallyho game start ${row.id}`].join('\n'));
    }));
  game
    .command('start <game>')
    .description('start the game: every player is mailed a welcome with the map and an orders template')
    .action((id: string) => withRuntime((rt) => {
      const r = startGame(rt.deps, id);
      out(`Game ${r.game.id} started: ${r.welcomes} welcome mail${r.welcomes === 1 ? '' : 's'} queued (the running server sends them; tallyho mail list shows them).`);
    }));
  game
    .command('status <game>')
    .description('players in and missing for the current turn, the mail waiting and the dead letters')
    .option('--json', 'print the status as JSON')
    .action((id: string, opts: { json?: boolean }) => withRuntime((rt) => {
      const v = gameStatus(rt.deps, id);
      out(opts.json ? JSON.stringify(v, null, 2) : statusText(v));
    }));
  game
    .command('list')
    .description('every game of this installation')
    .action(() => withRuntime((rt) => {
      const games = rt.store.tx((tx) => tx.games.list());
      out(games.length ? games.map((g) => `${g.id.padEnd(20)} ${g.status.padEnd(8)} turn ${String(g.turn).padEnd(4)} ${g.name}`).join('\n') : 'No games yet (tallyho game create).');
    }));

}
