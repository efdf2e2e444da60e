/**
 * vitest glue for the browser tests: headless Debian chromium (/usr/bin/chromium, installed by
 * .ci/run) driven by playwright-core. Where chromium is missing the suite is skipped with the reason
 * printed; in CI (any CI value but `false` or `0`, tests/support/ci.ts) it fails instead, so a
 * broken CI image cannot pass by skipping it.
 */
import { accessSync, constants } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ciSetting, inCI } from './ci.ts';

export const CHROMIUM = process.env.TALLYHO_CHROMIUM ?? '/usr/bin/chromium';

function chromiumAvailability(): { ok: true } | { ok: false; reason: string } {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return { ok: true };
  } catch {
    return { ok: false, reason: `${CHROMIUM} is not there (apt-get install chromium, as .ci/run does)` };
  }
}

export function describeWithChromium(name: string, fn: () => void): void {
  const availability = chromiumAvailability();
  if (availability.ok) {
    describe(name, fn);
    return;
  }
  const reason = `chromium unavailable: ${availability.reason}`;
  if (inCI()) {
    describe(name, () => {
      it('needs chromium', () => {
        throw new Error(`${reason} (${ciSetting()}, so this fails instead of skipping)`);
      });
    });
    return;
  }
  console.warn(`skipping "${name}": ${reason}`);
  describe.skip(name, fn);
}

/** Launches headless chromium before the suite's tests and closes it after them. */
export function useChromium(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    // --no-sandbox: CI runs as root, where chromium's sandbox refuses to start.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
  });
  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });
  return () => {
    if (!browser) throw new Error('chromium is not running (used outside a test?)');
    return browser;
  };
}
