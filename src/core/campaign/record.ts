/**
 * A campaign's record, worked out again from its games every time it is read (docs/campaigns.md):
 * the rosters with every pilot's career, and the standing in victory points. Nothing of it is
 * stored but the games themselves, so a record cannot drift from the archive, `tallyho verify`
 * checks it with the games, and an export carries it by carrying the games.
 *
 * Pilots are known by their roster id (PilotState.id, `<player>-<n>`). The first pilots are the
 * campaign file's; a game brings in any pilot its planes were given who is not on the roster yet (a
 * recruit who joined to fill a plane); after each finished game the killed and captured are
 * replaced by recruits.
 */
import type { GameEvent } from '../events.ts';
import { winnerOf } from '../outcome.ts';
import type { PilotQuality, PilotState } from '../pilots/quality.ts';
import type { GameState } from '../state.ts';
import { earnsCrackShot, type Fate, fateOf, promotion } from './fate.ts';
import type { CampaignSpec } from './spec.ts';

/** One game of the campaign as the store holds it. */
export interface CampaignGame {
  seq: number;
  gameId: string;
  /** The campaign's scenario id. */
  entry: string;
  /** The state at the start (turn 1) and the latest. */
  start: GameState;
  end: GameState;
  /** Every resolved turn's events. */
  events: { turn: number; events: GameEvent[] }[];
  over: boolean;
}

export interface Kill {
  game: string;
  turn: number;
  impulse: number;
  victim: string;
  victimType: string;
  /** 1, or 1/n of a victory shared by n planes. */
  share: number;
}

export interface Sortie {
  game: string;
  entry: string;
  plane: string;
  type: string;
  /** His quality when the game began. */
  quality: PilotQuality;
  kills: Kill[];
  /** Trucks, tanks and ships destroyed or sunk by his bombs, torpedoes or rockets. */
  units: { turn: number; unit: string; how: string }[];
  /** Hits taken (standard model), or damaged (odds model). */
  hits: number;
  damaged: boolean;
  /** Null while the game runs. */
  fate: Fate | null;
  promoted?: { from: PilotQuality; to: PilotQuality; why: string };
  crackShot?: boolean;
}

export type PilotStatus = 'active' | 'wounded' | 'captured' | 'killed';

export interface PilotRecord {
  id: string;
  player: string;
  name: string;
  quality: PilotQuality;
  crackShot: boolean;
  keenEyes: boolean;
  status: PilotStatus;
  /** Campaign games still to miss (wounded), the one being played included. */
  outFor: number;
  /** The game being played that this wounded pilot sits out. */
  sittingOut?: string;
  /** Where he came from: the campaign file, a recruit filling a plane, a replacement for a loss. */
  joined: { how: 'roster' | 'recruit' | 'replacement'; game: string | null };
  /** His rating has shown in combat (seed 002 9.1.11) in some game of the campaign. */
  shown: boolean;
  sorties: Sortie[];
  /** Victories in the games that are over (a game being played is told when it ends). */
  victories: number;
}

export interface GameScore {
  seq: number;
  gameId: string;
  entry: string;
  over: boolean;
  winner: string | null;
  /** Victory points by side (finished games only). */
  points: Record<string, number>;
  /** What the points were for, in words. */
  why: string[];
}

export interface CampaignRecord {
  pilots: PilotRecord[];
  games: GameScore[];
  /** Victory points by side, over the finished games. */
  standing: Record<string, number>;
}

const BOMBERS = new Set(['bomber2', 'bomber3', 'bomber4']);

