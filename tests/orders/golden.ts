/**
 * Reader and writer of the golden case files in tests/golden/orders/ (format described in
 * tests/golden/orders/README.md).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const GOLDEN_DIR = join(import.meta.dirname, '..', 'golden', 'orders');

export interface GoldenCase {
  file: string;
  name: string;
  /** The input as written in the file (escapes not expanded). */
  input: string;
  options?: string;
  canonical: string;
  errors: string[];
}

type Section = 'input' | 'options' | 'canonical' | 'errors';

export function goldenFiles(): string[] {
  return readdirSync(GOLDEN_DIR)
    .filter((f) => f.endsWith('.txt'))
    .sort();
}

function trimBlankEnd(lines: string[]): string[] {
  let n = lines.length;
  while (n > 0 && lines[n - 1]!.trim() === '') n--;
  return lines.slice(0, n);
}

/** Cases of one file, plus the free text before the first case. */
export function readGolden(file: string): { preamble: string; cases: GoldenCase[] } {
  const lines = readFileSync(join(GOLDEN_DIR, file), 'utf8').split('\n');
  const cases: GoldenCase[] = [];
  const preamble: string[] = [];
  let current: { name: string; parts: Partial<Record<Section, string[]>> } | undefined;
  let section: Section | undefined;
  const flush = () => {
    if (!current) return;
    const get = (s: Section) => trimBlankEnd(current!.parts[s] ?? []);
    const c: GoldenCase = {
      file,
      name: current.name,
      input: get('input').join('\n'),
      canonical: get('canonical').join('\n'),
      errors: get('errors').filter((l) => l.trim() !== ''),
    };
    if (current.parts.options) c.options = get('options').join('\n');
    cases.push(c);
  };
  for (const line of lines) {
    const caseHead = /^=== (.+)$/.exec(line);
    const sectionHead = /^--- (input|options|canonical|errors)$/.exec(line);
    if (caseHead) {
      flush();
      current = { name: caseHead[1]!, parts: {} };
      section = undefined;
    } else if (sectionHead && current) {
      section = sectionHead[1] as Section;
      current.parts[section] = [];
    } else if (current && section) {
      current.parts[section]!.push(line);
    } else if (!current) {
      preamble.push(line);
    }
  }
  flush();
  return { preamble: trimBlankEnd(preamble).join('\n'), cases };
}

export function writeGolden(file: string, preamble: string, cases: GoldenCase[]): void {
  const out: string[] = preamble ? [preamble, ''] : [];
  for (const c of cases) {
    out.push(`=== ${c.name}`, '--- input', c.input);
    if (c.options !== undefined) out.push('--- options', c.options);
    out.push('--- canonical');
    if (c.canonical) out.push(c.canonical);
    out.push('--- errors', ...c.errors, '');
  }
  writeFileSync(join(GOLDEN_DIR, file), out.join('\n'));
}

/** Expands `{REPEAT n}...{/REPEAT}` blocks, then `{U+XXXX}` characters. */
export function expandInput(input: string): string {
  return input
    .replace(/\{REPEAT (\d+)\}([\s\S]*?)\{\/REPEAT\}/g, (_, n: string, body: string) => body.repeat(Number(n)))
    .replace(/\{U\+([0-9A-Fa-f]{4,6})\}/g, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)));
}
