/**
 * The two switches of the test run, read from the environment given or this process's:
 *
 * - CI: set for any non-empty value but `false` and `0` (CI=true, CI=1, CI=yes all count). In CI a
 *   suite needing the mail stack or chromium fails instead of being skipped, and UPDATE_GOLDEN is
 *   refused.
 * - UPDATE_GOLDEN, by the same rule: the golden files are rewritten from what the code does now
 *   (tests/support/golden-file.ts, tests/orders/golden.test.ts, tests/app/mail/picture.test.ts), for a
 *   person to review the diff. Never in CI, where it would pass whatever the code does.
 *
 * The default export is vitest's first global setup (vitest.config.ts): UPDATE_GOLDEN in CI stops
 * the run before any test. Each golden suite refuses it as well (`updatingGoldens`), for a run
 * that skips the setup.
 */
const truthy = (value: string | undefined): boolean => {
  const v = (value ?? '').trim().toLowerCase();
  return v !== '' && v !== 'false' && v !== '0';
};

export function inCI(env: NodeJS.ProcessEnv = process.env): boolean {
  return truthy(env.CI);
}

/** How a failure names the CI value it saw, e.g. `CI=1`. */
export const ciSetting = (env: NodeJS.ProcessEnv = process.env): string => `CI=${env.CI ?? ''}`;

/** Why UPDATE_GOLDEN is refused here, or null when it is not set or allowed. */
export function goldenUpdateRefusal(env: NodeJS.ProcessEnv = process.env): string | null {
  if (!truthy(env.UPDATE_GOLDEN) || !inCI(env)) return null;
  return (
    `UPDATE_GOLDEN=${env.UPDATE_GOLDEN} is refused in CI (${ciSetting(env)}): rewriting the golden files would pass ` +
    'whatever the code does; run it locally and commit the reviewed files'
  );
}

/** Whether the golden files are to be rewritten; throws when UPDATE_GOLDEN is set in CI. */
export function updatingGoldens(env: NodeJS.ProcessEnv = process.env): boolean {
  const refused = goldenUpdateRefusal(env);
  if (refused) throw new Error(refused);
  return truthy(env.UPDATE_GOLDEN);
}

/** Vitest's global setup: refuses UPDATE_GOLDEN in CI before any test runs. */
export default function refuseGoldenUpdateInCI(): void {
  const refused = goldenUpdateRefusal();
  if (refused) throw new Error(refused);
}
