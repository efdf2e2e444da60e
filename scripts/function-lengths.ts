// The length of each function of a source file, as scripts/longest-functions.ts prints and checks
// them. A function's length is its own lines
// of code: a line that is blank or only a comment does not count, and a line belongs to the
// innermost function that holds its first character, so a function written inside another (a
// callback, a method of a returned object) counts for itself and not for the one around it.
// docs/architecture.md "Code style" says why 80.
import ts from 'typescript';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

export const ROOT = join(import.meta.dirname, '..');

export interface FunctionLength {
  file: string;
  line: number;
  name: string;
  lines: number;
}

export function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(ts|js)$/.test(entry) && !entry.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function functionName(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) {
    return parent.name.getText(source);
  }
  if (ts.isCallExpression(parent)) return `callback of ${parent.expression.getText(source).slice(0, 40)}`;
  return 'anonymous function';
}

function isCodeLine(text: string): boolean {
  const t = text.trim();
  return t !== '' && !t.startsWith('//') && !t.startsWith('/*') && !t.startsWith('*');
}

/** The length of every function of one file, in the order they start. */
export function functionLengths(path: string, text = readFileSync(path, 'utf8')): FunctionLength[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const owner: (number | undefined)[] = new Array(lines.length);
  const found: { node: ts.SignatureDeclaration; firstLine: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const index = found.push({ node, firstLine: first }) - 1;
      // A line is the function's when its first character is inside it; the first line is the
      // function's only when the function starts the line.
      for (let line = first; line <= last; line++) {
        const text = lines[line] ?? '';
        const indent = text.length - text.trimStart().length;
        const lineStart = source.getPositionOfLineAndCharacter(line, 0) + indent;
        if (lineStart >= node.getStart(source) && lineStart < node.getEnd()) owner[line] = index;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const counts = found.map(() => 0);
  lines.forEach((line, i) => {
    const o = owner[i];
    if (o !== undefined && isCodeLine(line)) counts[o] = (counts[o] ?? 0) + 1;
  });
  return found.map(({ node, firstLine }, i) => ({
    file: relative(ROOT, path),
    line: firstLine + 1,
    name: functionName(node, source),
    lines: counts[i] ?? 0,
  }));
}
