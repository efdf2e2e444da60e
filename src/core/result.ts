/**
 * Result values used everywhere inside the pure core: no exceptions cross the core boundary for
 * expected failures (illegal orders, bad data). `code` is a stable machine string, `message` is for
 * players and GMs. `rule` cites the rule book (`seed 000 VIII`); `see` a place in the docs, as data
 * (core/doc-refs.ts): the app links it or leaves it out, so `message` never names a file.
 */
import type { DocRef } from './doc-refs.ts';

export interface Problem {
  code: string;
  message: string;
  /** Optional location details: plane id, impulse box number (1-based), line/column in a text. */
  plane?: string;
  box?: number;
  line?: number;
  column?: number;
  rule?: string;
  see?: DocRef;
}

export type Result<T, E = Problem[]> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });

/** Where a schema issue is: `planes[2].hex`. */
export const issuePath = (p: readonly PropertyKey[]): string =>
  p
    .map((k) => (typeof k === 'number' ? `[${k}]` : `.${String(k)}`))
    .join('')
    .replace(/^\./, '');

/** A data file's or scenario's schema issues as problems: `file: planes[2].hex: message`, each with `code`. */
export const schemaProblems = (
  code: string,
  file: string,
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Problem[] => issues.map((i) => ({ code, message: `${file}: ${issuePath(i.path) || '(top)'}: ${i.message}` }));
