/**
 * `npm run bench:standin` (docs/standin.md "How strong it is"): the stand-in in duels (bench/duels.ts)
 * against the missed-orders default, pursuit, hunter and the stand-in as it was before (a frozen
 * copy), each start flown twice with the seats swapped (the stand-in flies each seat and so each
 * type of the pair), on a map with no edge to flee to, up to 20 turns; then the mirror (the stand-in
 * on both sides, each start flown with the types one way and the other); then the stand-in at its
 * best (an ace) against itself at the lower levels, a regular and a recruit (docs/standin.md
 * "Levels"). A line each: wins, draws
 * and losses, kills, what the losses were (shot down, crashed, off the map) and the hits dealt and
 * taken; then the stand-in's time per plane and turn and the process's peak RSS.
 *
 * STANDIN_DUELS starts each (20 by default: 200 duels); STANDIN_TURNS turns at most (20).
 */
import { collectIfLarge, GROWTH, HEAP_GROWING_PERCENT, limitHeapGrowth, RSS_SOFT_LIMIT } from '../src/shell/memory.ts';
import {
  duelStart,
  hunterPilot,
  levelPilot,
  missedOrdersPilot,
  playDuel,
  previousPilot,
  pursuitPilot,
  standInPilot,
  type DuelResult,
  type Pilot,
} from './duels.ts';

/**
 * Each duel flown as the server runs the stand-in: V8's heap growth limited as the server limits
 * it at its start, and after each turn the server's collection policy (shell/memory.ts: a full
 * collection when the resident set is above its soft limit and has grown since the last), which
 * the server applies after each group of mails and each clock run that resolved turns. Untimed:
 * the stand-in's time per choice is its own.
 */
limitHeapGrowth();
const fly = (scenario: Parameters<typeof playDuel>[0], pilots: Record<string, Pilot>): DuelResult =>
  playDuel(scenario, pilots, TURNS, scenario.name, () => {
    collectIfLarge();
  });

const N = Number(process.env.STANDIN_DUELS ?? 20);
const TURNS = Number(process.env.STANDIN_TURNS ?? 20);
const times: number[] = [];
const pct = (k: number, n: number): string => `${Math.round((100 * k) / Math.max(1, n))}%`;

interface Tally {
  wins: number;
  draws: number;
  losses: number;
  duels: number;
  kills: number;
  shotDown: number;
  crashed: number;
  exited: number;
  enemyCrashed: number;
  enemyExited: number;
  dealt: number;
  taken: number;
}
const empty = (): Tally => ({
  wins: 0,
  draws: 0,
  losses: 0,
  duels: 0,
  kills: 0,
  shotDown: 0,
  crashed: 0,
  exited: 0,
  enemyCrashed: 0,
  enemyExited: 0,
  dealt: 0,
  taken: 0,
});

/** Adds a duel to the tally of `side`. */
function add(t: Tally, r: DuelResult, side: string, other: string): void {
  t.duels++;
  if (r.winner === side) t.wins++;
  else if (r.winner === other) t.losses++;
  else t.draws++;
  const s = r.sides[side];
  const o = r.sides[other];
  if (!s || !o) return;
  t.kills += s.kills;
  t.shotDown += s.lost.shotDown;
  t.crashed += s.lost.crashed;
  t.exited += s.lost.exited;
  t.enemyCrashed += o.lost.crashed;
  t.enemyExited += o.lost.exited;
  t.dealt += s.hitsDealt;
  t.taken += s.hitsTaken;
}

/** The stand-in against `other`, each start twice: the stand-in in seat A, then in seat B. */
function series(other: Pilot): Tally {
  const t = empty();
  for (let i = 0; i < N; i++) {
    for (const seat of ['a', 'b'] as const) {
      const them = seat === 'a' ? 'b' : 'a';
      const r = fly(duelStart(i), { [seat]: standInPilot, [them]: other });
      times.push(...(r.times[seat] ?? []));
      add(t, r, seat, them);
    }
  }
  return t;
}

const line = (name: string, t: Tally, goal: string): string =>
  `vs ${name}: ${t.wins} W, ${t.draws} D, ${t.losses} L of ${t.duels} (${pct(t.wins, t.duels)} won, ${pct(t.losses, t.duels)} lost); ` +
  `kills ${t.kills}, the enemy crashed ${t.enemyCrashed}, left the map ${t.enemyExited}; lost: shot down ${t.shotDown}, crashed ${t.crashed}, left the map ${t.exited}; ` +
  `hits dealt ${t.dealt}, taken ${t.taken}; goal ${goal}`;

const started = Date.now();
console.log(
  `${N} starts, each flown twice (the seats swapped), up to ${TURNS} turns, on a map with no edge to flee to`,
);
console.log(line('missed-orders default', series(missedOrdersPilot), '>= 90% won'));
// The stand-in's own memory: so far only it has worked (the default gives no orders).
const ownRss = Math.round(process.resourceUsage().maxRSS / 1024);
console.log(line('pursuit', series(pursuitPilot), '>= 75% won, <= 10% lost'));
console.log(line('hunter', series(hunterPilot), '>= 50% won, <= 15% lost, more hits dealt than taken'));
const prev = series(previousPilot);
console.log(
  `${line('previous', prev, '>= 70% of the decided duels won')} (${pct(prev.wins, prev.wins + prev.losses)} of the decided)`,
);
const a = empty();
const b = empty();
for (let i = 0; i < N; i++) {
  for (const swapped of [false, true]) {
    const r = fly(duelStart(i, swapped), { a: standInPilot, b: standInPilot });
    times.push(...(r.times.a ?? []), ...(r.times.b ?? []));
    add(a, r, 'a', 'b');
    add(b, r, 'b', 'a');
  }
}
console.log(
  `mirror (the stand-in on both sides, the types both ways): side A ${a.wins} W (${pct(a.wins, a.duels)}), side B ${b.wins} W (${pct(b.wins, b.duels)}), ${a.draws} D of ${a.duels}; ` +
    `kills A ${a.kills}, B ${b.kills}; hits A ${a.dealt}, B ${b.dealt}; goal: neither side above 55%`,
);
// The levels: the ace against a regular and a recruit (no goal: how far apart they fly is the figure).
for (const level of ['regular', 'recruit'] as const) {
  const t = series(levelPilot(level));
  console.log(
    `${line(`the stand-in as ${level === 'regular' ? 'a regular' : 'a recruit'}`, t, 'none (the ace should win more than it loses)')} (${pct(t.wins, t.wins + t.losses)} of the decided)`,
  );
}
times.sort((x, y) => x - y);
const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
console.log(
  `stand-in time per plane and turn: p50 ${(at(0.5) / 1000).toFixed(3)} s, p95 ${(at(0.95) / 1000).toFixed(3)} s over ${times.length} (goal p95 <= 2 s)`,
);
console.log(
  `peak RSS ${ownRss} MB with the stand-in alone at work (the duels against the default; goal <= 300 MB), ${Math.round(process.resourceUsage().maxRSS / 1024)} MB for the whole bench, with the server's heap growth (${HEAP_GROWING_PERCENT}%) and collection policy (a full collection after a turn when above ${RSS_SOFT_LIMIT / 2 ** 20} MB and ${GROWTH / 2 ** 20} MB more than after the last); ${((Date.now() - started) / 1000).toFixed(0)} s in all`,
);
