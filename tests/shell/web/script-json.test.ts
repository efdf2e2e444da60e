/**
 * The plotter's page data (shell/web/plotter.ts scriptJson): JSON inside a <script> block, where
 * nothing a player or game master wrote (a game's name, an envelope) can close the block or start
 * markup, and that parses back to what was written.
 */
import { describe, expect, it } from 'vitest';
import { scriptJson } from '../../../src/shell/web/plotter.ts';

describe('scriptJson', () => {
  it('writes < > & and the JavaScript line separators as escapes, and parses back to the same value', () => {
    const value = { name: '</script><script>alert(1)</script> & <!-- \u2028\u2029', ways: [['1 1 TR', '0812', 3]] };
    const text = scriptJson(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
