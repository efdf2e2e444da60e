/**
 * Local mode's demo game: made on the first start from scenarios/duel.yaml, one player per side
 * (the side id as player id, <side>@localhost as address), started at once so the welcome mails
 * with their orders templates are waiting in the outbox. The demo secrets are kept next to the
 * database, in a file named after it (var/tallyho.sqlite: var/tallyho.demo-players.txt), so every
 * start can print them and a second database in the same directory has its own: they are demo
 * secrets, for this machine only.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { addPlayer, createGame, startGame } from '../../app/setup/games.ts';
import { addComputerSeat } from '../../app/setup/roster.ts';
import { setSetting } from '../../app/gm/control.ts';
import { overText } from '../../app/archive/games.ts';
import type { GameRow } from '../../app/ports/store.ts';
import type { StandinLevel } from '../../core/standin/levels.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import { type Runtime, SOLO_GAMES } from '../runtime.ts';
import { loadScenarioFile } from '../scenario-file.ts';
import { loadShipDir } from '../ships/catalog.ts';
import { loadOrdnance } from '../ordnance/table.ts';

export const DEMO_GAME = 'demo';
/** The solo game (`npm start -- --solo`): the demo's duel, the computer flying the second side. */
export const SOLO_GAME = 'solo';
export const DEMO_SCENARIO = resolve(dirname(fileURLToPath(import.meta.url)), '../../../scenarios/duel.yaml');

export interface DemoPlayer {
  /** The game the player plays in (the demo's or the solo game's). */
  game?: string;
  id: string;
  email: string;
  planes: string[];
  /** The solo game's stand-in level (its `standin` setting). */
  level?: StandinLevel;
  secret: string;
}

/** The demo secrets of the database at `databasePath`: beside it, its name without .sqlite. */
export const demoFile = (databasePath: string): string => {
  const name = basename(databasePath);
  return join(dirname(databasePath), `${extname(name) ? name.slice(0, -extname(name).length) : name}.demo-players.txt`);
};

/** Where every database of a directory kept its demo secrets before they were kept per database. */
const sharedDemoFile = (databasePath: string): string => join(dirname(databasePath), 'demo-players.txt');

function readDemoFile(file: string): DemoPlayer[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => {
      const [id, email, planes, secret] = l.split(/\s+/);
      return { id: id ?? '', email: email ?? '', planes: (planes ?? '').split(','), secret: secret ?? '' };
    });
}

function writeDemoFile(file: string, players: DemoPlayer[]): void {
  const lines = [
    '# The demo game of local mode: player, address, planes, secret (demo only).',
    ...players.map((p) => `${p.id} ${p.email} ${p.planes.join(',')} ${p.secret}`),
  ];
  writeFileSync(file, `${lines.join('\n')}\n`, { mode: 0o600 });
}

/**
 * The demo players' secrets of this database: its own file, or, from an installation that kept
 * one file per directory, that file when every secret in it opens this database's demo players
 * (then copied to this database's own file); none when neither is there or the shared file
 * belongs to another database.
 */
function demoPlayersOf(rt: Runtime): DemoPlayer[] {
  const own = demoFile(rt.config.databasePath);
  if (existsSync(own)) return readDemoFile(own);
  const shared = readDemoFile(sharedDemoFile(rt.config.databasePath));
  const hashes = new Map(rt.store.tx((tx) => tx.players.list(DEMO_GAME)).map((p) => [p.id, p.secretHash]));
  if (
    !shared.length ||
    !shared.every((p) => hashes.has(p.id) && rt.deps.keys.verifySecret(p.secret, hashes.get(p.id) as string))
  )
    return [];
  writeDemoFile(own, shared);
  return shared;
}

/** Creates and starts the demo game when the store has no game at all; returns its players. */
export function ensureDemo(
  rt: Runtime,
  scenarioPath: string = DEMO_SCENARIO,
): { created: boolean; players: DemoPlayer[] } {
  const file = demoFile(rt.config.databasePath);
  const games = rt.store.tx((tx) => tx.games.list());
  if (games.length) return { created: false, players: games.some((g) => g.id === DEMO_GAME) ? demoPlayersOf(rt) : [] };
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  const scenario = loadScenarioFile(scenarioPath, catalog, ships);
  createGame(rt.deps, { id: DEMO_GAME, scenario, catalog, ships, ...loadOrdnance() });
  const players: DemoPlayer[] = [];
  for (const side of Object.keys(scenario.sides)) {
    const planes = scenario.planes.filter((p) => p.side === side).map((p) => p.id);
    if (!planes.length) continue;
    const email = `${side}@localhost`;
    const { secret } = addPlayer(rt.deps, { gameId: DEMO_GAME, playerId: side, email, planes });
    players.push({ id: side, email, planes, secret });
  }
  startGame(rt.deps, DEMO_GAME);
  writeDemoFile(file, players);
  return { created: true, players };
}

