/**
 * vitest glue for suites that need the real mail stack. Where the stack cannot run (no Dovecot or
 * Postfix, not root) such suites are skipped with the reason printed; in CI (any CI value but
 * `false` or `0`, tests/support/ci.ts) they fail instead, so a broken CI image cannot pass by
 * skipping them.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { ciSetting, inCI } from './ci.ts';
import { mailStackAvailability, startMailStack, type MailStack, type MailStackOptions } from './mailstack.ts';

export function describeWithMailStack(name: string, fn: () => void): void {
  const availability = mailStackAvailability();
  if (availability.ok) {
    describe(name, fn);
    return;
  }
  const reason = `mail stack unavailable: ${availability.reason}`;
  if (inCI()) {
    describe(name, () => {
      it('needs the mail stack', () => {
        throw new Error(`${reason} (${ciSetting()}, so this fails instead of skipping)`);
      });
    });
    return;
  }
  console.warn(`skipping "${name}": ${reason}`);
  describe.skip(name, fn);
}

/**
 * Starts a stack before the suite's tests and stops it after them. Call inside a describe body;
 * the returned function gives the running stack.
 */
export function useMailStack(opts: MailStackOptions | (() => MailStackOptions)): () => MailStack {
  let stack: MailStack | undefined;
  beforeAll(async () => {
    stack = await startMailStack(typeof opts === 'function' ? opts() : opts);
  });
  afterAll(async () => {
    await stack?.stop();
    stack = undefined;
  });
  return () => {
    if (!stack) throw new Error('the mail stack is not running (used outside a test?)');
    return stack;
  };
}
