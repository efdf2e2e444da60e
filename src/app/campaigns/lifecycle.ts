/**
 * Campaigns (docs/campaigns.md): created from a campaign file, its player slots bound to
 * addresses, then its scenarios played one game after another by the same players, each plane
 * flown by a pilot of its player's roster. The record (rosters, careers, standing) is worked out
 * from the games (core/campaign/record.ts); the store keeps the file, the addresses, the games in
 * order and the game master's choice of pilots for the next game.
 */
import { assignPilots } from '../../core/campaign/record.ts';
import { type CampaignSpec, planesOfPlayers } from '../../core/campaign/spec.ts';
import type { PilotState } from '../../core/pilots/quality.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import { addPlayer, createGame, startGame } from '../setup/games.ts';
import { EMAIL_RE, ID_RE } from '../ports/ids.ts';
import type { CampaignRow } from '../ports/campaign.ts';
import type { GameRow, StoreTx } from '../ports/store.ts';
import { alertGm } from '../mail/notify.ts';
import { campaignGameId, recordOf, requireCampaign, upcoming } from '../views/campaign.ts';

export function createCampaign(deps: AppDeps, input: { id: string; spec: CampaignSpec; source: string; gmEmail?: string | null }): CampaignRow {
  const id = input.id.toLowerCase();
  if (!ID_RE.test(id) || id.length > 28) throw new AppError('E_USAGE', `'${input.id}' is not a campaign id: 1 to 28 lower-case letters, digits, '-' or '_' (its games are <id>-1, <id>-2, ...)`);
  // Recruits' names are copied in, so that a later change to the names file changes no campaign.
  const names = deps.campaigns?.recruitNames() ?? {};
  const first = input.spec.scenarios[0];
  const sides = input.spec.sides ?? (first && deps.scenarios ? Object.fromEntries(Object.entries(deps.scenarios.load(first.scenario).scenario.sides).map(([k, v]) => [k, v.name])) : undefined);
  const spec: CampaignSpec = {
    ...input.spec,
    ...(sides ? { sides } : {}),
    players: Object.fromEntries(Object.entries(input.spec.players).map(([k, p]) => [k, { ...p, recruits: p.recruits ?? [...(names[p.nation ?? ''] ?? [])] }])),
  };
  return deps.store.tx((tx) => {
    if (tx.campaigns.get(id)) throw new AppError('E_STATE', `a campaign '${id}' exists already`);
    if (tx.games.get(id)) throw new AppError('E_STATE', `a game '${id}' exists already: a campaign needs an id of its own`);
    const clash = tx.games.list().find((g) => g.id.startsWith(`${id}-`) && /^\d+$/.test(g.id.slice(id.length + 1)));
    if (clash) throw new AppError('E_STATE', `a game '${clash.id}' exists already, and the campaign's games would be named ${id}-1, ${id}-2, ...`);
    tx.campaigns.insert({ id, name: spec.name, spec, source: input.source, status: 'running', assign: {}, gmEmail: input.gmEmail ?? null, createdAt: deps.clock.now() });
    return requireCampaign(tx, id);
  });
}

/** Binds a player slot of the campaign to an address (or changes it, for the games still to come). */
export function setCampaignPlayer(deps: AppDeps, input: { campaign: string; player: string; email: string }): CampaignRow {
  return deps.store.tx((tx) => {
    const c = requireCampaign(tx, input.campaign);
    const player = input.player.toLowerCase();
    const mail = input.email.trim().toLowerCase();
    if (!c.spec.players[player]) throw new AppError('E_USAGE', `campaign ${c.id} has no player '${input.player}' (its players: ${Object.keys(c.spec.players).join(', ')})`);
    if (!EMAIL_RE.test(mail)) throw new AppError('E_USAGE', `'${input.email}' is not a mail address`);
    if (mail === deps.referee.address) throw new AppError('E_USAGE', `${mail} is the referee's own address`);
    tx.campaigns.setPlayer(c.id, player, mail);
    return c;
  });
}

/**
 * The game master's pilot for a plane of the next game (`auto` takes the choice back). Checked when
 * the next game starts: a pilot who cannot fly then is told and the plane gets the best free one.
 */
