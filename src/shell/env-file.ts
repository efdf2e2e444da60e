/**
 * Reading a .env file: `KEY=value` lines, `#` comments, optional `export `, values in single quotes
 * (taken as written) or double quotes (with \n, \t, \" and \\ escapes); an unquoted value ends at
 * ` #`. Errors name the file and line.
 */
import { readFileSync } from 'node:fs';
import { TallyhoError } from './errors.ts';

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/;

function unquote(raw: string, where: string): string {
  const q = raw[0];
  if (q === "'" || q === '"') {
    const end = raw.lastIndexOf(q);
    if (end === 0) throw new TallyhoError('E_CONFIG', `${where}: the value's closing ${q} is missing`);
    const rest = raw.slice(end + 1).trim();
    if (rest && !rest.startsWith('#'))
      throw new TallyhoError('E_CONFIG', `${where}: text after the quoted value: ${rest}`);
    const body = raw.slice(1, end);
    if (q === "'") return body;
    return body.replace(/\\([nt"\\])/g, (_, c: string) => ({ n: '\n', t: '\t', '"': '"', '\\': '\\' })[c] as string);
  }
  const hash = raw.search(/\s#/);
  return (hash >= 0 ? raw.slice(0, hash) : raw).trim();
}

export function parseEnvText(text: string, name = '.env'): Record<string, string> {
  const out: Record<string, string> = {};
  text.split(/\r?\n/).forEach((line, i) => {
    if (!line.trim() || line.trim().startsWith('#')) return;
    const m = LINE.exec(line);
    const where = `${name}:${i + 1}`;
    if (!m) throw new TallyhoError('E_CONFIG', `${where}: expected KEY=value, found: ${line.trim().slice(0, 60)}`);
    out[m[1] as string] = unquote(m[2] as string, `${where} (${m[1]})`);
  });
  return out;
}

/** The variables of a .env file; an absent file gives none. */
export function readEnvFile(path: string): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new TallyhoError('E_CONFIG', `cannot read ${path}: ${(e as Error).message}`);
  }
  return parseEnvText(text, path);
}
