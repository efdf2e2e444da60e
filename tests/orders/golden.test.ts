/**
 * Golden cases of the order language: each case's input is parsed, and the canonical form and the
 * errors must match the file. `UPDATE_GOLDEN=1 npx vitest run tests/orders` rewrites the expected
 * sections from what the parser does now (review the diff before keeping it); the round trip of
 * every case is checked all the same, and each file must read back as written. UPDATE_GOLDEN is
 * refused in CI (tests/support/ci.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatOrders, parseOrders, type Envelope, type ParseOptions } from '../../src/orders/index.ts';
import { updatingGoldens } from '../support/ci.ts';
import { withoutLines } from './arbitraries.ts';
import { expandInput, goldenFiles, readGolden, writeGolden, type GoldenCase } from './golden.ts';

const update = updatingGoldens();
/** At least the files and cases there are today: an emptied folder or file fails. */
const MIN_FILES = 9;
const MIN_CASES = 209;
const UNREAD = '   <- not read';

/** A case's options: the JSON of ParseOptions, with `quickGames` (a list of game ids) for the `quick` predicate. */
function optionsOf(c: GoldenCase): ParseOptions {
  if (!c.options) return {};
  const { quickGames, ...rest } = JSON.parse(c.options) as ParseOptions & { quickGames?: string[] };
  return { ...rest, ...(quickGames ? { quick: (g: string) => quickGames.includes(g) } : {}) };
}

function run(c: GoldenCase): { canonical: string; errors: string[]; envelopes: Envelope[] } {
  const options = optionsOf(c);
  const r = parseOrders(expandInput(c.input), options);
  return {
    // The lines that could not be read are shown, marked, before the #END of their envelope.
    canonical: formatOrders(r.envelopes, { unread: UNREAD }).trimEnd(),
    errors: r.errors.map((e) => `${e.line}:${e.column} ${e.code} ${e.message}`),
    envelopes: r.envelopes,
  };
}

const files = goldenFiles();
const all = files.map((file) => ({ file, ...readGolden(file) }));

describe('the golden cases of the order language', () => {
  it(`are at least ${MIN_CASES}, in at least ${MIN_FILES} files`, () => {
    expect(files.length).toBeGreaterThanOrEqual(MIN_FILES);
    expect(all.reduce((n, f) => n + f.cases.length, 0)).toBeGreaterThanOrEqual(MIN_CASES);
  });
});

for (const { file, preamble, cases } of all) {
  describe(file, () => {
    for (const c of cases) {
      it(c.name, () => {
        const got = run(c);
        if (update) {
          c.canonical = got.canonical;
          c.errors = got.errors;
        } else {
          expect(got.canonical).toBe(c.canonical);
          expect(got.errors).toEqual(c.errors);
        }
        // The canonical form reads back to the same envelopes, without errors when every header
        // could be read (a header that could not be read is written with its gaps, and reported
        // again). Checked under UPDATE_GOLDEN too: what is written must read back.
        const read = formatOrders(got.envelopes).trimEnd();
        const again = parseOrders(read, optionsOf(c));
        if (got.envelopes.every((e) => e.game && e.player && e.secret)) expect(again.errors).toEqual([]);
        expect(withoutLines(again.envelopes)).toEqual(withoutLines(got.envelopes));
        expect(formatOrders(again.envelopes).trimEnd()).toBe(read);
        expect(
          got.canonical
            .split('\n')
            .filter((l) => !l.endsWith(UNREAD))
            .join('\n'),
        ).toBe(read);
      });
    }
    if (update) {
      it('is rewritten, and reads back as written', () => {
        writeGolden(file, preamble, cases);
        const back = readGolden(file);
        expect(back.preamble).toBe(preamble);
        expect(back.cases).toEqual(cases);
      });
    }
  });
}
