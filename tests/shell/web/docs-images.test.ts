/**
 * The docs' pictures of a docs directory of its own (src/shell/web/docs.ts with
 * markdown-inline.ts and image-size.ts): what a page shows as a picture is what the archive serves,
 * a PNG or a JPEG with its size; an SVG is neither shown nor served.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docsRouter } from '../../../src/shell/web/docs.ts';
import { createPages } from '../../../src/shell/web/views.ts';

/** A JPEG's start: SOI, then a baseline start of frame (SOF0) with its height and width. */
function jpeg(width: number, height: number): Buffer {
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 3];
  return Buffer.from([0xff, 0xd8, ...sof, ...new Array<number>(15).fill(0), 0xff, 0xd9]);
}

describe('the pictures of the docs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tallyho-docs-'));
  let server: ReturnType<express.Express['listen']>;
  let base = '';

  beforeAll(async () => {
    mkdirSync(join(dir, 'images'));
    writeFileSync(join(dir, 'images', 'deck.jpg'), jpeg(640, 480));
    writeFileSync(
      join(dir, 'images', 'map.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    writeFileSync(
      join(dir, 'players.md'),
      '# Players\n\nThe deck: ![the carrier deck](images/deck.jpg)\n\nThe map: ![a map](images/map.svg)\n',
    );
    const app = express();
    app.use(docsRouter({ pages: createPages(), local: false, dir }));
    server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows a JPEG with its size and serves it; an SVG is text on the page and not served', async () => {
    const page = await (await fetch(`${base}/docs/players`)).text();
    expect(page).toMatch(/<img src="\/docs\/images\/deck.jpg" alt="the carrier deck" width="640" height="480"/);
    expect(page).not.toContain('<img src="/docs/images/map.svg"');
    expect(page).toContain('a map');
    const jpg = await fetch(`${base}/docs/images/deck.jpg`);
    expect(jpg.status).toBe(200);
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await jpg.arrayBuffer())).toEqual(jpeg(640, 480));
    const svg = await fetch(`${base}/docs/images/map.svg`);
    expect(svg.status).toBe(404);
    expect(await svg.text()).not.toContain('<script>');
  });
});
