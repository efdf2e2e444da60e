/**
 * The ordnance tables on disk: data/ordnance/bombing.yaml and torpedoes.yaml (docs/ordnance.md)
 * data/flak/guns.yaml (docs/flak.md) and data/spotting.yaml (docs/spotting.md), validated and refitted to their anchors (core/ordnance/,
 * core/flak/).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BombingTable, parseBombingTable } from '../../core/ordnance/bombing-table.ts';
import { parseTorpedoTable, type TorpedoTable } from '../../core/ordnance/torpedo-table.ts';
import { type FlakTable, parseFlakTable } from '../../core/flak/table.ts';
import { parseSpottingTable, type SpottingTable } from '../../core/spotting/table.ts';
import { parseRocketTable, type RocketTable } from '../../core/ordnance/rocket-table.ts';
import { readYaml, shown } from '../data-files.ts';
import { cliError } from '../errors.ts';
import type { Problem, Result } from '../../core/result.ts';

export const DEFAULT_TORPEDO_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../data/ordnance/torpedoes.yaml',
);
export const DEFAULT_FLAK_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/flak/guns.yaml');
export const DEFAULT_SPOTTING_FILE = resolve(dirname(fileURLToPath(import.meta.url)), '../../../data/spotting.yaml');
export const DEFAULT_ROCKET_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../data/ordnance/rockets.yaml',
);
export const DEFAULT_BOMBING_FILE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../data/ordnance/bombing.yaml',
);

/** Reads and checks one ordnance file; every problem in one E_ORDNANCE_DATA error. */
function loadTable<T>(path: string, parse: (data: unknown, file: string) => Result<T, Problem[]>): T {
  const name = shown(path);
  const read = readYaml(path, name);
  const problems = [...read.problems];
  const r = problems.length ? undefined : parse(read.data, name);
  if (r && !r.ok) problems.push(...r.error.map((p) => p.message));
  if (!r || !r.ok)
    throw cliError(
      'E_ORDNANCE_DATA',
      `ordnance data (${name}): ${problems.length} problem(s)\n  ${problems.join('\n  ')}`,
    );
  return r.value;
}

export const loadBombingTable = (path: string = DEFAULT_BOMBING_FILE): BombingTable =>
  loadTable(path, parseBombingTable);

export const loadTorpedoTable = (path: string = DEFAULT_TORPEDO_FILE): TorpedoTable =>
  loadTable(path, parseTorpedoTable);

export const loadFlakTable = (path: string = DEFAULT_FLAK_FILE): FlakTable => loadTable(path, parseFlakTable);

export const loadSpottingTable = (path: string = DEFAULT_SPOTTING_FILE): SpottingTable =>
  loadTable(path, parseSpottingTable);

export const loadRocketTable = (path: string = DEFAULT_ROCKET_FILE): RocketTable => loadTable(path, parseRocketTable);

/** Every table a new game copies in (core/scenario.ts createGame). */
export const loadOrdnance = (): {
  bombing: BombingTable;
  torpedoes: TorpedoTable;
  flak: FlakTable;
  spotting: SpottingTable;
  rockets: RocketTable;
} => ({
  bombing: loadBombingTable(),
  torpedoes: loadTorpedoTable(),
  flak: loadFlakTable(),
  spotting: loadSpottingTable(),
  rockets: loadRocketTable(),
});
