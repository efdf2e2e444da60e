/**
 * Local mode's demo game: made on the first start from scenarios/duel.yaml, one player per side
 * (the side id as player id, <side>@localhost as address), started at once so the welcome mails
 * with their orders templates are waiting in the outbox. The demo secrets are kept next to the
 * database (demo-players.txt) so every start can print them: they are demo secrets, for this
 * machine only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addPlayer, createGame, startGame } from '../../app/games.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import type { Runtime } from '../runtime.ts';
import { loadScenarioFile } from '../scenario-file.ts';

export const DEMO_GAME = 'demo';
export const DEMO_SCENARIO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../scenarios/duel.yaml');

export interface DemoPlayer {
  id: string;
  email: string;
  planes: string[];
  secret: string;
}

export const demoFile = (databasePath: string): string => join(dirname(databasePath), 'demo-players.txt');

function readDemoFile(file: string): DemoPlayer[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => {
    const [id, email, planes, secret] = l.split(/\s+/);
    return { id: id ?? '', email: email ?? '', planes: (planes ?? '').split(','), secret: secret ?? '' };
  });
}

/** Creates and starts the demo game when the store has no game at all; returns its players. */
export function ensureDemo(rt: Runtime, scenarioPath: string = DEMO_SCENARIO): { created: boolean; players: DemoPlayer[] } {
  const file = demoFile(rt.config.databasePath);
  const games = rt.store.tx((tx) => tx.games.list());
  if (games.length) return { created: false, players: games.some((g) => g.id === DEMO_GAME) ? readDemoFile(file) : [] };
  const catalog = loadAircraftDir();
  const scenario = loadScenarioFile(scenarioPath, catalog);
  createGame(rt.deps, { id: DEMO_GAME, scenario, catalog });
  const players: DemoPlayer[] = [];
  for (const side of Object.keys(scenario.sides)) {
    const planes = scenario.planes.filter((p) => p.side === side).map((p) => p.id);
    if (!planes.length) continue;
    const email = `${side}@localhost`;
    const { secret } = addPlayer(rt.deps, { gameId: DEMO_GAME, playerId: side, email, planes });
    players.push({ id: side, email, planes, secret });
  }
  startGame(rt.deps, DEMO_GAME);
  const lines = ['# The demo game of local mode: player, address, planes, secret (demo only).', ...players.map((p) => `${p.id} ${p.email} ${p.planes.join(',')} ${p.secret}`)];
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
  return { created: true, players };
}