export function assignPilot(deps: AppDeps, input: { campaign: string; plane: string; pilot: string }): string {
  return deps.store.tx((tx) => {
    const c = requireCampaign(tx, input.campaign);
    if (c.status === 'over') throw new AppError('E_STATE', `campaign ${c.id} is over`);
    const plane = input.plane.toUpperCase();
    const pilot = input.pilot.toLowerCase();
    const assign = { ...c.assign };
    if (pilot === 'auto') {
      delete assign[plane];
      tx.campaigns.update(c.id, { assign });
      return `${plane}: the best free pilot of its player flies it in the next game`;
    }
    const rec = recordOf(tx, c).pilots.find((p) => p.id === pilot);
    if (!rec) throw new AppError('E_USAGE', `campaign ${c.id} has no pilot '${input.pilot}' (ROSTER lists them, by id)`);
    if (rec.status === 'killed' || rec.status === 'captured') throw new AppError('E_STATE', `${rec.name} (${rec.id}) cannot fly: ${rec.status}`);
    // The next game's scenario, when the last result has decided it: the plane must be in it and
    // go to the pilot's player.
    const { entry, waitingFor } = upcoming(tx, c);
    let when = 'in the next game';
    if (entry && deps.scenarios) {
      const sc = deps.scenarios.load(entry.scenario).scenario;
      if (!sc.planes.some((p) => p.id === plane)) throw new AppError('E_USAGE', `the next game, ${entry.id} (scenario ${entry.scenario}), has no plane ${plane} (its planes: ${sc.planes.map((p) => p.id).join(', ')})`);
      const owner = [...planesOfPlayers(c.spec, entry, [...sc.planes, ...(sc.units ?? [])])].find(([, ids]) => ids.includes(plane))?.[0];
      if (owner !== rec.player) throw new AppError('E_USAGE', `${plane} is ${owner ?? 'nobody'}'s plane in the next game, ${entry.id}; ${rec.name} (${rec.id}) flies for ${rec.player}`);
      when = `in the next game, ${entry.id}`;
    } else if (waitingFor) {
      when = `in the next game (checked when it starts: game ${waitingFor.id} decides which scenario it is)`;
    }
    if (rec.status === 'wounded') when += `; wounded now, and flies only if fit by then (else the best free pilot does)`;
    // One plane a pilot: choosing him again moves him.
    const moved = Object.entries(assign).filter(([pl, pi]) => pi === pilot && pl !== plane).map(([pl]) => pl);
    for (const pl of moved) delete assign[pl];
    assign[plane] = pilot;
    tx.campaigns.update(c.id, { assign });
    return `${plane}: ${rec.name} (${rec.id}) flies it ${when}${moved.length ? ` (no longer ${moved.join(', ')})` : ''}`;
  });
}

export interface NextGameResult {
  game: GameRow | null;
  lines: string[];
}

/**
 * Starts the campaign's next game: the scenario its file and the last result lead to, each player
 * given his planes and the pilots to fly them, the welcomes sent. With none left, the campaign ends.
 */
