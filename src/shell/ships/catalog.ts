/**
 * The ship catalogue on disk: data/ships/<id>.yaml, one card per ship class (docs/ships.md). Every
 * card is validated and its ratings checked against what its figures derive (core/units/ship-card.ts).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseShipCard } from '../../core/units/ship-card.ts';
import type { ShipCard } from '../../core/units/types.ts';
import { loadCardDir } from '../data-files.ts';

/** data/ships of this installation. */
export const DEFAULT_SHIPS_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/ships');

/** Every card of a directory, keyed by id (shell/data-files.ts); E_SHIP_DATA lists every problem of every file. */
export const loadShipDir = (dir: string = DEFAULT_SHIPS_DIR): Map<string, ShipCard> =>
  loadCardDir(dir, { what: 'ships', data: 'ship data', code: 'E_SHIP_DATA', parse: parseShipCard });
