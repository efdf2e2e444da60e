/**
 * The web archive's campaign pages (docs/campaigns.md "On the web"): the list, a campaign's page
 * (standing, games in order, rosters) and a pilot's career (sorties, victories linked to their
 * turns). The public reads ratings only once they have shown in combat, or when the campaign is
 * over; another player's sorties in a game still being played show nothing of that game.
 */
import { when } from '../words/text.ts';
import type { Store } from '../ports/store.ts';
import type { PilotRecord } from '../../core/campaign/record.ts';
import { recordOf, upcoming } from '../views/campaign.ts';
import { ratingFor, sideName, sortieText, statusText, victoriesText } from '../views/campaign.ts';
import { paths } from '../words/urls.ts';

const campaignHref = paths.campaign;
const pilotHref = paths.pilot;
const gameHref = paths.game;

export function campaignList(store: Store) {
  return store.tx((tx) => ({
    campaigns: tx.campaigns.list().map((c) => ({
      id: c.id,
      name: c.name,
      href: campaignHref(c.id),
      status: c.status,
      games: tx.campaigns.games(c.id).length,
      created: when(c.createdAt),
    })),
  }));
}

const pilotRow = (c: { id: string }, p: PilotRecord, over: boolean) => ({
  id: p.id,
  name: p.name,
  href: pilotHref(c.id, p.id),
  rating: ratingFor(p, 'public', over),
  status: statusText(p, over),
  sorties: p.sorties.filter((s) => s.fate).length,
  victories: victoriesText(p.victories),
  flying: p.sorties.some((s) => !s.fate),
});

export function campaignPage(store: Store, id: string) {
  return store.tx((tx) => {
    const c = tx.campaigns.get(id.toLowerCase());
    if (!c) return null;
    const r = recordOf(tx, c);
    const over = c.status === 'over';
    const name = (side: string) => sideName(tx, c, side);
    const { entry, waitingFor } = upcoming(tx, c);
    return {
      id: c.id,
      name: c.name,
      description: c.spec.description ?? '',
      status: over ? 'over' : 'running',
      ...(over
        ? {}
        : {
            secrecy:
              "A pilot's rating shows here once that pilot has fired in combat (seed 002 9.1.11); every rating once the campaign is over.",
          }),
      standing: Object.entries(r.standing)
        .sort((a, b) => b[1] - a[1])
        .map(([s, n]) => ({ side: name(s), points: n })),
      games: r.games.map((g) => {
        const e = c.spec.scenarios.find((s) => s.id === g.entry);
        return {
          seq: g.seq,
          id: g.gameId,
          href: gameHref(g.gameId),
          entry: g.entry,
          scenario: e?.scenario ?? '',
          result: g.over ? (g.winner ? `${name(g.winner)} won` : 'nobody won') : 'being played',
          points: g.over
            ? Object.entries(g.points)
                .map(([s, n]) => `${name(s)} +${n}`)
                .join(', ')
            : '',
          why: g.why.join('; '),
        };
      }),
      next: over
        ? 'The campaign is over.'
        : waitingFor
          ? `Being played: game ${waitingFor.id}.`
          : entry
            ? `Next: ${entry.id} (scenario ${entry.scenario}).`
            : 'No scenario follows.',
      rosters: Object.entries(c.spec.players).map(([player, slot]) => ({
        player,
        side: name(slot.side),
        pilots: r.pilots.filter((p) => p.player === player).map((p) => pilotRow(c, p, over)),
      })),
    };
  });
}

export function pilotPage(store: Store, id: string, pilotId: string) {
  return store.tx((tx) => {
    const c = tx.campaigns.get(id.toLowerCase());
    if (!c) return null;
    const r = recordOf(tx, c);
    const p = r.pilots.find((x) => x.id === pilotId.toLowerCase());
    if (!p) return null;
    const over = c.status === 'over';
    const done = p.sorties.filter((s) => s.fate);
    return {
      campaign: { id: c.id, name: c.name, href: campaignHref(c.id) },
      pilot: {
        ...pilotRow(c, p, over),
        player: p.player,
        joined:
          p.joined.how === 'roster'
            ? 'on the roster from the start'
            : `joined as a ${p.joined.how}${p.joined.game ? ` after ${p.joined.game}` : ''}`,
      },
      sorties: done.map((s) => ({
        game: s.game,
        href: gameHref(s.game),
        text: sortieText(s, 'in-game'),
        kills: s.kills.map((k) => ({
          text: `${k.victim} (${k.victimType}), turn ${k.turn}${k.share < 1 ? `, shared` : ''}`,
          href: paths.turn(k.game, k.turn),
        })),
      })),
      flying: p.sorties.filter((s) => !s.fate).map((s) => ({ game: s.game, href: gameHref(s.game) })),
    };
  });
}
