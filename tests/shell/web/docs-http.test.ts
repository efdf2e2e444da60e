/**
 * The docs on the web archive (src/shell/web/docs.ts), over HTTP from the real server of
 * `tallyho serve`: the list, a page with its headings' anchors and its links made the archive's,
 * the pictures, the security headers; and the renderer against markup written into a doc.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { archiveGame, serveArchive, type ArchiveGame, type RunningArchive } from '../../support/archive.ts';
import { renderMarkdown } from '../../../src/shell/web/markdown.ts';
import { SERVED_DOCS } from '../../../src/shell/web/docs.ts';
import { docUrl } from '../../../src/app/words/doc-links.ts';
import { DOC_REFS } from '../../../src/core/doc-refs.ts';

const get = async (base: string, path: string) => {
  const r = await fetch(`${base}${path}`, { redirect: 'manual' });
  return { status: r.status, headers: r.headers, body: await r.text() };
};

describe('the docs on the web archive', () => {
  let g: ArchiveGame;
  let web: RunningArchive;
  beforeAll(async () => {
    g = archiveGame();
    web = await serveArchive(g.t);
  });
  afterAll(async () => {
    await web?.close();
    g?.cleanup();
  });

  it('lists the docs, for players first, in the look of the archive', async () => {
    const r = await get(web.url, '/docs');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/html/);
    expect(r.body).toContain('<link rel="stylesheet" href="/static/archive.css">');
    expect(r.body).toContain('<a href="/docs">docs</a>');
    expect(r.body).toContain('<a href="/docs/players">Playing by mail</a>');
    expect(r.body).toContain('<a href="/docs/gm-guide">Game master&#x27;s guide</a>');
    expect(r.body.indexOf('For players')).toBeLessThan(r.body.indexOf('For game masters'));
    // Every page of the archive links to the docs.
    expect((await get(web.url, '/games')).body).toContain('<a href="/docs">docs</a>');
  });

  it('shows a doc with an anchor on every heading, and the links a mail cites lead to them', async () => {
    const r = await get(web.url, '/docs/ground');
    expect(r.status).toBe(200);
    expect(r.body).toContain('<title>Planes on the ground - Tallyho</title>');
    expect(r.body).toContain('<h2 id="landing">Landing <a class="anchor" href="#landing"');
    // A citation in the text leads to the doc and its section.
    expect(r.body).toContain(
      '<a href="/docs/orders#planes-on-the-ground">docs/orders.md &#34;Planes on the ground&#34;</a>',
    );
    expect(r.body).not.toMatch(/href="[^"]*\.md/);
    for (const ref of Object.values(DOC_REFS)) {
      const url = new URL(docUrl(web.url, ref));
      const page = await get(web.url, url.pathname);
      expect(page.status, url.pathname).toBe(200);
      if (url.hash) expect(page.body, url.href).toContain(`id="${url.hash.slice(1)}"`);
    }
  });

  it("renders every doc served, with the links between them made the archive's", async () => {
    for (const name of SERVED_DOCS) {
      const r = await get(web.url, `/docs/${name}`);
      expect(r.status, name).toBe(200);
      expect(r.body, name).toContain('<article class="doc">');
      expect(r.body, name).not.toMatch(/<script(?! src="\/static\/archive\.js")/);
    }
    const rules = await get(web.url, '/docs/players');
    expect(rules.body).toContain('<a href="/docs/rules">rules.md</a>');
    expect(rules.body).toContain('<a href="#what-you-need">What you need</a>');
    expect(rules.body).toContain('<img src="/docs/images/report-mail.png"');
  });

  it('describes the list and every doc in one line, the first paragraph as plain text', async () => {
    const meta = (body: string) => /<meta name="description" content="([^"\n]*)">/.exec(body)?.[1];
    expect(meta((await get(web.url, '/docs')).body)).toMatch(/^The Tallyho docs: /);
    for (const name of SERVED_DOCS) {
      const m = meta((await get(web.url, `/docs/${name}`)).body);
      expect(m, name).toBeTruthy();
      expect(m?.length, name).toBeLessThanOrEqual(160 + 20); // escaped quotes and apostrophes
      expect(m, name).not.toMatch(/[<>*`]|\]\(/);
    }
    expect(meta((await get(web.url, '/docs/players')).body)).toBe(
      'This guide is for the players of a Tallyho game. It assumes you know Air Force / Dauntless and the Delta-T twelve-impulse sequence, and nothing about this…',
    );
  });

  it('lets the pictures load late, with their size known, and kept a week by the browser', async () => {
    const players = (await get(web.url, '/docs/players')).body;
    const imgs = players.match(/<img [^>]*>/g) ?? [];
    expect(imgs.length).toBeGreaterThan(0);
    for (const img of imgs) expect(img).toMatch(/ width="\d+" height="\d+" loading="lazy" decoding="async">$/);
    expect(players).toMatch(/<img src="\/docs\/images\/plotter-phone.png" alt="[^"]*" width="390" height="844"/);
    const png = await fetch(`${web.url}/docs/images/turn-page.png`);
    expect(png.headers.get('cache-control')).toBe('public, max-age=604800');
    expect(png.headers.get('etag')).toBeTruthy();
  });

  it('serves the pictures, and nothing but the docs', async () => {
    const png = await fetch(`${web.url}/docs/images/phone.png`);
    expect(png.status).toBe(200);
    expect(png.headers.get('content-type')).toBe('image/png');
    const moved = await get(web.url, '/docs/rules.md');
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe('/docs/rules');
    for (const path of [
      '/docs/nope',
      '/docs/README',
      '/docs/images/nope.png',
      '/docs/images/..%2F..%2Fpackage.json',
      '/docs/..%2Fpackage.json',
      '/docs/images/x.svg',
    ]) {
      const r = await get(web.url, path);
      expect(r.status, path).toBe(404);
      expect(r.body, path).not.toContain('"name": "tallyho"');
    }
    const bad = await get(web.url, '/docs/%ZZ');
    expect(bad.status).toBe(400);
  });

  it("sends the pages with the archive's security headers", async () => {
    for (const path of ['/docs', '/docs/players']) {
      const { headers } = await get(web.url, path);
      expect(headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(headers.get('content-security-policy')).not.toMatch(/unsafe-inline/);
      expect(headers.get('x-content-type-options')).toBe('nosniff');
    }
  });
});

describe('the Markdown renderer', () => {
  const render = (md: string) => renderMarkdown(md, { served: new Set(['rules']) }).html;

  it('shows HTML written in a doc as text, and makes no link but to safe places', () => {
    const html = render(
      [
        '# Title <script>alert(1)</script>',
        '',
        'Text <img src=x onerror=alert(2)> and [a](javascript:alert(3)) and [a2](javascript:void) and [b](rules.md#the-map) and',
        '[c](secret.md) and [d](https://example.org/x) and ![e](../../etc/passwd) and `<b>`.',
        '',
        '| a | b |',
        '|---|---|',
        '| <i>x</i> | `y \\| z` |',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<img src=x|<i>|href="javascript:|etc\/passwd|secret\.md/);
    expect(html).toContain(' a2 and ');
    expect(html).toContain('&#60;script&#62;');
    expect(html).toContain('<a href="/docs/rules#the-map">b</a>');
    expect(html).toMatch(/\sc and /);
    expect(html).toContain('<a href="https://example.org/x">d</a>');
    expect(html).toContain('<code>&#60;b&#62;</code>');
    expect(html).toContain('<td><code>y | z</code></td>');
  });

  it('gives headings the anchors GitHub gives them, numbered when repeated', () => {
    const r = renderMarkdown(
      '# The impulse table (seed 000 XII)\n\n## Fixed guns: when and where (seed 000 VII; seed 001)\n\n## Notes\n\n## Notes\n',
      { served: new Set() },
    );
    expect(r.anchors).toEqual([
      'the-impulse-table-seed-000-xii',
      'fixed-guns-when-and-where-seed-000-vii-seed-001',
      'notes',
      'notes-1',
    ]);
    expect(r.title).toBe('The impulse table (seed 000 XII)');
  });

  it('nests lists and keeps code inside them', () => {
    const html = render('- one\n  - two\n\n    ```\n    <code>\n    ```\n- three\n\n1. first\n2. second\n');
    expect(html).toBe(
      '<ul>\n<li><p>one</p>\n<ul>\n<li><p>two</p>\n<pre><code>&#60;code&#62;</code></pre></li>\n</ul></li>\n<li><p>three</p></li>\n</ul>\n<ol>\n<li>first</li>\n<li>second</li>\n</ol>',
    );
  });
});
