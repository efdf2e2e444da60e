/**
 * The ship catalogue on disk: data/ships/<id>.yaml, one card per ship class (docs/ships.md). Every
 * card is validated and its ratings checked against what its figures derive (core/units/ship-card.ts).
 */
import { readdirSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseShipCard } from '../../core/units/ship-card.ts';
import type { ShipCard } from '../../core/units/types.ts';
import { readYaml, shown } from '../aircraft/catalog.ts';
import { cliError } from '../errors.ts';

/** data/ships of this installation. */
export const DEFAULT_SHIPS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/ships');

/** Every card of a directory, keyed by id; an E_SHIP_DATA error lists every problem of every file. */
export function loadShipDir(dir: string = DEFAULT_SHIPS_DIR): Map<string, ShipCard> {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => /\.ya?ml$/.test(n)).sort();
  } catch (e) {
    throw cliError('E_IO', `${shown(dir)}: cannot read the ships directory (${(e as NodeJS.ErrnoException).code ?? String(e)})`);
  }
  const cards = new Map<string, ShipCard>();
  const problems: string[] = [];
  for (const n of names) {
    const name = shown(join(dir, n));
    const read = readYaml(join(dir, n), name);
    problems.push(...read.problems);
    if (read.problems.length) continue;
    const r = parseShipCard(read.data, name);
    if (!r.ok) { problems.push(...r.error.map((p) => p.message)); continue; }
    const stem = basename(n).replace(/\.ya?ml$/, '');
    if (r.value.id !== stem) problems.push(`${name}: id: expected ${stem} (the file is named after the id)`);
    else cards.set(r.value.id, r.value);
  }
  if (problems.length) throw cliError('E_SHIP_DATA', `ship data in ${shown(dir)}: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  return cards;
}
