/**
 * The bombing table on disk: data/ordnance/bombing.yaml (docs/ordnance.md), validated and its dive
 * spreads refitted to its anchors (core/ordnance/bombing-table.ts).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BombingTable, parseBombingTable } from '../../core/ordnance/bombing-table.ts';
import { parseTorpedoTable, type TorpedoTable } from '../../core/ordnance/torpedo-table.ts';
import { readYaml, shown } from '../aircraft/catalog.ts';
import { cliError } from '../errors.ts';

export const DEFAULT_TORPEDO_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/ordnance/torpedoes.yaml');
export const DEFAULT_BOMBING_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/ordnance/bombing.yaml');

export function loadBombingTable(path: string = DEFAULT_BOMBING_FILE): BombingTable {
  const name = shown(path);
  const read = readYaml(path, name);
  if (read.problems.length) throw cliError('E_ORDNANCE_DATA', `ordnance data: ${read.problems.length} problem(s)\n  ${read.problems.join('\n  ')}`);
  const r = parseBombingTable(read.data, name);
  if (!r.ok) throw cliError('E_ORDNANCE_DATA', `ordnance data: ${r.error.length} problem(s)\n  ${r.error.map((p) => p.message).join('\n  ')}`);
  return r.value;
}

export function loadTorpedoTable(path: string = DEFAULT_TORPEDO_FILE): TorpedoTable {
  const name = shown(path);
  const read = readYaml(path, name);
  if (read.problems.length) throw cliError('E_ORDNANCE_DATA', `ordnance data: ${read.problems.length} problem(s)\n  ${read.problems.join('\n  ')}`);
  const r = parseTorpedoTable(read.data, name);
  if (!r.ok) throw cliError('E_ORDNANCE_DATA', `ordnance data: ${r.error.length} problem(s)\n  ${r.error.map((p) => p.message).join('\n  ')}`);
  return r.value;
}
