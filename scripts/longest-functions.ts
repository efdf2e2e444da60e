// Prints the longest functions of src/ (npm run longest-functions [-- --top N]) and, with --check,
// fails when one is over the limit (npm run lint runs it so). How a function is measured:
// scripts/function-lengths.ts; why 80: docs/architecture.md "Code style".
import { join } from 'node:path';
import { ROOT, functionLengths, sourceFiles } from './function-lengths.ts';

const LIMIT = 80;
const SRC = join(ROOT, 'src');

function main(): void {
  const args = process.argv.slice(2);
  const check = args.includes('--check');
  const topAt = args.indexOf('--top');
  const top = topAt >= 0 ? Number(args[topAt + 1]) : 20;
  const all = sourceFiles(SRC).flatMap((file) => functionLengths(file));
  all.sort((a, b) => b.lines - a.lines || a.file.localeCompare(b.file) || a.line - b.line);
  const over = all.filter((f) => f.lines > LIMIT);
  if (check) {
    for (const f of over)
      console.error(`${f.file}:${f.line}: ${f.name} has ${f.lines} lines of code (at most ${LIMIT})`);
    if (over.length > 0) {
      console.error(`longest-functions: ${over.length} function(s) over ${LIMIT} lines (npm run longest-functions)`);
      process.exit(1);
    }
    return;
  }
  console.log(
    `The ${Math.min(top, all.length)} longest of ${all.length} functions in src/ (limit ${LIMIT} lines of code):`,
  );
  for (const f of all.slice(0, top)) console.log(`${String(f.lines).padStart(4)}  ${f.file}:${f.line}  ${f.name}`);
}

main();
