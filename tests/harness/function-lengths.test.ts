/** How scripts/longest-functions.ts measures a function (scripts/function-lengths.ts): its own lines of code. */
import { describe, expect, it } from 'vitest';
import { functionLengths } from '../../scripts/function-lengths.ts';

const lines = (n: number, text: string): string => Array.from({ length: n }, () => text).join('\n');

describe('function lengths', () => {
  it('counts the lines of code, not the blank lines or the comments', () => {
    const text = `export function f(): number {\n  let a = 0;\n\n  // a comment\n  /* another\n   * line */\n${lines(3, '  a++;')}\n  return a;\n}\n`;
    expect(functionLengths('x.ts', text).map((f) => [f.name, f.lines])).toEqual([['f', 7]]);
  });

  it('counts a function inside another for itself', () => {
    const text = `function outer() {\n  const inner = () => {\n${lines(90, '    g();')}\n  };\n  return inner;\n}\n`;
    const found = functionLengths('x.ts', text);
    expect(found.map((f) => [f.name, f.lines])).toEqual([
      ['outer', 4],
      ['inner', 91],
    ]);
  });

  it('names methods and callbacks', () => {
    const text = `class A {\n  run() {\n    return [1].map((x) => x + 1);\n  }\n}\n`;
    expect(functionLengths('x.ts', text).map((f) => f.name)).toEqual(['run', 'callback of [1].map']);
  });
});