/** Victory points of a finished game (docs/campaigns.md "Victory points"). */
export function scoreGame(spec: CampaignSpec, g: CampaignGame): GameScore {
  const sides = Object.keys(g.end.sides);
  const points: Record<string, number> = Object.fromEntries(sides.map((s) => [s, 0]));
  const why: string[] = [];
  const winner = g.over ? winnerOf(g.end) : null;
  if (!g.over) return { seq: g.seq, gameId: g.gameId, entry: g.entry, over: false, winner: null, points, why };
  const v = spec.victory;
  const credit = (loser: string, n: number, what: string) => {
    for (const s of sides) {
      if (s === loser || n === 0) continue;
      points[s] = (points[s] ?? 0) + n;
      why.push(`${g.end.sides[s]?.name ?? s} +${n}: ${what}`);
    }
  };
  for (const p of g.end.planes) {
    if (p.status === 'flying' || p.status === 'exited') continue;
    const bomber = BOMBERS.has(g.end.aircraft[p.type]?.class ?? '');
    credit(p.side, bomber ? v.bomber : v.plane, `${p.id} (${g.end.aircraft[p.type]?.name ?? p.type}) lost`);
  }
  for (const u of g.end.units ?? []) {
    if (u.kind === 'torpedo' || (u.status !== 'sunk' && u.status !== 'destroyed')) continue;
    credit(u.side, v.unit, `${u.id} ${u.status}`);
  }
  if (winner && v.win) {
    points[winner] = (points[winner] ?? 0) + v.win;
    why.push(`${g.end.sides[winner]?.name ?? winner} +${v.win}: the last in the fight`);
  }
  return { seq: g.seq, gameId: g.gameId, entry: g.entry, over: true, winner, points, why };
}

/** The kills and unit losses credited to a plane in a game, from its events. */
function creditsOf(g: CampaignGame, plane: string): { kills: Kill[]; units: Sortie['units'] } {
  const kills: Kill[] = [];
  const units: Sortie['units'] = [];
  const typeOf = (id: string) => {
    const p = g.end.planes.find((x) => x.id === id);
    return p ? (g.end.aircraft[p.type]?.name ?? p.type) : id;
  };
  for (const t of g.events) {
    for (const e of t.events) {
      if (e.type === 'shot-down' && e.by.includes(plane)) {
        kills.push({
          game: g.gameId,
          turn: t.turn,
          impulse: e.impulse,
          victim: e.plane,
          victimType: typeOf(e.plane),
          share: 1 / e.by.length,
        });
      }
      if (e.type === 'unit-lost' && e.by === plane && e.how !== 'spent')
        units.push({ turn: t.turn, unit: e.plane, how: e.how });
    }
  }
  return { kills, units };
}

const sum = (ks: readonly Kill[]): number => ks.reduce((s, k) => s + k.share, 0);

/**
 * A pilot state for a roster pilot, as a game's plane carries it. A rating shown in an earlier
 * game of the campaign stays known (promotions with it: news travels between squadrons).
 */
export const pilotStateOf = (p: PilotRecord): PilotState => ({
  id: p.id,
  name: p.name,
  quality: p.quality,
  ...(p.crackShot ? { crackShot: true } : {}),
  ...(p.keenEyes ? { keenEyes: true } : {}),
  ...(p.shown ? { shown: true } : {}),
});

/** The next free roster id of a player: `<player>-<n>`. */
export const nextPilotId = (pilots: readonly PilotRecord[], player: string): string => {
  const used = pilots.filter((p) => p.player === player).map((p) => Number(p.id.slice(player.length + 1)) || 0);
  return `${player}-${Math.max(0, ...used) + 1}`;
};

/** A recruit's name: the next unused name of the player's nation, or "Recruit n". */
export function recruitName(pilots: readonly PilotRecord[], names: readonly string[]): string {
  const taken = new Set(pilots.map((p) => p.name));
  const free = names.find((n) => !taken.has(n));
  if (free) return free;
  for (let n = 1; ; n++) if (!taken.has(`Recruit ${n}`)) return `Recruit ${n}`;
}

/** The campaign file's pilots, in its order of players and pilots: `<player>-<n>`, all fit to fly. */
function rosterPilots(spec: CampaignSpec): PilotRecord[] {
  const pilots: PilotRecord[] = [];
  for (const [player, slot] of Object.entries(spec.players)) {
    slot.pilots.forEach((p, i) =>
      pilots.push({
        id: `${player}-${i + 1}`,
        player,
        name: p.name,
        quality: p.quality,
        crackShot: !!p.crackShot,
        keenEyes: !!p.keenEyes,
        status: 'active',
        outFor: 0,
        joined: { how: 'roster', game: null },
        shown: false,
        sorties: [],
        victories: 0,
      }),
    );
  }
  return pilots;
}

