/**
 * The one-line summaries of the web archive's pages, for their `<meta name="description">`: what a
 * chat or a mail client shows under a shared link (docs/gm-guide.md, "The web archive"). Each is
 * plain text on one line of at most META_MAX characters, made from what the page itself shows: a
 * game's state or result, a turn's shots and losses, a plane's state, a campaign's standing. The
 * page's template escapes it, like every other text.
 */
import type { GameEvent } from '../../core/events.ts';

/** The longest summary: what the search engines and the chat previews show before they cut. */
export const META_MAX = 160;

/** A text on one line of at most `max` characters, cut at a word and ended by an ellipsis when too long. */
export function oneLine(text: string, max = META_MAX): string {
  const t = text.replace(/\s+/g, ' ').trim();
  if (t.length <= max) return t;
  const cut = t.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

const plural = (n: number, what: string): string => `${n} ${what}${n === 1 ? '' : 's'}`;

/** The game list: how many games, and the latest few by name. */
export function gamesMeta(v: { summary: string; games: readonly { name: string; status: string }[] }): string {
  const latest = v.games.slice(0, 3).map((g) => `${g.name} (${g.status})`);
  return oneLine(
    `WWII air combat played by mail, refereed by Tallyho. ${v.summary}${latest.length ? ` Latest: ${latest.join(', ')}.` : ''}`,
  );
}

/** A game: its name, where it stands (turn, waiting, or its result), and its scenario's description. */
export function gameMeta(v: {
  name: string;
  description: string;
  status: string;
  turn: number;
  result: string;
  waiting: string;
}): string {
  const where =
    v.status === 'over'
      ? `over after turn ${v.turn}. ${v.result}`
      : v.status === 'running'
        ? `turn ${v.turn}, running${v.waiting ? `, waiting for ${v.waiting}` : ''}.`
        : 'being set up.';
  return oneLine(`${v.name}: ${where}${v.description ? ` ${v.description}` : ''}`);
}

interface Burst {
  firer: string;
  target: string;
  bursts: number;
  hits: number;
}

/** A turn's shots, a pair of firer and target each (in the order they first fired), and the planes lost. */
function shotsAndLosses(events: readonly GameEvent[]): { bursts: Burst[]; lost: string[] } {
  const pairs = new Map<string, Burst>();
  const lost: string[] = [];
  const add = (firer: string, target: string, hits: number) => {
    const key = `${firer}\u0000${target}`;
    const b = pairs.get(key) ?? { firer, target, bursts: 0, hits: 0 };
    b.bursts += 1;
    b.hits += hits;
    pairs.set(key, b);
  };
  for (const e of events) {
    if (e.type === 'shot') add(e.firer, e.target, e.hits);
    else if (e.type === 'shot-down') lost.push(e.plane);
    else if (e.type === 'quick' && e.event.type === 'shot') add(e.event.plane, e.event.target, e.event.hit ? 1 : 0);
    else if (e.type === 'quick' && e.event.type === 'down') lost.push(e.event.plane);
  }
  return { bursts: [...pairs.values()], lost: [...new Set(lost)] };
}

/** A resolved turn: the planes lost first (what matters most), then who fired at whom and with what luck. */
export function turnMeta(game: string, turn: number, events: readonly GameEvent[], end = ''): string {
  const { bursts, lost } = shotsAndLosses(events);
  const shots = bursts.map(
    (b) =>
      `${b.firer} fired at ${b.target}${b.bursts > 1 ? ` ${b.bursts} times` : ''} (${b.hits ? plural(b.hits, 'hit') : 'missed'})`,
  );
  const losses = lost.length ? `Shot down: ${lost.join(', ')}.` : bursts.length ? 'No plane lost.' : '';
  const fire = shots.length ? `${shots.join('; ')}.` : 'No shots fired.';
  return oneLine([`${game}, turn ${turn}:`, losses, end, fire].filter((x) => x).join(' '));
}

/** A plane's log sheet: the plane, its side and state at the end of the turn. */
export function sheetMeta(v: {
  game: { name: string };
  turn: number;
  player: string;
  plane: { id: string; type: string; side: string; status: string; hex: string; altitude: number };
}): string {
  const p = v.plane;
  const flying = p.status === 'flying' ? `, hex ${p.hex} at ${p.altitude} ft` : '';
  return oneLine(
    `Log sheet of ${p.id} (${p.type}, ${p.side}${v.player ? `, flown by ${v.player}` : ''}) after turn ${v.turn} of ${v.game.name}: ${p.status}${flying}.`,
  );
}

/** The campaign list. */
export function campaignsMeta(v: { campaigns: readonly { name: string; status: string }[] }): string {
  const n = v.campaigns.length;
  const names = v.campaigns.slice(0, 3).map((c) => `${c.name} (${c.status})`);
  return oneLine(
    `Tallyho campaigns: pilots carried from game to game. ${n ? `${plural(n, 'campaign')}: ${names.join(', ')}${n > 3 ? ', ...' : ''}.` : 'None yet.'}`,
  );
}

/** A campaign: its state, the standing and the games played. */
export function campaignMeta(v: {
  name: string;
  status: string;
  description: string;
  standing: readonly { side: string; points: number }[];
  games: readonly unknown[];
}): string {
  const standing = v.standing.map((s) => `${s.side} ${s.points}`).join(', ');
  return oneLine(
    `${v.name}: campaign ${v.status}, ${plural(v.games.length, 'game')}${standing ? `; standing ${standing}` : ''}.${v.description ? ` ${v.description}` : ''}`,
  );
}

/** A campaign's pilot: state, sorties and victories. */
export function pilotMeta(v: {
  campaign: { name: string };
  pilot: { name: string; status: string; sorties: number; victories: string };
}): string {
  const p = v.pilot;
  return oneLine(
    `${p.name}, pilot in ${v.campaign.name}: ${p.status}; ${plural(p.sorties, 'sortie')}, ${p.victories}.`,
  );
}
