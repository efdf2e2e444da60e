/**
 * A campaign in words (docs/campaigns.md): the standing, the games in order, a player's roster and
 * each pilot's career, for the ROSTER and CAMPAIGN answers, the campaign paragraph of a welcome
 * and a last report, and the command line. Ratings keep their secret (seed 002 9.1.11): another
 * player reads a pilot's rating only once it has shown in combat, or when the campaign is over.
 */
import type { CampaignRecord, PilotRecord, Sortie } from '../../core/campaign/record.ts';
import { ratingText } from '../../core/pilots/quality.ts';
import { NOT_KNOWN } from '../../report/pilots.ts';
import type { CampaignRow } from '../ports/campaign.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import { wrap } from '../words/text.ts';
import { AppError } from '../ports/deps.ts';
import { campaignRecord, type CampaignGame } from '../../core/campaign/record.ts';
import { type CampaignScenario, nextScenario } from '../../core/campaign/spec.ts';
import { winnerOf } from '../../core/outcome.ts';

/** Who reads: a player of the campaign (his own pilots in full), or everyone (the GM, a campaign over). */
export type CampaignReader = { player: string } | 'public' | 'all';

const share = (n: number): string => {
  const whole = Math.floor(n + 1e-9);
  const frac = n - whole;
  if (frac < 1e-6) return String(whole);
  const half =
    Math.abs(frac - 0.5) < 1e-6
      ? '1/2'
      : Math.abs(frac - 1 / 3) < 1e-6
        ? '1/3'
        : Math.abs(frac - 2 / 3) < 1e-6
          ? '2/3'
          : Math.abs(frac - 0.25) < 1e-6
            ? '1/4'
            : frac.toFixed(2).slice(1);
  return whole ? `${whole} ${half}` : half;
};
export const victoriesText = (n: number): string => `${share(n)} victor${n === 1 ? 'y' : 'ies'}`;

export function ratingFor(p: PilotRecord, reader: CampaignReader, over: boolean): string {
  const known = over || reader === 'all' || (typeof reader === 'object' && reader.player === p.player) || p.shown;
  return known ? ratingText({ quality: p.quality, crackShot: p.crackShot, keenEyes: p.keenEyes }) : NOT_KNOWN;
}

/** A pilot's state; `over`: the campaign is over (no more games to miss). */
export function statusText(p: PilotRecord, over = false): string {
  if (p.status === 'wounded') {
    if (over) return 'wounded';
    const more = p.outFor - (p.sittingOut ? 1 : 0);
    return `wounded, ${p.sittingOut ? `sitting out ${p.sittingOut}${more > 0 ? ` and ${more} more game${more === 1 ? '' : 's'}` : ''}` : `out for ${p.outFor} more game${p.outFor === 1 ? '' : 's'}`}`;
  }
  if (p.status === 'active') return 'fit to fly';
  return p.status;
}

const FATE: Record<string, string> = { unhurt: 'unhurt', wounded: 'wounded', captured: 'CAPTURED', killed: 'KILLED' };

/**
 * One sortie in a line: the game and scenario, the plane and its type, the victories with their
 * turns, the fate. `in-game`: the game is named around it (a pilot's web page), so only the
 * scenario; `brief`: a game's own last report, so neither, nor the type.
 */
export function sortieText(s: Sortie, form: 'full' | 'in-game' | 'brief' = 'full'): string {
  const kills = s.kills.map(
    (k) => `${k.victim} (${k.victimType}) in turn ${k.turn}${k.share < 1 ? `, shared ${share(k.share)}` : ''}`,
  );
  const units = s.units.map((u) => `${u.unit} ${u.how} in turn ${u.turn}`);
  const done = [...kills, ...units];
  const out = (n: number) => (n ? `, out ${n} game${n === 1 ? '' : 's'}` : '');
  const fate = !s.fate
    ? 'still flying (the game goes on)'
    : s.fate.how === 'returned'
      ? `came back${s.fate.outcome === 'wounded' ? ', WOUNDED (a hit in the cockpit): out 1 game' : ''}`
      : s.fate.how === 'bailed-out' && s.fate.roll !== undefined
        ? `bailed out and came down alive: d6 ${s.fate.roll}, ${s.fate.outcome === 'unhurt' ? 'back unhurt' : FATE[s.fate.outcome]}${out(s.fate.outFor)}`
        : s.fate.how === 'crashed'
          ? 'crashed: KILLED'
          : s.fate.how === 'shot-down'
            ? 'shot down, no bail-out made: KILLED'
            : 'bailed out and did not survive: KILLED';
  const hits = s.hits ? `, ${s.hits} hit${s.hits === 1 ? '' : 's'} taken` : s.damaged ? ', damaged' : '';
  const promoted = s.promoted ? `; promoted to ${s.promoted.to} (${s.promoted.why})` : '';
  const crack = s.crackShot ? '; now a crack shot (2 victories in a game)' : '';
  const where = form === 'full' ? `${s.game} (${s.entry}): ` : form === 'in-game' ? `${s.entry}: ` : '';
  return `${where}${s.plane}, ${form === 'brief' ? '' : `${s.type}, `}as ${s.quality}: ${done.length ? done.join('; ') : 'no victory'}${hits}; ${fate}${promoted}${crack}`;
}