/**
 * A solo game's player secret, beside the database (var/tallyho.sqlite: var/tallyho.solo-player.txt
 * for the first solo game, var/tallyho.solo-2-player.txt for the second, ...).
 */
export const soloFile = (databasePath: string, gameId: string = SOLO_GAME): string =>
  demoFile(databasePath).replace(/demo-players\.txt$/, `${gameId}-player.txt`);

/** The solo games of the store, oldest first: solo, solo-2, solo-3, ... */
function soloGames(rt: Runtime): GameRow[] {
  const n = (id: string): number => Number(/^solo(?:-(\d+))?$/.exec(id)?.[1] ?? 1);
  return rt.store
    .tx((tx) => tx.games.list())
    .filter((g) => SOLO_GAMES.test(g.id))
    .sort((a, b) => n(a.id) - n(b.id));
}

/**
 * Local mode's solo game (`npm start -- --solo`, docs/local-mode.md "Playing alone"): the demo's
 * duel in a game of its own, the player flying the first side and the stand-in pilot the other
 * (docs/standin.md); a turn resolves as soon as the player's orders are in. The latest solo game
 * goes on while it runs; when it is over (or with `fresh`, --solo new) a new one is made, `solo`,
 * then `solo-2`, `solo-3`, ..., next to whatever games the store holds (none of them touched), its
 * player's secret kept beside the database. `level` (--level) sets its stand-in's level
 * (docs/standin.md "Levels"): a new game's from turn 1 (without it, the level of the solo game
 * before), a running one's from its next turn (the player is told, as of any change of settings).
 * Returns its player, and `before`: what became of the solo game before, when a new one was made.
 */
export function ensureSolo(
  rt: Runtime,
  scenarioPath: string = DEMO_SCENARIO,
  level?: StandinLevel,
  fresh = false,
): { created: boolean; players: DemoPlayer[]; before?: string } {
  const games = soloGames(rt);
  const latest = games.at(-1);
  const levelOf = (id: string): StandinLevel => rt.store.tx((tx) => tx.control.get(id).settings.standinLevel);
  if (latest && latest.status !== 'over' && !fresh) {
    if (level && level !== levelOf(latest.id)) setSetting(rt.deps, latest.id, 'standin', level);
    return {
      created: false,
      players: readDemoFile(soloFile(rt.config.databasePath, latest.id)).map((p) => ({
        ...p,
        game: latest.id,
        level: levelOf(latest.id),
      })),
    };
  }
  const id = !latest ? SOLO_GAME : `solo-${games.length + 1}`;
  const before =
    latest &&
    (latest.status === 'over'
      ? `Solo game '${latest.id}', ended: ${rt.store.tx((tx) => overText(tx, latest))}`
      : `Solo game '${latest.id}' is still open (at turn ${latest.turn}); its mails go on working, and npm start -- --solo from now on plays '${id}'.`);
  const catalog = loadAircraftDir();
  const ships = loadShipDir();
  const scenario = loadScenarioFile(scenarioPath, catalog, ships);
  const [mine, theirs] = Object.keys(scenario.sides);
  if (!mine || !theirs)
    throw new Error(`${scenarioPath} has fewer than two sides: there is nobody to play alone against`);
  createGame(rt.deps, { id, scenario, catalog, ships, ...loadOrdnance() });
  const planes = [
    ...scenario.planes.filter((p) => p.side === mine).map((p) => p.id),
    ...(scenario.units ?? []).filter((u) => u.side === mine).map((u) => u.id),
  ];
  const email = `${mine}@localhost`;
  const { secret } = addPlayer(rt.deps, { gameId: id, playerId: mine, email, planes });
  rt.store.tx((tx) => addComputerSeat(rt.deps, tx, id, theirs));
  const wanted = level ?? (latest ? levelOf(latest.id) : undefined);
  if (wanted) setSetting(rt.deps, id, 'standin', wanted);
  startGame(rt.deps, id);
  const players = [{ id: mine, email, planes, secret }];
  writeDemoFile(soloFile(rt.config.databasePath, id), players);
  return {
    created: true,
    players: players.map((p) => ({ ...p, game: id, level: levelOf(id) })),
    ...(before ? { before } : {}),
  };
}
