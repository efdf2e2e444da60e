/**
 * A campaign by mail (docs/campaigns.md "For players"): the players' ROSTER and CAMPAIGN, in the
 * envelope of any of the campaign's games; the game master's CAMPAIGN commands, in an envelope for
 * the campaign's id (or one of its games): CREATE, PLAYER, ASSIGN, NEXT, and CAMPAIGN alone for
 * everything, every rating told.
 */
import type { Command } from '../../orders/index.ts';
import { AppError, type AppDeps } from '../ports/deps.ts';
import type { Answer } from '../mail/notify.ts';
import type { StoreTx } from '../ports/store.ts';
import { assignPilot, createCampaign, setCampaignPlayer, startNextGame } from './lifecycle.ts';
import { campaignOfId, recordOf, requireCampaign } from '../views/campaign.ts';
import { rosterText, standingLines } from '../views/campaign.ts';

const notInCampaign = (id: string) => new AppError('E_STATE', `game ${id} is not a game of a campaign: ROSTER and CAMPAIGN answer in a campaign's games`);

/** A player's ROSTER: his pilots, every rating and career. */
export function rosterAnswer(tx: StoreTx, gameId: string, player: string): Answer {
  const c = campaignOfId(tx, gameId);
  if (!c) throw notInCampaign(gameId);
  const r = recordOf(tx, c);
  return {
    paragraphs: [`Your roster in campaign ${c.id} (${c.name}). A pilot's rating is its own side's to know; the enemy learns it when that pilot fires.`],
    sections: [{ heading: `${player}'s pilots`, text: rosterText(r, player, { player }, c.status === 'over') }],
  };
}

/** CAMPAIGN: the standing, the games, what comes next, and the other players' pilots as far as they have shown. */
export function campaignAnswer(tx: StoreTx, gameId: string, player: string | null): Answer {
  const c = campaignOfId(tx, gameId);
  if (!c) throw notInCampaign(gameId);
  const r = recordOf(tx, c);
  const reader = player ? { player } : 'all' as const;
  const others = Object.keys(c.spec.players).filter((p) => p !== player);
  return {
    paragraphs: [`Campaign ${c.id}: ${c.name}.`, ...standingLines(tx, c, r)],
    sections: others.map((p) => ({ heading: `${p}'s pilots${player ? ' (ratings as far as they have shown)' : ''}`, text: rosterText(r, p, reader, c.status === 'over') })),
  };
}

/** The game master's CAMPAIGN commands. `id`: the envelope's (a campaign, or a game of one). */
export function gmCampaignCommand(deps: AppDeps, tx: StoreTx, id: string, c: Command, auth: { to: string; global: boolean }): Answer {
  const [verb, a1, a2] = c.args.map((x, i) => (i === 0 ? x.toUpperCase() : x));
  const lines = (...paragraphs: string[]): Answer => ({ paragraphs, sections: [] });
  if (verb === 'CREATE') {
    if (!auth.global) throw new AppError('E_STATE', 'CAMPAIGN CREATE needs the installation\'s GM secret (GM_SECRET)');
    if (!deps.campaigns) throw new AppError('E_STATE', 'this installation has no campaign files');
    if (!a1) throw new AppError('E_USAGE', `CAMPAIGN CREATE <file>: one of ${deps.campaigns.names().join(', ') || '(none)'}`);
    const spec = deps.campaigns.load(a1);
    const row = createCampaign(deps, { id, spec, source: a1.toLowerCase(), gmEmail: auth.to });
    return lines(`Campaign ${row.id} created from ${a1}: ${row.name}. Scenarios: ${row.spec.scenarios.map((s) => s.id).join(', ')}.`,
      `Next: an address for each player (${Object.keys(row.spec.players).join(', ')}) with CAMPAIGN PLAYER <player> <address>, then CAMPAIGN NEXT starts the first game, ${row.id}-1.`);
  }
  const camp = campaignOfId(tx, id);
  if (!camp) throw new AppError('E_NOT_FOUND', `there is no campaign '${id}' (nor a game of one)`);
  switch (verb) {
    case undefined: {
      const r = recordOf(tx, camp);
      const players = tx.campaigns.players(camp.id);
      return {
        paragraphs: [`Campaign ${camp.id}: ${camp.name} (${camp.status}).`, ...standingLines(tx, camp, r),
          `Players: ${Object.keys(camp.spec.players).map((p) => `${p} ${players.find((x) => x.id === p)?.email ?? '(no address yet)'}`).join(', ')}.`,
          ...(Object.keys(camp.assign).length ? [`Your pilots for the next game: ${Object.entries(camp.assign).map(([pl, pi]) => `${pl} ${pi}`).join(', ')}.`] : [])],
        sections: Object.keys(camp.spec.players).map((p) => ({ heading: `${p}'s pilots`, text: rosterText(r, p, 'all', camp.status === 'over') })),
      };
    }
    case 'PLAYER':
      if (!a1 || !a2) throw new AppError('E_USAGE', 'CAMPAIGN PLAYER <player> <address>');
      setCampaignPlayer(deps, { campaign: camp.id, player: a1, email: a2 });
      return lines(`${a1.toLowerCase()} of campaign ${camp.id} is ${a2.toLowerCase()} from the next game on.`);
    case 'ASSIGN':
      if (!a1 || !a2) throw new AppError('E_USAGE', 'CAMPAIGN ASSIGN <plane> <pilot id> (or auto)');
      return lines(assignPilot(deps, { campaign: camp.id, plane: a1, pilot: a2 }));
    case 'NEXT':
      return lines(...startNextGame(deps, requireCampaign(tx, camp.id).id).lines);
    default:
      throw new AppError('E_USAGE', `CAMPAIGN ${verb} is not a campaign command: CAMPAIGN, CAMPAIGN CREATE <file>, CAMPAIGN PLAYER <player> <address>, CAMPAIGN ASSIGN <plane> <pilot> or CAMPAIGN NEXT`);
  }
}
