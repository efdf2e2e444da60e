/**
 * The test harness's own rules: a golden file never writes itself (tests/support/golden-file.ts),
 * UPDATE_GOLDEN is refused in CI and any CI value but `false` or `0` counts as CI
 * (tests/support/ci.ts).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import setup, { goldenUpdateRefusal, inCI, updatingGoldens } from '../support/ci.ts';
import { expectGolden, storedGolden } from '../support/golden-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'tallyho-golden-'));
const path = (name: string) => join(dir, name);
afterEach(() => vi.unstubAllEnvs());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a golden file', () => {
  it('that is not there fails its test, with the text it would hold in <path>.new and no golden written', () => {
    vi.stubEnv('UPDATE_GOLDEN', '');
    expect(() => expectGolden(path('missing.txt'), 'hello\n')).toThrow(
      /no golden file .*missing\.txt: what it would hold is in .*missing\.txt\.new/,
    );
    expect(existsSync(path('missing.txt'))).toBe(false);
    expect(readFileSync(path('missing.txt.new'), 'utf8')).toBe('hello\n');
    // The same for bytes (the PNG reference of tests/app/mail/picture.test.ts).
    expect(() => storedGolden(path('missing.png'), Buffer.from([1, 2, 3]))).toThrow(/no golden file/);
    expect([...readFileSync(path('missing.png.new'))]).toEqual([1, 2, 3]);
  });

  it('that differs fails, with the new text in <path>.new; once they agree the .new file is gone', () => {
    vi.stubEnv('UPDATE_GOLDEN', '');
    writeFileSync(path('kept.txt'), 'old\n');
    expect(() => expectGolden(path('kept.txt'), 'new\n')).toThrow(/golden .*kept\.txt differs/);
    expect(readFileSync(path('kept.txt'), 'utf8')).toBe('old\n');
    expect(readFileSync(path('kept.txt.new'), 'utf8')).toBe('new\n');
    expectGolden(path('kept.txt'), 'old\n');
    expect(existsSync(path('kept.txt.new'))).toBe(false);
  });

  it('is rewritten under UPDATE_GOLDEN outside CI', () => {
    vi.stubEnv('CI', '');
    vi.stubEnv('UPDATE_GOLDEN', '1');
    writeFileSync(path('update.txt'), 'old\n');
    expectGolden(path('update.txt'), 'new\n');
    expectGolden(path('created.txt'), 'first\n');
    expect(readFileSync(path('update.txt'), 'utf8')).toBe('new\n');
    expect(readFileSync(path('created.txt'), 'utf8')).toBe('first\n');
  });

  it('is never rewritten under UPDATE_GOLDEN in CI: the helper and the run refuse', () => {
    for (const ci of ['true', '1', 'yes']) {
      vi.stubEnv('CI', ci);
      vi.stubEnv('UPDATE_GOLDEN', '1');
      writeFileSync(path('ci.txt'), 'old\n');
      expect(() => expectGolden(path('ci.txt'), 'new\n')).toThrow(`UPDATE_GOLDEN=1 is refused in CI (CI=${ci})`);
      expect(() => updatingGoldens()).toThrow(/refused in CI/);
      expect(() => setup()).toThrow(/refused in CI/);
      expect(readFileSync(path('ci.txt'), 'utf8')).toBe('old\n');
    }
    vi.stubEnv('UPDATE_GOLDEN', '');
    expect(goldenUpdateRefusal()).toBeNull();
    expect(() => setup()).not.toThrow();
  });
});

describe('CI', () => {
  it('is any non-empty value but false and 0', () => {
    for (const v of ['true', '1', 'yes', 'TRUE', 'woodpecker']) expect(inCI({ CI: v }), v).toBe(true);
    for (const v of [undefined, '', '  ', 'false', 'FALSE', '0']) expect(inCI({ CI: v }), String(v)).toBe(false);
  });
});
