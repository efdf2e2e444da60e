/** The configuration's refusals: the problems configFrom names for `env` (it must refuse it). */
import { expect } from 'vitest';
import { configFrom } from '../../src/shell/config.ts';
import { TallyhoError } from '../../src/shell/errors.ts';

export function configProblems(env: Record<string, string>): string[] {
  try {
    configFrom(env);
  } catch (e) {
    expect(e).toBeInstanceOf(TallyhoError);
    expect((e as TallyhoError).code).toBe('E_CONFIG');
    return (e as TallyhoError).details;
  }
  throw new Error('expected the configuration to be refused');
}
