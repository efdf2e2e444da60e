// Which code a command runs: the compiled JavaScript in dist/ (made by `npm run build`, which
// `npm ci` runs as the `prepare` script), or the TypeScript sources in src/ through tsx.
//
// dist/ is used only while it is current: the build writes dist/build-stamp.json with the size and
// modification time of every source file it compiled (src/**/*.ts and the two tsconfig files),
// and every start compares them with the files as they are now (about 150 stats, a millisecond or
// two). Any file added, removed or changed since the build, or no build at all, and the command
// runs the sources instead, saying so on standard error: an edit to src/ is never silently
// ignored, and `npm run build` makes the start fast again. docs/architecture.md ("Compiled code").
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const SRC = join(ROOT, 'src');
export const DIST = join(ROOT, 'dist');
export const STAMP = join(DIST, 'build-stamp.json');
/** Configuration files whose change changes the compiled code, relative to the package root. */
export const CONFIG_FILES = ['tsconfig.json', 'tsconfig.build.json'];

/** Size and modification time of every input of the build, keyed by path relative to the root. */
export function sourceStamp(root = ROOT) {
  const files = {};
  const src = join(root, 'src');
  for (const name of readdirSync(src, { recursive: true })) {
    if (!String(name).endsWith('.ts')) continue;
    const s = statSync(join(src, String(name)));
    files[`src/${String(name).split(sep).join('/')}`] = [s.size, Math.round(s.mtimeMs)];
  }
  for (const name of CONFIG_FILES) {
    try {
      const s = statSync(join(root, name));
      files[name] = [s.size, Math.round(s.mtimeMs)];
    } catch {
      // a missing configuration file is recorded as absent
    }
  }
  return files;
}

/**
 * Whether dist/ holds the compiled code of the sources as they are: null when it does, else why
 * not, in words for the warning.
 */
export function staleReason(root = ROOT) {
  let built;
  try {
    built = JSON.parse(readFileSync(join(root, 'dist', 'build-stamp.json'), 'utf8')).files;
  } catch {
    return 'there is no compiled code (dist/build-stamp.json is missing)';
  }
  const now = sourceStamp(root);
  for (const [file, [size, mtime]] of Object.entries(now)) {
    const b = built[file];
    if (!b) return `${file} is new since the last build`;
    if (b[0] !== size || b[1] !== mtime) return `${file} changed since the last build`;
  }
  for (const file of Object.keys(built)) if (!(file in now)) return `${file} was removed since the last build`;
  return null;
}

/**
 * Imports a module of the program by its path under src/ without extension ('shell/cli/main'):
 * the compiled one when dist/ is current, else the TypeScript source through tsx, with a warning.
 */
export async function importProgram(module, { warn = (t) => process.stderr.write(t) } = {}) {
  const why = staleReason();
  if (why === null) return import(pathToFileURL(join(DIST, `${module}.js`)).href);
  warn(`tallyho: ${why}: running the TypeScript sources (a slower start); \`npm run build\` compiles them.\n`);
  const { register } = await import('tsx/esm/api');
  register();
  return import(pathToFileURL(join(SRC, `${module}.ts`)).href);
}

/** The path of a file relative to the package root, for messages. */
export const fromRoot = (path) => relative(ROOT, path);