/** A player's roster, a pilot a paragraph (his sorties under him), within 78 columns. */
export function rosterText(r: CampaignRecord, player: string, reader: CampaignReader, over: boolean): string {
  const mine = r.pilots.filter((p) => p.player === player);
  if (!mine.length) return '(no pilots)';
  // A game still being played is told without its events, to everyone alike: a game with fog of
  // war shows nothing of itself until it is over (docs/spotting.md), and its reports tell the rest.
  return mine
    .map((p) => {
      const done = p.sorties.filter((s) => s.fate);
      const head = `${p.id}  ${p.name}: ${ratingFor(p, reader, over)}; ${statusText(p, over)}; ${done.length} sortie${done.length === 1 ? '' : 's'}, ${victoriesText(p.victories)}${p.joined.how === 'roster' ? '' : ` (joined as a ${p.joined.how === 'replacement' ? 'replacement' : 'recruit'}${p.joined.game ? ` after ${p.joined.game}` : ''})`}`;
      const flying = p.sorties.filter((s) => !s.fate).map((s) => `    flying in ${s.game} (being played)`);
      return wrap([head, ...done.map((s) => `    ${sortieText(s)}`), ...flying].join('\n'), 6);
    })
    .join('\n');
}

/** The standing and the games, in lines. */
export function standingLines(tx: StoreTx, c: CampaignRow, r: CampaignRecord): string[] {
  const name = (side: string): string => sideName(tx, c, side);
  const out = [
    `Standing: ${Object.entries(r.standing)
      .sort((a, b) => b[1] - a[1])
      .map(([s, n]) => `${name(s)} ${n}`)
      .join(', ')} (victory points)`,
  ];
  for (const g of r.games) {
    const entry = c.spec.scenarios.find((s) => s.id === g.entry);
    const result = g.over
      ? `${g.winner ? `${name(g.winner)} won` : 'nobody won'}; ${Object.entries(g.points)
          .map(([s, n]) => `${name(s)} +${n}`)
          .join(', ')}`
      : 'being played';
    out.push(`Game ${g.seq}, ${g.gameId}: ${entry?.id ?? g.entry} (${entry?.scenario ?? ''}): ${result}`);
  }
  if (c.status === 'over') out.push('The campaign is over.');
  else {
    const { entry, waitingFor } = upcoming(tx, c);
    if (waitingFor) out.push(`Now: game ${waitingFor.id}, turn ${waitingFor.turn}.`);
    else if (entry && !r.games.length)
      out.push(`First: ${entry.id} (scenario ${entry.scenario}), when the game master starts it (CAMPAIGN NEXT).`);
    else if (entry)
      out.push(
        `Next: ${entry.id} (scenario ${entry.scenario}), ${c.spec.next === 'auto' ? 'due to start as the last game ended: the game master starts it with CAMPAIGN NEXT' : 'when the game master starts it'}.`,
      );
    else out.push('No scenario follows: the campaign ends.');
  }
  return out;
}

/** A side's name as the campaign's games call it. */
export function sideName(tx: StoreTx, c: CampaignRow, side: string): string {
  const named = c.spec.sides?.[side];
  if (named) return named;
  for (const g of tx.campaigns.games(c.id)) {
    const s = tx.turns.get(g.gameId, 1)?.state.sides[side];
    if (s) return s.name;
  }
  return side;
}

/**
 * The campaign paragraph of a welcome (which game of the campaign, the standing, the player's
 * pilots in it) or of a game's last report (the game's points, the standing, what became of the
 * player's pilots, what comes next). '' for a game outside a campaign.
 */
