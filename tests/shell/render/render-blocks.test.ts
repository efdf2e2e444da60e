/**
 * The HTML part's reading of a block of mail text (src/shell/render/blocks.ts): prose as
 * paragraphs and lists a phone wraps, columns kept fixed-width.
 */
import { describe, expect, it } from 'vitest';
import { columnsOf, preOpen, textBlocks } from '../../../src/shell/render/blocks.ts';

const pre = (t: string): string => `${preOpen(columnsOf(t))}${t}</pre>`;

describe('a mail text block in HTML', () => {
  it('makes prose a paragraph, its lines joined, and keeps a table fixed-width', () => {
    const html = textBlocks(
      'Pick a plan: write R1 PLAN C in your orders in place of the\nplane&#x27;s plot.\n\nR1 at 1311:\n   plot   ends\n A 1 1    1608\n\nends: the hex it ends in.\n',
    );
    expect(html).toBe(
      `<p>Pick a plan: write R1 PLAN C in your orders in place of the plane&#x27;s plot.</p>\n${pre('R1 at 1311:\n   plot   ends\n A 1 1    1608')}\n<p>ends: the hex it ends in.</p>`,
    );
  });

  it('makes a list of hanging items a list', () => {
    expect(textBlocks('- line 2: TX is not a manoeuvre; the manoeuvres\n  are S 1 TL TR\n- R1 has no plot')).toBe(
      '<ul><li>line 2: TX is not a manoeuvre; the manoeuvres are S 1 TL TR</li><li>R1 has no plot</li></ul>',
    );
  });

  it('keeps an envelope, a quoted envelope, indented and ruled lines fixed-width', () => {
    for (const t of [
      '#TALLYHO duel red &quot;T2-x&quot;\nTURN 2\nR1: 1 1 1 1 1\n#END',
      '| #TALLYHO duel red\n| R1: 1 1',
      '    FIRE R1 FIXED AT B1',
      'R1 (Test Fighter, Red)\n  hex 1311, facing 1',
      'SPEEDS BY ALTITUDE\n------------------',
      '- a list  with columns',
    ]) {
      expect(textBlocks(t)).toBe(pre(t));
    }
  });

  it('makes wrapped lines with a hanging indent paragraphs (a WARNING), but not a short line over indented ones (a log sheet)', () => {
    const warning =
      'WARNING: R1 leaves the map in impulse 8 and is out of the game. Change the\n    plot if that is not what you want.';
    expect(textBlocks(warning)).toBe(
      '<p>WARNING: R1 leaves the map in impulse 8 and is out of the game. Change the plot if that is not what you want.</p>',
    );
    const sheet = 'R1 (Test Fighter, Red)\n  hex 1311, facing 1 (NNE), 9,700 ft';
    expect(textBlocks(sheet)).toBe(pre(sheet));
  });

  it('keeps fixed-width paragraphs in a row in one block, blank line between, and a heading line its own line', () => {
    expect(textBlocks('  seed:\n    ab\n\n  digest:\n    cd')).toBe(pre('  seed:\n    ab\n\n  digest:\n    cd'));
    expect(textBlocks('TEST FIGHTER (tf)\nTest, single-engine fighter.')).toBe(
      '<p>TEST FIGHTER (tf)<br>Test, single-engine fighter.</p>',
    );
  });

  it("sizes a block's font for its own widest line, an entity one column: a 78-column map 2vw, a short envelope the usual 13px", () => {
    expect(columnsOf('&quot;ab&quot;\nx')).toBe(4);
    expect(preOpen(78)).toContain('font-size: clamp(7.5px, 2.00vw, 13px)');
    expect(preOpen(12)).toContain('font-size: clamp(7.5px, 3.91vw, 13px)');
  });
});
