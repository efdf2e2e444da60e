/**
 * Reading the data files a user can edit (data/aircraft, data/ships, data/ordnance): YAML with
 * every syntax error reported by line, and a directory of cards, one file per id, every problem of
 * every file reported in one error.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { parseDocument } from 'yaml';
import type { Problem, Result } from '../core/result.ts';
import { cliError } from './errors.ts';

/** A path as shown in messages: relative to the working directory when that is shorter. */
export function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith('..') && rel.length < path.length ? rel : path;
}

/** Reads a YAML file; syntax errors become problems with their line. */
export function readYaml(path: string, name: string): { data?: unknown; problems: string[] } {
  let textIn: string;
  try {
    textIn = readFileSync(path, 'utf8');
  } catch (e) {
    throw cliError('E_IO', `${name}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const doc = parseDocument(textIn, { prettyErrors: false });
  if (doc.errors.length) {
    return {
      problems: doc.errors.map(
        (e) => `${name}: line ${e.linePos?.[0].line ?? 0}: YAML syntax: ${e.message.split('\n')[0]}`,
      ),
    };
  }
  return { data: doc.toJS(), problems: [] };
}

/** What a card directory holds, for its messages and its error code. */
export interface CardDir<T> {
  /** "aircraft", "ships": the directory's name in messages. */
  what: string;
  /** "aircraft data", "ship data": the summary of the error. */
  data: string;
  code: 'E_AIRCRAFT_DATA' | 'E_SHIP_DATA';
  parse(data: unknown, file: string): Result<T, Problem[]>;
}

/**
 * Loads every card of a directory (*.yaml, *.yml), keyed by id; each file is named after its id.
 * Throws the directory's error code listing every problem of every file (file and field).
 */
export function loadCardDir<T extends { id: string }>(dir: string, kind: CardDir<T>): Map<string, T> {
  let names: string[];
  try {
    names = readdirSync(dir)
      .filter((n) => /\.ya?ml$/.test(n))
      .sort();
  } catch (e) {
    throw cliError(
      'E_IO',
      `${shown(dir)}: cannot read the ${kind.what} directory (${(e as NodeJS.ErrnoException).code ?? String(e)})`,
    );
  }
  const cards = new Map<string, T>();
  const problems: string[] = [];
  for (const n of names) {
    const path = join(dir, n);
    const name = shown(path);
    const read = readYaml(path, name);
    problems.push(...read.problems);
    if (read.problems.length) continue;
    const r = kind.parse(read.data, name);
    if (!r.ok) {
      problems.push(...r.error.map((p) => p.message));
      continue;
    }
    const stem = basename(n).replace(/\.ya?ml$/, '');
    if (r.value.id !== stem) problems.push(`${name}: id: expected ${stem} (the file is named after the id)`);
    else if (cards.has(r.value.id)) problems.push(`${name}: id: ${r.value.id} is already defined by another file`);
    else cards.set(r.value.id, r.value);
  }
  if (problems.length)
    throw cliError(
      kind.code,
      `${kind.data} in ${shown(dir)}: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`,
    );
  return cards;
}