export function campaignBlock(tx: StoreTx, gameId: string, player: string, kind: 'welcome' | 'last-report'): string {
  const cg = tx.campaigns.ofGame(gameId);
  const c = cg && tx.campaigns.get(cg.campaignId);
  if (!cg || !c) return '';
  const r = recordOf(tx, c);
  const name = (side: string) => sideName(tx, c, side);
  const standing = `Standing: ${Object.entries(r.standing)
    .sort((a, b) => b[1] - a[1])
    .map(([s, n]) => `${name(s)} ${n}`)
    .join(', ')} victory points.`;
  const mine = r.pilots.filter((p) => p.player === player);
  const lines = [`Game ${cg.seq} of campaign ${c.id} (${c.name}): ${cg.entry}.`];
  if (kind === 'welcome') {
    const flying = mine
      .filter((p) => p.sorties.some((s) => s.game === gameId))
      .map((p) => `${p.sorties.find((s) => s.game === gameId)?.plane} ${p.name}`);
    lines.push(
      standing,
      `Your pilots in this game: ${flying.join(', ') || 'none'}. ROSTER lists your whole roster, CAMPAIGN the standing and the games.`,
    );
    return lines.join('\n');
  }
  const score = r.games.find((g) => g.gameId === gameId);
  if (score) lines.push(`This game: ${score.why.length ? score.why.join('; ') : 'no victory points'}.`);
  lines.push(standing);
  for (const p of mine) {
    const s = p.sorties.find((x) => x.game === gameId);
    if (s) lines.push(`${p.name}: ${sortieText(s, 'brief')}`);
  }
  const joining = mine.filter((x) => x.joined.how === 'replacement' && x.joined.game === gameId).map((p) => p.name);
  if (joining.length) lines.push(`Replacements, recruits who join your roster: ${joining.join(', ')}.`);
  const { entry } = upcoming(tx, c);
  lines.push(
    entry
      ? `Next: ${entry.id}, ${c.spec.next === 'auto' ? 'starting now: its welcome follows' : 'when the game master starts it'}.`
      : 'The campaign is over.',
  );
  return lines.join('\n');
}

export function requireCampaign(tx: StoreTx, id: string): CampaignRow {
  const c = tx.campaigns.get(id.toLowerCase());
  if (!c) throw new AppError('E_NOT_FOUND', `there is no campaign '${id}'`);
  return c;
}

/** The campaign of an envelope's id: a campaign's own, or that of one of its games. */
export function campaignOfId(tx: StoreTx, id: string): CampaignRow | undefined {
  const own = tx.campaigns.get(id.toLowerCase());
  if (own) return own;
  const g = tx.campaigns.ofGame(id.toLowerCase());
  return g ? tx.campaigns.get(g.campaignId) : undefined;
}

/** The game id of a campaign's nth game. */
export const campaignGameId = (campaign: string, seq: number): string => `${campaign}-${seq}`;

/** The campaign's games as the record reads them. */
export function campaignGames(tx: StoreTx, id: string): { games: CampaignGame[]; rows: GameRow[] } {
  const games: CampaignGame[] = [];
  const rows: GameRow[] = [];
  for (const cg of tx.campaigns.games(id)) {
    const game = tx.games.get(cg.gameId);
    const start = tx.turns.get(cg.gameId, 1)?.state;
    const end = game && tx.turns.get(cg.gameId, game.turn)?.state;
    if (!game || !start || !end) continue;
    const events = tx.archive
      .resolvedTurns(cg.gameId)
      .map((r) => ({ turn: r.turn, events: tx.events.list(cg.gameId, r.turn) }));
    games.push({ seq: cg.seq, gameId: cg.gameId, entry: cg.entry, start, end, events, over: game.status === 'over' });
    rows.push(game);
  }
  return { games, rows };
}

export function recordOf(tx: StoreTx, c: CampaignRow): CampaignRecord {
  return campaignRecord(c.spec, campaignGames(tx, c.id).games);
}

/** What comes next: the first scenario, the one the last game's result leads to, or null (the campaign is done). */
export function upcoming(tx: StoreTx, c: CampaignRow): { entry: CampaignScenario | null; waitingFor: GameRow | null } {
  const played = tx.campaigns.games(c.id);
  const last = played.at(-1);
  if (!last) return { entry: c.spec.scenarios[0] ?? null, waitingFor: null };
  const game = tx.games.get(last.gameId);
  const end = game && tx.turns.get(game.id, game.turn)?.state;
  if (!game || !end) return { entry: null, waitingFor: null };
  if (game.status !== 'over') return { entry: null, waitingFor: game };
  return { entry: nextScenario(c.spec, last.entry, winnerOf(end)), waitingFor: null };
}
