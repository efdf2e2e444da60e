/**
 * The docs on the web archive (docs/gm-guide.md, "The web archive"): GET /docs, the list, and
 * /docs/<name>, docs/<name>.md as a page (web/markdown.ts: escaped, links to the other docs and to
 * the headings' anchors), with the pictures under /docs/images. The mails link here when PUBLIC_URL
 * is set (src/app/words/doc-links.ts), so that a player by mail can read what they cite. Only the docs
 * named below are served, each read once; the docs are part of the project, public, and hold no
 * secret of an installation.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import express, { type Response } from 'express';
import { DOC_IMAGE_FILE, imageSizes } from './image-size.ts';
import { renderMarkdown, type Rendered } from './markdown.ts';
import { oneLine } from '../../app/archive/describe.ts';
import type { Page } from './views.ts';
import { paths, ROUTES } from '../../app/words/urls.ts';

/** docs/ in the package root (the same two levels above src/shell/web and dist/shell/web). */
export const DOCS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../docs');

export interface DocGroup {
  heading: string;
  docs: { name: string; about: string }[];
}

/** The docs served, by whom they are for; a test checks that every file of docs/ is placed here. */
export const DOC_GROUPS: readonly DocGroup[] = [
  {
    heading: 'For players',
    docs: [
      { name: 'first-turn', about: 'your first turn on one page: the welcome mail, three steps, what comes back' },
      { name: 'players', about: 'the mails, the envelope, plots, fire orders, the report, commands: the whole guide' },
      { name: 'quick', about: 'its whole rules, with examples' },
      { name: 'orders', about: 'the order language, line by line' },
      { name: 'plans', about: 'every way a plane can fly its next turn, the menu of plans and the plotter' },
      { name: 'standin', about: 'the computer pilot: what it knows, how it chooses, how strong it is' },
      {
        name: 'notifications',
        about: '"your turn" in Discord, Slack, Matrix, ntfy or any JSON receiver, beside the mail',
      },
      { name: 'rules', about: 'seed by seed, with the reasons where the seeds leave a gap' },
      { name: 'combat', about: 'fire tables, the cone of fire, deflection, hits and damage' },
      { name: 'ground', about: 'planes on the ground: engine starts, take-off, carriers, landing' },
      { name: 'ordnance', about: 'bombs, torpedoes and rockets' },
      { name: 'flak', about: 'the guns on ships and on the ground, and their chances' },
      { name: 'spotting', about: 'who sees whom, and what each side is told' },
      { name: 'ships', about: 'ships, trucks and tanks, and the scale of the map' },
      { name: 'aircraft', about: 'the aircraft cards and where their numbers come from' },
      { name: 'campaigns', about: 'pilots from game to game: fates, victories, promotions' },
      { name: 'fair-dice', about: 'how to check that nobody chose the dice' },
    ],
  },
  {
    heading: 'For game masters',
    docs: [
      { name: 'gm-guide', about: 'running the referee: mail, settings, games, deadlines, the web archive' },
      { name: 'local-mode', about: 'playing on one machine, without a mail server' },
      { name: 'scenarios', about: 'writing your own' },
      { name: 'cli', about: 'the command line' },
    ],
  },
  {
    heading: 'How it is made',
    docs: [
      { name: 'architecture', about: 'the parts of the program and how they fit' },
      { name: 'testing', about: 'the tests and benchmarks' },
    ],
  },
];

export const SERVED_DOCS: ReadonlySet<string> = new Set(DOC_GROUPS.flatMap((g) => g.docs.map((d) => d.name)));

const NAME_RE = /^[a-z0-9-]{1,40}$/;

/**
 * How long a browser keeps a picture of the docs: a week, then asks again with its ETag (a 304 while
 * it is the same). The pictures' addresses carry no version, so an upgrade's new screenshot shows
 * within the week.
 */
export const DOC_IMAGE_CACHE = 'public, max-age=604800';

/** The docs list's line for a shared link. */
const DOCS_META =
  'The Tallyho docs: playing WWII air combat by mail, the orders, the rules as the referee plays them, and running a referee.';

export function docsRouter(o: { pages: Page; local: boolean; dir?: string }): express.Router {
  const dir = o.dir ?? DOCS_DIR;
  const rendered = new Map<string, Rendered>();
  const imageSize = imageSizes(resolve(dir, 'images'));
  const router = express.Router();
  const doc = (name: string): Rendered => {
    let r = rendered.get(name);
    if (!r) {
      r = renderMarkdown(readFileSync(resolve(dir, `${name}.md`), 'utf8'), { served: SERVED_DOCS, imageSize });
      rendered.set(name, r);
    }
    return r;
  };
  const send = (res: Response, name: string, view: object, status = 200) => {
    res
      .status(status)
      .type('html')
      .set('Cache-Control', 'public, max-age=300')
      .send(o.pages(name, { local: o.local, ...view }));
  };
  const notFound = (res: Response) => {
    res
      .status(404)
      .type('html')
      .set('Cache-Control', 'no-cache')
      .send(
        o.pages('error', {
          title: 'Not found',
          message: 'There is no such page of the docs here: the list is at /docs.',
          local: o.local,
        }),
      );
  };
  router.get(ROUTES.docs, (_req, res) => {
    send(res, 'docs', {
      title: 'Docs',
      metaDescription: DOCS_META,
      groups: DOC_GROUPS.map((g) => ({
        heading: g.heading,
        docs: g.docs.map((d) => ({ ...d, href: paths.doc(d.name), title: doc(d.name).title })),
      })),
    });
  });
  router.get(ROUTES.docImage, (req, res) => {
    const file = String(req.params.file);
    if (!DOC_IMAGE_FILE.test(file)) {
      notFound(res);
      return;
    }
    res.set('Cache-Control', DOC_IMAGE_CACHE).sendFile(resolve(dir, 'images', file), { dotfiles: 'deny' }, (e) => {
      if (e && !res.headersSent) notFound(res);
    });
  });
  router.get(ROUTES.doc, (req, res) => {
    const raw = String(req.params.name);
    // A link written as in the repository (`rules.md`) leads to the page.
    const name = raw.endsWith('.md') ? raw.slice(0, -3) : raw;
    if (!NAME_RE.test(name) || !SERVED_DOCS.has(name)) {
      notFound(res);
      return;
    }
    if (name !== raw) {
      res.redirect(301, paths.doc(name));
      return;
    }
    const r = doc(name);
    send(res, 'doc', { title: r.title, html: r.html, metaDescription: oneLine(r.lead || r.title) });
  });
  return router;
}
