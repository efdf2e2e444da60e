/**
 * Result values used everywhere inside the pure core: no exceptions cross the core boundary for
 * expected failures (illegal orders, bad data). `code` is a stable machine string, `message` is for
 * players and GMs.
 */
export interface Problem {
  code: string;
  message: string;
  /** Optional location details: plane id, impulse box number (1-based), line/column in a text. */
  plane?: string;
  box?: number;
  line?: number;
  column?: number;
  rule?: string;
}

export type Result<T, E = Problem[]> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
