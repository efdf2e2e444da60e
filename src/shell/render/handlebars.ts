/**
 * The Renderer port over Handlebars. templates/<name>.txt.hbs is the text/plain part (no escaping:
 * it is not HTML), templates/<name>.html.hbs the HTML alternative (Handlebars escaping only; no
 * triple-stash anywhere). Files starting with `_` are partials: `_foot.txt.hbs` is `foot-txt`.
 * Strict mode: a field missing from a view model is an error, not an empty string.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import Handlebars from 'handlebars';
import type { RenderedMail, Renderer } from '../../app/ports/store.ts';
import { TallyhoError } from '../errors.ts';
import { textBlocks } from './blocks.ts';

export const DEFAULT_TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../templates');

type Compiled = (view: object) => string;

/**
 * Tidy text: no trailing spaces (but the signature separator's "-- "), at most one blank line in a
 * row, one final newline.
 */
export function tidyText(text: string): string {
  const lines = text.split('\n').map((l) => (l === '-- ' ? l : l.trimEnd()));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^\n+|\n+$/g, '')}\n`;
}

export function createRenderer(dir: string = DEFAULT_TEMPLATES_DIR): Renderer {
  const text = Handlebars.create();
  const html = Handlebars.create();
  for (const hb of [text, html]) hb.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).join(''));
  // A block of a mail's text in the HTML part: prose as paragraphs, columns in a <pre> (blocks.ts; the text it is given is escaped).
  html.registerHelper('textBlocks', function (this: unknown, options: Handlebars.HelperOptions) {
    return new Handlebars.SafeString(textBlocks(options.fn(this)));
  });
  const templates = new Map<string, { text?: Compiled; html?: Compiled }>();
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.hbs'));
  } catch (e) {
    throw new TallyhoError('E_IO', `cannot read the templates directory ${dir}: ${(e as Error).message}`);
  }
  for (const n of names) {
    const m = /^(_?)([a-z0-9-]+)\.(txt|html)\.hbs$/.exec(n);
    if (!m) throw new TallyhoError('E_IO', `${join(dir, n)}: a template is named <name>.txt.hbs or <name>.html.hbs`);
    const [, partial, name, kind] = m as unknown as [string, string, string, 'txt' | 'html'];
    const source = readFileSync(join(dir, n), 'utf8');
    const hb = kind === 'txt' ? text : html;
    if (partial) {
      hb.registerPartial(`${name}-${kind}`, source);
      continue;
    }
    const compiled = hb.compile(source, { strict: true, noEscape: kind === 'txt' });
    const entry = templates.get(name) ?? {};
    entry[kind === 'txt' ? 'text' : 'html'] = compiled;
    templates.set(name, entry);
  }
  return {
    render(name: string, view: object): RenderedMail {
      const t = templates.get(name);
      if (!t?.text || !t.html)
        throw new TallyhoError('E_IO', `template ${name} needs both ${name}.txt.hbs and ${name}.html.hbs in ${dir}`);
      return { text: tidyText(t.text(view)), html: t.html(view) };
    },
  };
}