/** The player a pilot of a game belongs to: his id's prefix, else the player of his plane's side. */
function playerOf(spec: CampaignSpec, g: CampaignGame, id: string): string | undefined {
  const side = g.start.planes.find((p) => p.pilot?.id === id)?.side;
  const prefix = id.slice(0, id.lastIndexOf('-'));
  return spec.players[prefix] ? prefix : Object.entries(spec.players).find(([, s]) => s.side === side)?.[0];
}

/**
 * Wounds heal by the game (docs/campaigns.md "Fates"): a wounded pilot sits this one out, and is one
 * game nearer flying again once it is over.
 */
function healWounds(pilots: PilotRecord[], g: CampaignGame): void {
  const flying = new Set(g.start.planes.flatMap((p) => (p.pilot?.id ? [p.pilot.id] : [])));
  for (const p of pilots) {
    if (p.status !== 'wounded' || flying.has(p.id)) continue;
    if (!g.over) {
      p.sittingOut = g.gameId;
      continue;
    }
    p.outFor = Math.max(0, p.outFor - 1);
    if (p.outFor === 0) p.status = 'active';
  }
}

/** The roster's record of a game's pilot; a pilot not on the roster yet joins it as a recruit who filled a plane. */
function recordOf(spec: CampaignSpec, pilots: PilotRecord[], g: CampaignGame, id: string, ps: PilotState): PilotRecord {
  let rec = pilots.find((p) => p.id === id);
  if (!rec) {
    rec = {
      id,
      player: playerOf(spec, g, id) ?? '',
      name: ps.name ?? id,
      quality: ps.quality,
      crackShot: !!ps.crackShot,
      keenEyes: !!ps.keenEyes,
      status: 'active',
      outFor: 0,
      joined: { how: 'recruit', game: g.gameId },
      shown: false,
      sorties: [],
      victories: 0,
    };
    pilots.push(rec);
  }
  return rec;
}

/**
 * What a finished sortie's fate does to the pilot (docs/campaigns.md "Fates", "Promotions"): killed
 * or captured he leaves the roster; wounded he is out for the games told; else (and wounded) he may
 * be promoted and earn the crack shot.
 */
function applyFate(rec: PilotRecord, sortie: Sortie, f: Fate, kills: readonly Kill[]): void {
  if (f.outcome === 'killed' || f.outcome === 'captured') {
    rec.status = f.outcome;
    return;
  }
  if (f.outcome === 'wounded') {
    rec.status = 'wounded';
    rec.outFor = f.outFor;
  }
  const up = promotion({
    sorties: rec.sorties.filter((s) => s.fate && s.fate.outcome !== 'killed').length,
    kills: rec.victories,
    quality: rec.quality,
    crackShot: rec.crackShot,
  });
  if (up) {
    sortie.promoted = { from: rec.quality, to: up.to, why: up.why };
    rec.quality = up.to;
  }
  if (earnsCrackShot(sum(kills), rec.crackShot)) {
    rec.crackShot = true;
    sortie.crackShot = true;
  }
}

/** A recruit for every pilot killed or captured in a finished game (docs/campaigns.md "Replacements"). */
function replaceLosses(spec: CampaignSpec, pilots: PilotRecord[], g: CampaignGame): void {
  for (const lost of pilots.filter(
    (p) => (p.status === 'killed' || p.status === 'captured') && p.sorties.at(-1)?.game === g.gameId,
  )) {
    pilots.push({
      id: nextPilotId(pilots, lost.player),
      player: lost.player,
      name: recruitName(pilots, spec.players[lost.player]?.recruits ?? []),
      quality: 'recruit',
      crackShot: false,
      keenEyes: false,
      status: 'active',
      outFor: 0,
      joined: { how: 'replacement', game: g.gameId },
      shown: false,
      sorties: [],
      victories: 0,
    });
  }
}

