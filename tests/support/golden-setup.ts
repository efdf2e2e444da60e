/**
 * Vitest's first global setup: UPDATE_GOLDEN in CI (tests/support/ci.ts) stops the run before any
 * test, since rewriting the golden files there would pass whatever the code does. Each golden
 * suite refuses it as well (tests/support/golden-file.ts), for a run that skips this setup.
 */
import { goldenUpdateRefusal } from './ci.ts';

export default function setup(): void {
  const refused = goldenUpdateRefusal();
  if (refused) throw new Error(refused);
}
