/**
 * A golden file: `text` must equal the file at `path` (from the package root). UPDATE_GOLDEN=1, or a
 * file not there yet, writes it instead; review the diff.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect } from 'vitest';

export function expectGolden(path: string, text: string): void {
  if (process.env.UPDATE_GOLDEN === '1' || !existsSync(path)) writeFileSync(path, text);
  expect(text).toBe(readFileSync(path, 'utf8'));
}
