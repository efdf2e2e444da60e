/**
 * The pictures of the mails (docs/players.md "The picture"): the map drawn as a standalone SVG
 * (report/svg-map.ts) from the one map view (report/map-view.ts), with its words for a reader who
 * does not see pictures. The shell renders it to the PNG the HTML part shows inline.
 * A report shows the map after the turn with each plane's track and the shots; an acknowledgement
 * the plotted paths on the map of the turn's start; a welcome the map of the start.
 */
import type { GameEvent } from '../../core/events.ts';
import type { Hex } from '../../core/hex/coords.ts';
import type { GameState } from '../../core/state.ts';
import { replayFrames } from '../../report/frames.ts';
import { buildMapView, type MapView } from '../../report/map-view.ts';
import { svgMap } from '../../report/svg-map.ts';
import { facingText } from './sheet.ts';
import type { PictureModel } from '../ports/store.ts';

export interface Picture {
  title: string;
  view: MapView;
  /** Its words, for a reader who does not see pictures (the HTML part's alt text). */
  alt: string;
}

/** The picture's standalone SVG (report/svg-map.ts), drawn from its view. */
export const pictureSvg = (p: PictureModel): string =>
  'svg' in p ? p.svg : svgMap(p.view, { title: p.title, standalone: true });

const feet = (n: number): string => n.toLocaleString('en-US');

/** The picture's words: where each plane flying is, and the shots. */
function altText(title: string, view: MapView): string {
  const planes = view.planes
    .filter((p) => p.status === 'flying')
    .map((p) => `${p.id} in ${p.hex}, facing ${facingText(p.facing)}, ${feet(p.altitude)} ft`);
  const hits = view.shots.filter((s) => s.hit).length;
  const shots = view.shots.length
    ? ` ${view.shots.length} shot${view.shots.length === 1 ? '' : 's'}, ${hits} hitting.`
    : '';
  return `${title}: ${planes.join('; ') || 'no plane flying'}.${shots}`;
}

const picture = (title: string, view: MapView): Picture => ({ title, view, alt: altText(title, view) });

/**
 * The map after a resolved turn: tracks, shots, the planes where they end it. The same for every
 * player of the game (no plane drawn as the reader's): made once a turn, and rendered once for them all.
 */
export function reportPicture(
  before: GameState,
  after: GameState,
  events: readonly GameEvent[],
  gameName: string,
): Picture {
  const frames = replayFrames(before, events);
  const view = buildMapView({ state: after, turn: { frames, events } });
  return picture(`${gameName}: the map after turn ${before.turn}`, view);
}

/** The map of the turn's start with the reader's plotted paths. */
export function previewPicture(
  state: GameState,
  paths: { plane: string; marks: { hex: Hex; impulse: number }[] }[],
  own: readonly string[],
  gameName: string,
): Picture {
  const view = buildMapView({ state, own, paths });
  return picture(`${gameName}: your plotted paths for turn ${state.turn}`, view);
}

/** The map as it stands (a welcome). */
export function situationPicture(state: GameState, own: readonly string[], gameName: string): Picture {
  const view = buildMapView({ state, own });
  return picture(`${gameName}: the map for turn ${state.turn}`, view);
}
