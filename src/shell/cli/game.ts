/**
 * `tallyho game create|start|status|list` (docs/gm-guide.md); the game master's controls
 * (pause, extend, set, ...) are in game-control.ts:
 *   game create <scenario> --id <game> [--gm-email a]   a new game from a scenario file, waiting for players
 *   game start <game>                     queues every player's welcome mail
 *   game muster <game> [--within 3d]      every player is called to answer READY; turn 1 opens when all have
 *   game status <game> [--json]           players in and missing for the turn, deadline, mail, dead letters
 *   game list [--json]                    every game with its turn, deadline and who is missing
 * The store is the one of the configuration (DATABASE_PATH, .env); the running server sends the mail.
 */
import type { Command } from 'commander';
import {
  createGame,
  createQuickGame,
  gameStatus,
  notificationLines,
  startGame,
  startedWithout,
  type GameStatusView,
} from '../../app/setup/games.ts';
import { openMuster } from '../../app/setup/muster.ts';
import { basename } from 'node:path';
import type { GameState } from '../../core/state.ts';
import { loadQuickCards } from '../quick.ts';
import { parseQuickScenario } from '../../core/quick/scenario.ts';
import { TallyhoError } from '../errors.ts';
import { quickScenarioData } from './resolve.ts';
import { when } from '../../app/words/text.ts';
import { gameClock, heldBackLines, listGames, type GameClockView, type GameListEntry } from '../../app/gm/overview.ts';
import { addComputerSeat, setGm, sideNamed, sidesList } from '../../app/setup/roster.ts';
import { formatInZone } from '../../app/game/zones.ts';
import { loadAircraftDir } from '../aircraft/catalog.ts';
import { loadScenarioFile } from '../scenario-file.ts';
import { loadShipDir } from '../ships/catalog.ts';
import { loadOrdnance } from '../ordnance/table.ts';
import { type Runtime, withRuntime } from '../runtime.ts';
import { registerGameControlCommands } from './game-control.ts';

const out = (text: string): void => {
  process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
};

/** --computer's sides, checked against the scenario's before anything is created. */
function checkSides(file: string, sides: Record<string, { name: string }>, asked: readonly string[] | undefined): void {
  for (const a of asked ?? []) {
    if (!sideNamed(sides, a))
      throw new TallyhoError('E_USAGE', `--computer ${a}: ${file} has no such side; nothing was created`, [
        sidesList(sides),
      ]);
  }
}

/** The seats of --computer, made in the new game: their lines for the output. */
function computerSeats(rt: Runtime, gameId: string, sides: readonly string[] | undefined): string[] {
  if (!sides?.length) return [];
  const seats = rt.store.tx((tx) => sides.map((side) => addComputerSeat(rt.deps, tx, gameId, side)));
  return [...seats.map((p) => `Seat ${p.id}: the stand-in pilot flies ${p.planes.join(', ')} (docs/standin.md)`), ''];
}

export function statusText(v: GameStatusView, c?: GameClockView): string {
  const g = v.game;
  const lines = [
    `Game ${g.id}: ${g.name}`,
    `  status: ${g.status}${g.status === 'setup' ? (v.muster ? ' (mustering: turn 1 opens when every player is READY; tallyho game start starts it without waiting)' : " (tallyho game start, or tallyho game muster to wait for every player's READY)") : ''}${c?.terminated ? ' (terminated)' : ''}${c?.paused ? ` PAUSED${c.pauseReason ? `: ${c.pauseReason}` : ''}` : ''}, ${g.status === 'over' ? (v.lastTurn ? `ended after turn ${v.lastTurn}` : 'ended before turn 1 was resolved') : `turn ${g.turn}`}`,
  ];
  if (g.status === 'running') {
    const missing = v.players.filter((p) => !p.ordersIn && !p.standin).map((p) => p.id);
    lines.push(
      `  orders for turn ${g.turn}: ${missing.length ? `waiting for ${missing.join(', ')}` : v.standinOnly ? 'every seat flown by the stand-in pilot: the turn waits for its deadline or PROCESS' : 'all in'}`,
    );
    if (c) {
      lines.push(
        `  deadline: ${c.deadline === null ? `none (${v.standinOnly ? "resolved by the game master's PROCESS" : 'resolved when every order is in'})` : `${formatInZone(c.deadline, c.zone)}${c.zone === 'UTC' ? '' : ` = ${formatInZone(c.deadline, 'UTC')}`}`}`,
      );
      if (c.hold) lines.push(`  held: ${c.hold}`);
      if (c.stall)
        lines.push(
          `  CANNOT BE RESOLVED since ${when(c.stall.since)} (${c.stall.attempts} attempt${c.stall.attempts === 1 ? '' : 's'}); nothing was moved:`,
          ...c.stall.problems.map((l) => `    ${l}`),
        );
      lines.push(
        `  extensions: ${c.extensions.turn} this turn, ${c.extensions.total} in all (at most ${c.settings.maxExtensionsPerTurn} and ${c.settings.maxExtensionsTotal})`,
      );
    }
  }
  if (v.muster) lines.push(...musterLines(v.muster, c?.zone ?? 'UTC'));
  if (c) lines.push(`  game master: ${c.gmEmail ?? 'none set (tallyho gm set)'}`);
  for (const j of c?.joinRequests ?? [])
    lines.push(`  JOIN request: ${j.playerId} (${j.email})${j.note ? `: ${j.note}` : ''}`);
  lines.push('', 'Players');
  for (const p of v.players) {
    const muster = v.muster && (v.muster.missing.includes(p.id) ? 'NOT READY' : 'ready');
    const state =
      g.status !== 'running'
        ? (muster ?? '')
        : p.flying === 0
          ? 'nothing flying'
          : p.ordersIn
            ? `in (${when(p.submittedAt as number)})`
            : p.standin === 'computer'
              ? 'the stand-in pilot flies this seat'
              : p.standin === 'leave'
                ? 'on leave: the stand-in pilot flies'
                : 'MISSING';
    const misses = c?.misses[p.id] ? ` missed ${c.misses[p.id]}` : '';
    lines.push(
      `  ${p.id.padEnd(12)} ${(p.email || '(no address)').padEnd(30)} ${p.planes.join(',').padEnd(12)} ${state}${misses}`.trimEnd(),
    );
  }
  if (!v.players.length) lines.push('  none yet (tallyho player add)');
  lines.push('', `Mail: ${v.outbox.pending} waiting to be sent, ${v.outbox.sent} sent, ${v.outbox.dead} dead letters`);
  if (c) lines.push(...heldBackLines(c));
  for (const d of v.deadLetters) {
    lines.push(`  DEAD #${d.id} to ${d.recipient}: ${d.subject}`, `       ${d.lastError ?? ''}`);
  }
  const n = notificationLines(v.notifications);
  if (n.length) lines.push('', ...n);
  return lines.join('\n');
}

