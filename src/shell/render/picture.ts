/**
 * The picture in a mail: the map's SVG (report/svg-map.ts, standalone) rendered to a PNG by resvg,
 * with the DejaVu Sans fonts of the dejavu-fonts-ttf package and no system font, so that the
 * picture comes out the same on every machine.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const require = createRequire(import.meta.url);
const FONTS = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((f) => join(FONTS, f));

/** Pixels per SVG unit (a hex is 40 units across), and the widest picture a mail carries. */
export const PICTURE_SCALE = 1.25;
export const PICTURE_MAX_WIDTH = 800;

export interface Picture {
  png: Buffer;
  width: number;
  height: number;
}

/** The width in pixels a map of `svgWidth` units is drawn at. */
export const pictureWidth = (svgWidth: number): number =>
  Math.min(PICTURE_MAX_WIDTH, Math.round(svgWidth * PICTURE_SCALE));

/**
 * The pictures rendered last, by their SVG: the players of a game get the same report picture, so
 * it is rendered once for them all.
 */
const recent = new Map<string, Picture>();
const RECENT_KEPT = 16;

export function renderPicture(svg: string): Picture {
  const key = createHash('sha256').update(svg).digest('base64');
  const kept = recent.get(key);
  if (kept) {
    recent.delete(key);
    recent.set(key, kept);
    return kept;
  }
  const made = renderPictureUncached(svg);
  if (recent.size >= RECENT_KEPT) recent.delete(recent.keys().next().value as string);
  recent.set(key, made);
  return made;
}

/** Renders without looking at the pictures kept (the benchmark's measure of one picture). */
export function renderPictureUncached(svg: string): Picture {
  const width = Number(/<svg[^>]*\swidth="([\d.]+)"/.exec(svg)?.[1] ?? 500);
  const r = new Resvg(svg, {
    fitTo: { mode: 'width', value: pictureWidth(width) },
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: 'DejaVu Sans' },
    shapeRendering: 2,
    textRendering: 1,
  }).render();
  return { png: r.asPng(), width: r.width, height: r.height };
}
