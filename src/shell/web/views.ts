/**
 * The web archive's pages from Handlebars templates in templates/web/ (`<name>.hbs`; files starting
 * with `_` are partials). Handlebars escaping only; the triple-stashes, the turn's and the game's map SVG, are on
 * the allow-list of tests/shell/web/templates.test.ts and made by src/report/svg-map.ts, which escapes
 * every text it writes. Strict mode: a field missing from a view model is an error. Every page
 * leaves without Unicode bidi controls (stripBidi): a name cannot reorder the text around it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { TallyhoError } from '../errors.ts';
import { TEMPLATE_PATHS } from '../../app/words/urls.ts';
import { VERSION } from '../version.ts';

export const WEB_TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../templates/web');

export type Page = (name: string, view: object) => string;

/**
 * The Unicode bidi controls: the embeddings and overrides (U+202A-U+202E), the isolates
 * (U+2066-U+2069) and the marks (U+200E, U+200F, U+061C). A game's name, a player's id or a
 * scenario's text holding one could turn the text after it around on the page (a name ending in
 * U+202E shows the rest of its line backwards); they are removed from every page, the SVG map's
 * text included, so no text on a page can do so. The letters of right-to-left scripts stay.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export const stripBidi = (s: string): string => s.replace(BIDI_CONTROLS, '');

/**
 * The pages that go without a `<meta name="description">`: the error pages and the game master's
 * (never shared). Every other page's view carries `metaDescription`, one line (app/archive/describe.ts)
 * that a chat shows under a shared link; a page rendered without one is an error, as a missing field is.
 */
const UNDESCRIBED = /^(error|admin(-[a-z]+)?)$/;

export function createPages(dir: string = WEB_TEMPLATES_DIR): Page {
  const hb = Handlebars.create();
  // `{{sitePath "games"}}`: a fixed address of the site, from the one module that spells them (app/words/urls.ts).
  hb.registerHelper('sitePath', (name: unknown) => {
    const path = TEMPLATE_PATHS[String(name)];
    if (path === undefined)
      throw new TallyhoError('E_IO', `a web template asks for an unknown address "${String(name)}"`);
    return path;
  });
  // `{{version}}`: the installation's version (package.json), in every page's footer.
  hb.registerHelper('version', () => VERSION);
  const pages = new Map<string, (view: object) => string>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.hbs'));
  } catch (e) {
    throw new TallyhoError('E_IO', `cannot read the web templates directory ${dir}: ${(e as Error).message}`);
  }
  for (const n of names) {
    const m = /^(_?)([a-z0-9-]+)\.hbs$/.exec(n);
    if (!m) throw new TallyhoError('E_IO', `${join(dir, n)}: a web template is named <name>.hbs`);
    const source = readFileSync(join(dir, n), 'utf8');
    if (m[1]) hb.registerPartial(m[2] as string, source);
    else pages.set(m[2] as string, hb.compile(source, { strict: true }));
  }
  return (name, view) => {
    const page = pages.get(name);
    if (!page) throw new TallyhoError('E_IO', `no web template ${name}.hbs in ${dir}`);
    const meta = (view as { metaDescription?: unknown }).metaDescription;
    if (!UNDESCRIBED.test(name) && (typeof meta !== 'string' || !meta))
      throw new TallyhoError('E_IO', `the web page ${name} is rendered without its metaDescription`);
    return stripBidi(page(view));
  };
}