/** The muster of `game status`: its limit, who is ready since when, who is not. */
function musterLines(m: NonNullable<GameStatusView['muster']>, zone: string): string[] {
  const limit = `${formatInZone(m.until, zone)}${zone === 'UTC' ? '' : ` = ${formatInZone(m.until, 'UTC')}`}`;
  return [
    `  muster: READY by ${limit}${m.toldAt === null ? '' : ` (passed; the game master was told ${when(m.toldAt)})`} (tallyho game muster --within <time> gives more)`,
    `  ready: ${m.ready.map((r) => (r.at === null ? `${r.id} (the stand-in pilot)` : `${r.id} (${when(r.at)})`)).join(', ') || 'nobody yet'}; not yet: ${m.missing.join(', ') || 'nobody'}`,
  ];
}

/** Rows of cells as columns each as wide as its widest cell, two spaces apart; `right`: columns aligned right. */
export function columns(rows: string[][], right: number[] = []): string {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? [];
  return rows
    .map((r) =>
      r
        .map((c, i) => (right.includes(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** `game list`: one line a game under a heading, the columns as wide as their longest id, name, ... */
export function listText(games: GameListEntry[]): string {
  const rows = games.map((g) => [
    g.id,
    g.status,
    String(g.turn),
    g.name,
    g.stalled ? 'STUCK' : g.paused ? 'PAUSED' : g.deadline ? `${g.deadline.slice(0, 16).replace('T', ' ')} UTC` : '',
    g.status === 'running' ? g.missing.join(',') : '',
  ]);
  return columns([['GAME', 'STATUS', 'TURN', 'NAME', 'DUE', 'MISSING'], ...rows], [2]);
}

export function registerGameCommands(program: Command): void {
  const game = program.command('game').description('create, start and follow games (docs/gm-guide.md)');
  game
    .command('create <scenario>')
    .description('create a game from a scenario file; players are added next')
    .requiredOption('--id <game>', 'the game id players write in their orders (lower-case letters, digits, - or _)')
    .option('--gm-email <address>', "the game master's address; a GM secret for commands by mail is printed")
    .option('--computer <side...>', 'a seat the stand-in pilot flies, with every plane of that side (docs/standin.md)')
    .action((scenarioPath: string, opts: { id: string; gmEmail?: string; computer?: string[] }) => {
      // The quick game (seed 004, docs/quick.md) has scenarios of its own.
      const quick = quickScenarioData(scenarioPath);
      if (quick !== undefined) {
        const cards = loadQuickCards();
        // Read before the database is opened, as a standard scenario is: a wrong one makes none.
        const checked = parseQuickScenario(quick, basename(scenarioPath), cards, '');
        if (!checked.ok)
          throw new TallyhoError(
            'E_SCENARIO',
            `${scenarioPath} is not a valid quick-game scenario`,
            checked.error.map((p) => p.message),
          );
        checkSides(scenarioPath, checked.value.scenario.sides, opts.computer);
        return withRuntime(
          (rt) => {
            const row = createQuickGame(rt.deps, { id: opts.id, data: quick, file: basename(scenarioPath), cards });
            const seats = computerSeats(rt, row.id, opts.computer);
            const gm = opts.gmEmail ? setGm(rt.deps, row.id, { email: opts.gmEmail, newSecret: true }) : null;
            // The aircraft as the game holds them, read back from its first turn.
            const state = rt.store.tx((tx) => tx.turns.get(row.id, 1)?.state) as GameState;
            const planes = state.planes.map(
              (p) =>
                `  ${p.id.padEnd(6)} ${(state.quick?.cards[p.type]?.name ?? p.type).padEnd(14)} ${state.sides[p.side]?.name ?? p.side}`,
            );
            out(
              [
                `Game ${row.id} created: ${row.name} (the quick game, docs/quick.md)`,
                'Aircraft:',
                ...planes,
                '',
                ...seats,
                ...(gm
                  ? [
                      `Game master: ${gm.email}, GM secret: ${gm.secret}`,
                      'The GM secret is shown this once: use it in #TALLYHO ' + row.id + ' gm "<GM secret>" envelopes.',
                      '',
                    ]
                  : []),
                `Next: tallyho player add ${row.id} <player> --email <address> --planes <ids>, then tallyho game start ${row.id} (or tallyho game muster ${row.id} to wait for every player's READY first)`,
              ].join('\n'),
            );
          },
          { create: true },
        );
      }
      // The scenario is read before the database is opened, so a wrong one makes no database.
      const catalog = loadAircraftDir();
      const ships = loadShipDir();
      const scenario = loadScenarioFile(scenarioPath, catalog, ships);
      checkSides(scenarioPath, scenario.sides, opts.computer);
      return withRuntime(
        (rt) => {
          const row = createGame(rt.deps, { id: opts.id, scenario, catalog, ships, ...loadOrdnance() });
          const seats = computerSeats(rt, row.id, opts.computer);
          const gm = opts.gmEmail ? setGm(rt.deps, row.id, { email: opts.gmEmail, newSecret: true }) : null;
          const planes = scenario.planes.map(
            (p) => `  ${p.id.padEnd(6)} ${p.type.padEnd(14)} ${scenario.sides[p.side]?.name ?? p.side}`,
          );
          const units = (scenario.units ?? []).map(
            (u) =>
              `  ${u.id.padEnd(6)} ${(u.kind === 'ship' ? (ships.get(u.type ?? '')?.name ?? u.type ?? '') : u.kind).padEnd(14)} ${scenario.sides[u.side]?.name ?? u.side}`,
          );
          out(
            [
              `Game ${row.id} created: ${row.name}`,
              'Planes:',
              ...planes,
              ...(units.length ? ['Trucks, tanks and ships:', ...units] : []),
              '',
              ...seats,
              ...(gm
                ? [
                    `Game master: ${gm.email}, GM secret: ${gm.secret}`,
                    'The GM secret is shown this once: use it in #TALLYHO ' + row.id + ' gm "<GM secret>" envelopes.',
                    '',
                  ]
                : []),
              `Next: tallyho player add ${row.id} <player> --email <address> --planes <ids>, then tallyho game start ${row.id} (or tallyho game muster ${row.id} to wait for every player's READY first)`,
            ].join('\n'),
          );
        },
        { create: true },
      );
    });
  game
    .command('start <game>')
    .description('start the game: every player is mailed a welcome with the map and an orders template')
    .action((id: string) =>
      withRuntime((rt) => {
        const r = startGame(rt.deps, id);
        out(
          [
            `Game ${r.game.id} started: ${r.welcomes} welcome mail${r.welcomes === 1 ? '' : 's'} queued (the running server sends them; tallyho mail list shows them).`,
            ...startedWithout(r.notReady),
          ].join('\n'),
        );
      }),
    );
  game
    .command('muster <game>')
    .description('call every player to answer READY by mail; turn 1 opens when all have (again: more time)')
    .option('--within <time>', 'how long they have, with its unit: 90m, 48h, 3d (1h to 30d; default 3d)')
    .action((id: string, opts: { within?: string }) =>
      withRuntime((rt) => {
        out(openMuster(rt.deps, id, opts.within).join('\n'));
      }),
    );
  game
    .command('status <game>')
    .description('players in and missing for the current turn, the mail waiting and the dead letters')
    .option('--json', 'print the status as JSON')
    .action((id: string, opts: { json?: boolean }) =>
      withRuntime((rt) => {
        const v = gameStatus(rt.deps, id);
        const c = gameClock(rt.deps, id);
        out(opts.json ? JSON.stringify({ ...v, clock: c }, null, 2) : statusText(v, c));
      }),
    );
  game
    .command('list')
    .description('every game of this installation, with its deadline and who is missing')
    .option('--json', 'print the list as JSON')
    .action((opts: { json?: boolean }) =>
      withRuntime((rt) => {
        const games = listGames(rt.deps);
        if (opts.json) return out(JSON.stringify(games, null, 2));
        out(games.length ? listText(games) : 'No games yet (tallyho game create).');
      }),
    );
  registerGameControlCommands(game);
}
