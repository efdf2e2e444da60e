/**
 * Every HTML mail golden (tests/golden/mail) read in chromium on a phone (390 px) and on a desktop
 * (1280 px): nothing wider than the screen, and no fixed-width block (map, menu, log sheet) that
 * has to scroll sideways: its font is small enough for its 78 columns (templates/_pre.html.hbs).
 */
import { readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';
import { describeWithChromium, useChromium } from '../../support/describe-chromium.ts';

const DIR = resolve('tests/golden/mail');
const files = readdirSync(DIR)
  .filter((f) => f.endsWith('.html'))
  .sort();

describeWithChromium('the mail goldens in a browser', () => {
  const browser = useChromium();
  for (const width of [390, 1280]) {
    it(`fit ${width} px: the page, and every block of fixed-width text whole`, async () => {
      const page = await browser().newPage({ viewport: { width, height: 900 } });
      const wide: string[] = [];
      for (const f of files) {
        await page.goto(pathToFileURL(join(DIR, f)).href);
        const r = await page.evaluate(() => ({
          page: document.documentElement.scrollWidth,
          blocks: [...document.querySelectorAll('pre')].map((e) => e.scrollWidth - e.clientWidth).filter((x) => x > 1),
        }));
        if (r.page > width || r.blocks.length)
          wide.push(
            `${f}: page ${r.page} px, ${r.blocks.length} block(s) scrolling by up to ${Math.max(0, ...r.blocks)} px`,
          );
      }
      await page.close();
      expect(files.length).toBeGreaterThan(20);
      expect(wide).toEqual([]);
    });
  }
});
