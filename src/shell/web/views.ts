/**
 * The web archive's pages from Handlebars templates in templates/web/ (`<name>.hbs`; files starting
 * with `_` are partials). Handlebars escaping only; the one triple-stash, the turn map's SVG, is on
 * the allow-list of tests/web/templates.test.ts and made by src/report/svg-map.ts, which escapes
 * every text it writes. Strict mode: a field missing from a view model is an error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import { TallyhoError } from '../errors.ts';

export const WEB_TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../templates/web');

export type Page = (name: string, view: object) => string;

export function createPages(dir: string = WEB_TEMPLATES_DIR): Page {
  const hb = Handlebars.create();
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
    return page(view);
  };
}
