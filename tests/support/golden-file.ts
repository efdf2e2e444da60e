/**
 * Golden files: what the code produces must equal a file kept in the repository (path from the
 * package root).
 *
 * - A golden that is not there fails its test: the content it would hold is written beside it as
 *   `<path>.new`, for review; rename it to `<path>` to keep it.
 * - A golden that differs fails too, with the new content in `<path>.new` (removed again once the
 *   two agree). `*.new` files are ignored by git.
 * - UPDATE_GOLDEN=1 rewrites the goldens instead (review the diff before committing); refused in
 *   CI (tests/support/ci.ts), where it would pass whatever the code does.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';
import { updatingGoldens } from './ci.ts';

export const newFileOf = (path: string): string => `${path}.new`;

/**
 * The stored golden at `path` for `content`: under UPDATE_GOLDEN, `content` written there first.
 * A golden not there throws, after writing `content` to `<path>.new`.
 */
export function storedGolden(path: string, content: string | Uint8Array): Buffer {
  if (updatingGoldens()) {
    writeFileSync(path, content);
    rmSync(newFileOf(path), { force: true });
  } else if (!existsSync(path)) {
    writeFileSync(newFileOf(path), content);
    throw new Error(
      `no golden file ${path}: what it would hold is in ${newFileOf(path)}; review it and rename it to ${path} to keep it`,
    );
  }
  return readFileSync(path);
}

/** Records the outcome of a comparison: `<path>.new` holds `content` while it differs, and is removed once it agrees. */
export function noteGoldenOutcome(path: string, content: string | Uint8Array, same: boolean): void {
  if (same) rmSync(newFileOf(path), { force: true });
  else writeFileSync(newFileOf(path), content);
}

/** `text` must equal the golden file at `path`. */
export function expectGolden(path: string, text: string): void {
  const want = storedGolden(path, text).toString('utf8');
  noteGoldenOutcome(path, text, text === want);
  expect(text, `golden ${path} differs; the new text is in ${newFileOf(path)}`).toBe(want);
}
