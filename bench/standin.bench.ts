/**
 * `npm run bench:standin` (docs/standin.md "How strong it is"): the stand-in against the
 * missed-orders default, against pursuit, and against itself from mirrored starts (each start flown
 * twice, the aircraft types swapped), STANDIN_DUELS starts each (70 by default: 280 duels); then
 * the stand-in's time per plane and turn and the process's peak RSS. Goals: >= 90% wins against
 * the default, >= 60% against pursuit, no side above 60% in the mirror, p95 <= 2 s, RSS <= 300 MB.
 */
import { duelStart, missedOrdersPilot, playDuel, pursuitPilot, standInPilot, type Pilot } from './duels.ts';

const N = Number(process.env.STANDIN_DUELS ?? 70);
const times: number[] = [];
const pct = (k: number, n: number): string => `${Math.round((100 * k) / Math.max(1, n))}%`;

function series(other: Pilot | null): { a: number; b: number; draws: number; games: number } {
  let a = 0;
  let b = 0;
  let draws = 0;
  let games = 0;
  for (let i = 0; i < N; i++) {
    for (const mirrored of other ? [false] : [false, true]) {
      const r = playDuel(duelStart(i, mirrored), { a: standInPilot, b: other ?? standInPilot }, 30);
      times.push(...(r.times.a ?? []), ...(other ? [] : r.times.b ?? []));
      games++;
      if (r.winner === 'a') a++; else if (r.winner === 'b') b++; else draws++;
    }
  }
  return { a, b, draws, games };
}

const started = Date.now();
const d = series(missedOrdersPilot);
console.log(`stand-in vs missed-orders default: ${d.a} wins, ${d.draws} draws, ${d.b} losses of ${d.games} (${pct(d.a, d.games)} won; goal >= 90%)`);
const p = series(pursuitPilot);
console.log(`stand-in vs pursuit: ${p.a} wins, ${p.draws} draws, ${p.b} losses of ${p.games} (${pct(p.a, p.games)} won; goal >= 60%)`);
const m = series(null);
console.log(`stand-in vs stand-in: side A ${m.a}, side B ${m.b}, draws ${m.draws} of ${m.games} (A ${pct(m.a, m.games)}, B ${pct(m.b, m.games)}; goal: neither above 60%)`);
times.sort((x, y) => x - y);
const at = (q: number): number => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
console.log(`stand-in time per plane and turn: p50 ${(at(0.5) / 1000).toFixed(3)} s, p95 ${(at(0.95) / 1000).toFixed(3)} s over ${times.length} (goal p95 <= 2 s)`);
console.log(`peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (goal <= 300 MB); ${((Date.now() - started) / 1000).toFixed(0)} s in all`);