/** The campaign's record from its games, in order. */
export function campaignRecord(spec: CampaignSpec, games: readonly CampaignGame[]): CampaignRecord {
  const pilots = rosterPilots(spec);
  const scores: GameScore[] = [];
  for (const g of [...games].sort((a, b) => a.seq - b.seq)) {
    healWounds(pilots, g);
    for (const plane of g.start.planes) {
      const ps = plane.pilot;
      if (!ps?.id) continue;
      const rec = recordOf(spec, pilots, g, ps.id, ps);
      const end = g.end.planes.find((p) => p.id === plane.id) ?? plane;
      const { kills, units } = creditsOf(g, plane.id);
      const hits = Object.values(end.damage?.taken ?? {}).reduce((s, n) => s + n, 0);
      const sortie: Sortie = {
        game: g.gameId,
        entry: g.entry,
        plane: plane.id,
        type: g.start.aircraft[plane.type]?.name ?? plane.type,
        quality: ps.quality,
        kills,
        units,
        hits,
        damaged: !!end.damage?.oddsDamaged,
        fate: g.over ? fateOf(g.end, end, ps.id) : null,
      };
      rec.sorties.push(sortie);
      rec.victories = sum(rec.sorties.filter((s) => s.fate).flatMap((s) => s.kills));
      if (end.pilot?.shown) rec.shown = true;
      if (!g.over || !sortie.fate) continue;
      applyFate(rec, sortie, sortie.fate, kills);
    }
    if (g.over) replaceLosses(spec, pilots, g);
    scores.push(scoreGame(spec, g));
  }
  const standing: Record<string, number> = {};
  for (const slot of Object.values(spec.players)) standing[slot.side] ??= 0;
  for (const s of scores) for (const [side, n] of Object.entries(s.points)) standing[side] = (standing[side] ?? 0) + n;
  return { pilots, games: scores, standing };
}

const RANK: Record<PilotQuality, number> = { ace: 4, veteran: 3, regular: 2, green: 1, recruit: 0 };

/** Pilots free to fly the next game: active, not wounded. Best first: quality, victories, roster order. */
export function availablePilots(r: CampaignRecord, player: string): PilotRecord[] {
  return r.pilots
    .filter((p) => p.player === player && p.status === 'active')
    .map((p, i) => ({ p, i }))
    .sort((a, b) => RANK[b.p.quality] - RANK[a.p.quality] || b.p.victories - a.p.victories || a.i - b.i)
    .map((x) => x.p);
}

/**
 * Pilots for the planes of one player in the next game: the game master's choices first (plane to
 * pilot id), then the best free pilots in the planes' order, then recruits who join to fly the
 * rest. Returns each plane's pilot and the recruits made; throws nothing, but a choice of a pilot
 * who cannot fly is left out and told in `refused`.
 */
export function assignPilots(
  r: CampaignRecord,
  player: string,
  planes: readonly string[],
  chosen: Readonly<Record<string, string>>,
  names: readonly string[],
): { pilots: Map<string, PilotState>; recruits: PilotRecord[]; refused: string[] } {
  const free = availablePilots(r, player);
  const out = new Map<string, PilotState>();
  const used = new Set<string>();
  const refused: string[] = [];
  for (const plane of planes) {
    const want = chosen[plane];
    if (!want) continue;
    const p = free.find((x) => x.id === want);
    if (!p || used.has(p.id)) {
      refused.push(
        `${plane}: pilot ${want} ${p ? 'is given another plane' : 'is not free to fly (not on the roster, wounded, killed or captured)'}`,
      );
      continue;
    }
    out.set(plane, pilotStateOf(p));
    used.add(p.id);
  }
  const recruits: PilotRecord[] = [];
  const all = [...r.pilots];
  for (const plane of planes) {
    if (out.has(plane)) continue;
    const p = free.find((x) => !used.has(x.id));
    if (p) {
      out.set(plane, pilotStateOf(p));
      used.add(p.id);
      continue;
    }
    const rec: PilotRecord = {
      id: nextPilotId(all, player),
      player,
      name: recruitName(all, names),
      quality: 'recruit',
      crackShot: false,
      keenEyes: false,
      status: 'active',
      outFor: 0,
      joined: { how: 'recruit', game: null },
      shown: false,
      sorties: [],
      victories: 0,
    };
    all.push(rec);
    recruits.push(rec);
    out.set(plane, pilotStateOf(rec));
  }
  return { pilots: out, recruits, refused };
}
