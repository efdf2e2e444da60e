/**
 * A reporter beside vitest's own (vitest.config.ts): at the end of a run, the twenty slowest tests
 * and the ten slowest files, with their times, so that CI's log shows where the suite's time goes
 * (docs/testing.md "How long the suite takes").
 */
import type { Reporter, TestModule } from 'vitest/node';

const TESTS = 20;
const FILES = 10;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1).padStart(6)} s`;

export default class SlowestReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const tests = modules.flatMap((m) =>
      [...m.children.allTests()].map((t) => ({
        ms: t.diagnostic()?.duration ?? 0,
        name: `${m.moduleId.replace(`${process.cwd()}/`, '')} > ${t.fullName}`,
      })),
    );
    const files = modules.map((m) => ({
      ms: m.diagnostic().duration,
      name: m.moduleId.replace(`${process.cwd()}/`, ''),
    }));
    if (!tests.length) return;
    const top = (rows: { ms: number; name: string }[], n: number): string[] =>
      [...rows]
        .sort((a, b) => b.ms - a.ms)
        .slice(0, n)
        .map((r) => `  ${seconds(r.ms)}  ${r.name}`);
    process.stdout.write(
      [
        '',
        `The ${Math.min(TESTS, tests.length)} slowest tests:`,
        ...top(tests, TESTS),
        `The ${Math.min(FILES, files.length)} slowest files:`,
        ...top(files, FILES),
        '',
      ].join('\n'),
    );
  }
}
