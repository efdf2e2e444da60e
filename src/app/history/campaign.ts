/**
 * A campaign's export, import and verification (docs/cli.md "tallyho export"): the campaign's file,
 * addresses and games in order, and each game's whole export (app/history/export.ts). Nothing else need be
 * carried: the rosters and the standing are worked out from the games.
 */
import { AppError, type AppDeps } from '../ports/deps.ts';
import { exportGame, type GameExport, importGame, type ImportResult } from './export.ts';
import type { CampaignGameRow, CampaignRow } from '../ports/campaign.ts';
import { verifyGame, type VerifyResult } from './verify.ts';
import { requireCampaign } from '../views/campaign.ts';

export const CAMPAIGN_EXPORT_FORMAT = 'tallyho-campaign';
export const CAMPAIGN_EXPORT_VERSION = 1;

export interface CampaignExport {
  format: typeof CAMPAIGN_EXPORT_FORMAT;
  version: typeof CAMPAIGN_EXPORT_VERSION;
  exportedAt: number;
  campaign: CampaignRow & { players: { id: string; email: string }[]; games: Omit<CampaignGameRow, 'campaignId'>[] };
  /** Each game's export, in the campaign's order. */
  games: GameExport[];
}

export function exportCampaign(deps: AppDeps, id: string): CampaignExport {
  const { row, players, games } = deps.store.tx((tx) => {
    const c = requireCampaign(tx, id);
    return { row: c, players: tx.campaigns.players(c.id), games: tx.campaigns.games(c.id) };
  });
  return {
    format: CAMPAIGN_EXPORT_FORMAT,
    version: CAMPAIGN_EXPORT_VERSION,
    exportedAt: deps.clock.now(),
    campaign: { ...row, players, games: games.map(({ seq, entry, gameId }) => ({ seq, entry, gameId })) },
    games: games.map((g) => exportGame(deps, g.gameId)),
  };
}

export interface CampaignImportResult {
  campaign: CampaignRow;
  games: ImportResult[];
}

/**
 * Restores a campaign export (checked by the caller) in one transaction: its games, then the
 * campaign. The store must hold no game, unless `add` is given; ids already taken are refused.
 */
export function importCampaign(
  deps: AppDeps,
  data: CampaignExport,
  options: { add?: boolean } = {},
): CampaignImportResult {
  return deps.store.tx((tx) => {
    const c = data.campaign;
    if (tx.campaigns.get(c.id))
      throw new AppError('E_STATE', `a campaign '${c.id}' exists already in this database; nothing was imported`);
    const existing = tx.games.list().length;
    if (existing && !options.add)
      throw new AppError(
        'E_STATE',
        `this database holds ${existing} game${existing === 1 ? '' : 's'} already; import restores into an empty database, or give --add to put the campaign next to them. Nothing was imported`,
      );
    const games = data.games.map((g) => importGame(deps, g, { add: true }));
    const { players, games: order, ...row } = c;
    tx.campaigns.insert(row);
    tx.campaigns.update(c.id, { endedAt: c.endedAt });
    for (const p of players) tx.campaigns.setPlayer(c.id, p.id, p.email);
    for (const g of order) tx.campaigns.addGame({ campaignId: c.id, ...g });
    return { campaign: requireCampaign(tx, c.id), games };
  });
}

/** Every game of the campaign re-resolved (app/history/verify.ts), in order; `verify` runs one game's (the CLI times each). */
export function verifyCampaign(
  deps: AppDeps,
  id: string,
  verify: (gameId: string) => VerifyResult = (g) => verifyGame(deps, g),
): VerifyResult[] {
  const games = deps.store.tx((tx) => tx.campaigns.games(requireCampaign(tx, id).id));
  return games.map((g) => verify(g.gameId));
}

/** The problems of a campaign export whose games were each checked: the games and the order agree. */
export function campaignExportProblems(data: CampaignExport): string[] {
  const problems: string[] = [];
  const ids = data.games.map((g) => g.game.id);
  const order = data.campaign.games;
  if (order.length !== ids.length)
    problems.push(`campaign.games lists ${order.length} game(s) but the export holds ${ids.length}`);
  order.forEach((g, i) => {
    if (g.seq !== i + 1) problems.push(`campaign.games[${i}]: seq ${g.seq}, expected ${i + 1}`);
    if (ids[i] !== g.gameId)
      problems.push(`campaign.games[${i}]: game ${g.gameId}, but the export's game ${i + 1} is ${ids[i] ?? 'missing'}`);
    if (!data.campaign.spec.scenarios.some((s) => s.id === g.entry))
      problems.push(`campaign.games[${i}]: '${g.entry}' is not a scenario of the campaign`);
  });
  for (const p of data.campaign.players)
    if (!data.campaign.spec.players[p.id]) problems.push(`campaign.players: '${p.id}' is not a player of the campaign`);
  return problems;
}