export function startNextGame(deps: AppDeps, campaignId: string): NextGameResult {
  return deps.store.tx((tx) => {
    const c = requireCampaign(tx, campaignId);
    if (c.status === 'over') throw new AppError('E_STATE', `campaign ${c.id} is over`);
    const { entry, waitingFor } = upcoming(tx, c);
    if (waitingFor) throw new AppError('E_STATE', `game ${waitingFor.id} of campaign ${c.id} is still being played (turn ${waitingFor.turn}); the next starts when it is over`);
    if (!entry) {
      tx.campaigns.update(c.id, { status: 'over', endedAt: deps.clock.now() });
      return { game: null, lines: [`campaign ${c.id} is over: no scenario follows the last game`] };
    }
    const bound = new Map(tx.campaigns.players(c.id).map((p) => [p.id, p.email]));
    const unbound = Object.keys(c.spec.players).filter((p) => !bound.has(p));
    if (unbound.length) throw new AppError('E_STATE', `campaign ${c.id} needs an address for ${unbound.join(', ')} first (CAMPAIGN PLAYER <player> <address>, or tallyho campaign player)`);
    if (!deps.scenarios) throw new AppError('E_STATE', 'this installation has no scenarios to create games from');
    const loaded = deps.scenarios.load(entry.scenario);
    const seq = tx.campaigns.games(c.id).length + 1;
    const gameId = campaignGameId(c.id, seq);
    const record = recordOf(tx, c);
    // Planes, and the trucks, tanks and ships a player commands too.
    const byPlayer = planesOfPlayers(c.spec, entry, [...loaded.scenario.planes, ...(loaded.scenario.units ?? [])]);
    const pilots = new Map<string, PilotState>();
    const lines: string[] = [];
    for (const [player, planes] of byPlayer) {
      if (!planes.length) continue;
      // The best pilots go to the fighters first (an ace flies the escort, not the Stuka).
      const fighter = (id: string): number => {
        const cls = loaded.catalog.get(loaded.scenario.planes.find((p) => p.id === id)?.type ?? '')?.class;
        return cls === 'fighter1' || cls === 'fighter2' ? 0 : 1;
      };
      const flown = planes.filter((id) => loaded.scenario.planes.some((p) => p.id === id)).sort((a, b) => fighter(a) - fighter(b));
      const a = assignPilots(record, player, flown, c.assign, c.spec.players[player]?.recruits ?? []);
      for (const [plane, p] of a.pilots) pilots.set(plane, p);
      for (const r of a.refused) lines.push(`not as chosen: ${r}`);
      for (const r of a.recruits) lines.push(`${r.name} (${r.id}) joins ${player}'s roster as a recruit to fly a plane`);
      // Recruits made here join the record through the game's state: their names must not clash
      // with the next player's, so the record learns of them at once.
      record.pilots.push(...a.recruits);
    }
    const { scenario, ...tables } = loaded;
    createGame(deps, { id: gameId, scenario, ...tables, pilots });
    if (c.gmEmail) tx.control.save({ ...tx.control.get(gameId), gmEmail: c.gmEmail });
    tx.campaigns.addGame({ campaignId: c.id, seq, entry: entry.id, gameId });
    for (const [player, planes] of byPlayer) {
      if (!planes.length) continue;
      addPlayer(deps, { gameId, playerId: player, email: bound.get(player) as string, planes });
    }
    tx.campaigns.update(c.id, { assign: {} });
    const started = startGame(deps, gameId);
    const flown = scenario.planes.flatMap((pl) => ((p) => (p ? [`${pl.id} ${p.name ?? p.id}`] : []))(pilots.get(pl.id))).join(', ');
    return { game: started.game, lines: [`game ${gameId} of campaign ${c.id} started: ${entry.id} (${scenario.name}); ${flown}`, ...lines] };
  });
}

/**
 * A game just ended (resolved to the end, or terminated): in a campaign whose file says `next:
 * auto`, the next game starts at once; when none follows, the campaign ends. Run in a savepoint by
 * the caller, so that a failure here never undoes the game's last turn.
 */
export function campaignGameOver(deps: AppDeps, tx: StoreTx, gameId: string): string[] {
  const cg = tx.campaigns.ofGame(gameId);
  if (!cg) return [];
  const c = tx.campaigns.get(cg.campaignId);
  if (!c || c.status === 'over') return [];
  const { entry } = upcoming(tx, c);
  if (!entry) {
    tx.campaigns.update(c.id, { status: 'over', endedAt: deps.clock.now() });
    return [`campaign ${c.id} is over`];
  }
  if (c.spec.next !== 'auto') return [];
  return startNextGame(deps, c.id).lines;
}

/**
 * The hook the turn and the game master's TERMINATE call when a game ends. A campaign that cannot
 * go on (a scenario file gone, say) is told to the game master; the game's end stands.
 */
export function afterGameOver(deps: AppDeps, tx: StoreTx, game: GameRow): void {
  if (!tx.campaigns.ofGame(game.id)) return;
  try {
    const lines = deps.store.savepoint(() => campaignGameOver(deps, tx, game.id));
    if (lines.length) deps.log.info({ game: game.id, lines }, 'campaign');
  } catch (e) {
    deps.log.error({ game: game.id, error: (e as Error).message }, 'the campaign\'s next game could not start');
    alertGm(deps, tx, game, 'the campaign could not go on', [
      `Game ${game.id} is over, but its campaign's next game could not start: ${(e as Error).message}`,
      'Put it right and start the next game with CAMPAIGN NEXT (or tallyho campaign next).',
    ]);
  }
}
