/**
 * The golden cases and docs/orders.md cover the whole language: every error code, every manoeuvre,
 * every plain-word and symbol spelling.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  MANOEUVRE_ALIASES,
  MANOEUVRES,
  MODE_WORDS,
  ORDER_ERROR_CODES,
  SYMBOL_ALIASES,
} from '../../src/orders/index.ts';
import { goldenFiles, readGolden } from './golden.ts';

const cases = goldenFiles().flatMap((f) => readGolden(f).cases);
const docs = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'orders.md'), 'utf8');
const phrases = [...MANOEUVRE_ALIASES.map(([p]) => p), ...MODE_WORDS.map(([p]) => p)];

describe('golden cases', () => {
  it('raise every error code', () => {
    const raised = new Set(cases.flatMap((c) => c.errors.map((e) => e.split(' ')[1])));
    expect(ORDER_ERROR_CODES.filter((code) => !raised.has(code))).toEqual([]);
  });

  it('have a case for every manoeuvre', () => {
    const names = cases.filter((c) => c.file === 'manoeuvres.txt').map((c) => c.name);
    expect(MANOEUVRES.filter((m) => !names.some((n) => n.startsWith(`${m}:`)))).toEqual([]);
  });

  it('spell out every plain word and symbol', () => {
    const inputs = cases.filter((c) => c.file === 'aliases.txt').map((c) => c.input.toUpperCase());
    const missing = [...phrases, ...Object.keys(SYMBOL_ALIASES)].filter((p) => !inputs.some((i) => i.includes(p)));
    expect(missing).toEqual([]);
  });
});

describe('docs/orders.md', () => {
  it('lists every error code', () => {
    expect(ORDER_ERROR_CODES.filter((code) => !docs.includes(`\`${code}\``))).toEqual([]);
  });

  it('shows every manoeuvre and every plain word', () => {
    expect(MANOEUVRES.filter((m) => !docs.includes(`\`${m}\``))).toEqual([]);
    expect(phrases.filter((p) => !docs.includes(p))).toEqual([]);
  });
});
